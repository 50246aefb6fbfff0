/**
 * Rates soil test values against a soil-health-card table (knowledge/soilRatings.json) and scores
 * the soil out of 100. Rating classes differ by state, so the table is chosen per state; Maharashtra's
 * six-class card is the default. Organic matter is converted to organic carbon (OC = OM / 1.724,
 * the van Bemmelen factor) because cards rate organic carbon.
 */
import ratings from './knowledge/soilRatings.json';

export type Band = [number | null, string];
export type RatingTable = { name: string; source: string; nitrogen: Band[]; phosphorus: Band[]; potassium: Band[]; organicCarbon: Band[] };

export const RATING_TABLES = ratings.tables as unknown as Record<string, RatingTable>;
export const DEFAULT_STATE: string = ratings.defaultState;
const PH_BANDS = ratings.ph as unknown as Band[];
const SCORES = ratings.scores as Record<string, number>;
const WEIGHTS = ratings.weights;

export const VAN_BEMMELEN = 1.724;

export type SoilInput = { ph: number; nitrogen: number; phosphorus: number; potassium: number; organicMatter?: number | null };
export type Rated = { value: number; status: string; score: number };
export type SoilRating = {
  table: { state: string; name: string; source: string };
  ph: Rated;
  nitrogen: Rated;
  phosphorus: Rated;
  potassium: Rated;
  organicMatter?: Rated & { organicCarbon: number };
  overallScore: number;
  overallHealth: 'good' | 'moderate' | 'poor';
};

/** Upper bounds are exclusive: a value equal to a bound belongs to the next class. */
export function classify(value: number, bands: Band[]): string {
  return bands.find(([upper]) => upper === null || value < upper)![1];
}

const rate = (value: number, bands: Band[]): Rated => {
  const status = classify(value, bands);
  return { value, status, score: SCORES[status] };
};

export const tableFor = (state?: string | null) => {
  const key = state?.trim().toLowerCase();
  return key && RATING_TABLES[key] ? key : DEFAULT_STATE;
};

/** Score colours in the UI: ≥ 80 green (good), 60–79 yellow (moderate), < 60 red (poor). */
export const healthOf = (score: number) => (score >= 80 ? 'good' : score >= 60 ? 'moderate' : 'poor');

export function rateSoil(input: SoilInput, state?: string | null): SoilRating {
  const key = tableFor(state);
  const table = RATING_TABLES[key];
  const ph = rate(input.ph, PH_BANDS);
  const nitrogen = rate(input.nitrogen, table.nitrogen);
  const phosphorus = rate(input.phosphorus, table.phosphorus);
  const potassium = rate(input.potassium, table.potassium);
  const om = input.organicMatter;
  const organicMatter =
    om === null || om === undefined
      ? undefined
      : { ...rate(om / VAN_BEMMELEN, table.organicCarbon), value: om, organicCarbon: Math.round((om / VAN_BEMMELEN) * 100) / 100 };
  const parts: [number, number][] = [
    [ph.score, WEIGHTS.ph],
    [nitrogen.score, WEIGHTS.nitrogen],
    [phosphorus.score, WEIGHTS.phosphorus],
    [potassium.score, WEIGHTS.potassium],
  ];
  if (organicMatter) parts.push([organicMatter.score, WEIGHTS.organicCarbon]);
  const overallScore = Math.round(parts.reduce((s, [v, w]) => s + v * w, 0) / parts.reduce((s, [, w]) => s + w, 0));
  return {
    table: { state: key, name: table.name, source: table.source },
    ph, nitrogen, phosphorus, potassium, organicMatter,
    overallScore,
    overallHealth: healthOf(overallScore),
  };
}

/** Whether a status means the nutrient is short. */
export const isShort = (status: string) => status === 'veryLow' || status === 'low';
