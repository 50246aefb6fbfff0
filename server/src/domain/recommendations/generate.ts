/**
 * Rule-based crop recommendations for one field (no language model): the land report's crop ranking
 * (domain/land/cropSuitability, soil rating and region from domain/land) limited to crops of the
 * current season, then adjusted for the field's recent soil moisture. Each recommendation carries its
 * risk factors and action items, written in the reader's language, and indicative yield and price
 * from knowledge/economics.json.
 */
import economics from './knowledge/economics.json';
import type { Lang } from '../language';
import { formatDay } from '../format';
import { CROPS, recommendCrops } from '../land/cropSuitability';
import { locate } from '../land/regions';
import { isShort, rateSoil } from '../land/soilRating';
import { plantingDate, seasonOf, type Season } from './season';

export const METHOD = 'rule-based' as const;
export const ECONOMICS_SOURCE: string = economics.source;
const ECONOMICS = economics.crops as Record<string, { yieldPerAcre: number; pricePerQuintal: number }>;

export type FieldFacts = {
  ph: number;
  nitrogen: number;
  phosphorus: number;
  potassium: number;
  organicMatter?: number | null;
  district?: string | null;
  state?: string | null;
  lat?: number | null;
  lng?: number | null;
  /** Field area in acres, when known. */
  acres?: number | null;
  /** Average soil moisture (%) over the recent readings, when there are any. */
  moisture?: number | null;
};

export type Severity = 'low' | 'medium' | 'high' | 'critical';
export type GeneratedRecommendation = {
  cropId: string;
  cropName: string;
  season: Season;
  confidence: number;
  expectedYield: number;
  yieldUnit: 'quintal';
  plantingDate: string;
  currentPrice: number;
  riskFactors: { factor: string; severity: Severity }[];
  recommendations: { description: string; timeline: string; priority: Severity; cost: number }[];
};

/** Below this average moisture (%) a water-hungry crop needs assured irrigation before sowing. */
const DRY_SOIL_BELOW = 25;
const MIN_CONFIDENCE = 40;
const HOW_MANY = 3;

type Words = {
  phOff: (v: number, lo: number, hi: number) => string;
  short: (n: string) => string;
  dry: (m: number) => string;
  notRegion: string;
  costly: string;
  fertilise: (n: string) => string;
  lime: string;
  gypsum: string;
  irrigate: string;
  seedbed: string;
  sow: (d: string) => string;
  beforeSowing: string;
  atSowing: string;
  now: string;
};

const NUTRIENT_NAME: Record<Lang, Record<'nitrogen' | 'phosphorus' | 'potassium', string>> = {
  english: { nitrogen: 'nitrogen', phosphorus: 'phosphorus', potassium: 'potassium' },
  marathi: { nitrogen: 'नत्र', phosphorus: 'स्फुरद', potassium: 'पालाश' },
  hindi: { nitrogen: 'नाइट्रोजन', phosphorus: 'फॉस्फोरस', potassium: 'पोटाश' },
};

const WORDS: Record<Lang, Words> = {
  english: {
    phOff: (v, lo, hi) => `Soil pH ${v} is outside the crop's range ${lo}–${hi}`,
    short: (n) => `Soil is low in ${n}, which this crop needs`,
    dry: (m) => `Recent soil moisture is low (${m}%) for a water-demanding crop`,
    notRegion: 'Not a usual crop in this district',
    costly: 'High investment per acre',
    fertilise: (n) => `Apply ${n} as per the soil test (basal dose)`,
    lime: 'Correct soil pH (lime for acid soil) before sowing',
    gypsum: 'Apply gypsum and organic manure to lower alkalinity',
    irrigate: 'Arrange a pre-sowing irrigation',
    seedbed: 'Prepare the seedbed and add 2 tonnes of farmyard manure per acre',
    sow: (d) => `Sow from ${d} with treated seed`,
    beforeSowing: 'Before sowing',
    atSowing: 'At sowing',
    now: 'This week',
  },
  marathi: {
    phOff: (v, lo, hi) => `जमिनीचा सामू ${v} हा पिकाच्या ${lo}–${hi} मर्यादेबाहेर आहे`,
    short: (n) => `जमिनीत ${n} कमी आहे, जे या पिकाला लागते`,
    dry: (m) => `जास्त पाणी लागणाऱ्या पिकासाठी अलीकडील ओलावा कमी आहे (${m}%)`,
    notRegion: 'या जिल्ह्यात हे पीक सहसा घेतले जात नाही',
    costly: 'एकरी गुंतवणूक जास्त',
    fertilise: (n) => `माती परीक्षणानुसार ${n} द्या (पायाभूत मात्रा)`,
    lime: 'पेरणीपूर्वी सामू दुरुस्त करा (आम्ल जमिनीसाठी चुना)',
    gypsum: 'क्षारता कमी करण्यासाठी जिप्सम व सेंद्रिय खत द्या',
    irrigate: 'पेरणीपूर्वी एक पाणी देण्याची सोय करा',
    seedbed: 'पेरणीसाठी जमीन तयार करा व एकरी 2 टन शेणखत द्या',
    sow: (d) => `${d} पासून बीजप्रक्रिया केलेल्या बियाण्याने पेरणी करा`,
    beforeSowing: 'पेरणीपूर्वी',
    atSowing: 'पेरणीच्या वेळी',
    now: 'या आठवड्यात',
  },
  hindi: {
    phOff: (v, lo, hi) => `मिट्टी का पीएच ${v} फसल की सीमा ${lo}–${hi} से बाहर है`,
    short: (n) => `मिट्टी में ${n} कम है, जो इस फसल को चाहिए`,
    dry: (m) => `अधिक पानी वाली फसल के लिए हाल की मिट्टी नमी कम है (${m}%)`,
    notRegion: 'इस जिले में यह फसल आम नहीं है',
    costly: 'प्रति एकड़ अधिक निवेश',
    fertilise: (n) => `मिट्टी जाँच के अनुसार ${n} दें (आधार खुराक)`,
    lime: 'बुवाई से पहले पीएच सुधारें (अम्लीय मिट्टी में चूना)',
    gypsum: 'क्षारीयता घटाने के लिए जिप्सम और जैविक खाद दें',
    irrigate: 'बुवाई से पहले एक सिंचाई की व्यवस्था करें',
    seedbed: 'खेत तैयार करें और प्रति एकड़ 2 टन गोबर खाद डालें',
    sow: (d) => `${d} से उपचारित बीज से बुवाई करें`,
    beforeSowing: 'बुवाई से पहले',
    atSowing: 'बुवाई के समय',
    now: 'इस सप्ताह',
  },
};

/** Rough input costs per acre in rupees (fertiliser bags, lime/gypsum, one irrigation, manure). */
const COST_PER_ACRE = { fertiliser: 1500, amendment: 2000, irrigation: 800, seedbed: 3000 };

export function generateRecommendations(facts: FieldFacts, lang: Lang, today: Date): GeneratedRecommendation[] {
  const w = WORDS[lang];
  const season = seasonOf(today);
  const soil = rateSoil(facts, facts.state);
  const place = locate({ location: facts.district, lat: facts.lat, lon: facts.lng });
  const acres = facts.acres && facts.acres > 0 ? facts.acres : 1;
  const sowOn = plantingDate(today);
  const ranked = recommendCrops(soil, place.region, lang, CROPS.length);

  return ranked
    .map((r) => ({ r, crop: CROPS.find((c) => c.id === r.id)! }))
    .filter(({ crop }) => crop.seasons.includes(season))
    .map(({ r, crop }) => {
      const risks: GeneratedRecommendation['riskFactors'] = [];
      const actions: GeneratedRecommendation['recommendations'] = [];
      let confidence = r.suitability;
      const [lo, hi] = crop.ph;
      if (facts.ph < lo || facts.ph > hi) {
        const off = Math.max(lo - facts.ph, facts.ph - hi);
        risks.push({ factor: w.phOff(facts.ph, lo, hi), severity: off >= 1 ? 'high' : 'medium' });
        actions.push({ description: facts.ph < lo ? w.lime : w.gypsum, timeline: w.beforeSowing, priority: off >= 1 ? 'high' : 'medium', cost: Math.round(COST_PER_ACRE.amendment * acres) });
      }
      for (const n of ['nitrogen', 'phosphorus', 'potassium'] as const) {
        if (!isShort(soil[n].status) || crop.needs[n] === 'low') continue;
        const name = NUTRIENT_NAME[lang][n];
        risks.push({ factor: w.short(name), severity: crop.needs[n] === 'high' ? 'high' : 'medium' });
        actions.push({ description: w.fertilise(name), timeline: w.atSowing, priority: crop.needs[n] === 'high' ? 'high' : 'medium', cost: Math.round(COST_PER_ACRE.fertiliser * acres) });
      }
      if (place.region && !crop.regions.includes(place.region.id)) risks.push({ factor: w.notRegion, severity: 'medium' });
      if (facts.moisture != null && facts.moisture < DRY_SOIL_BELOW && crop.water !== 'low') {
        const severity: Severity = crop.water === 'high' ? 'critical' : 'high';
        risks.push({ factor: w.dry(Math.round(facts.moisture)), severity });
        actions.push({ description: w.irrigate, timeline: w.now, priority: severity, cost: Math.round(COST_PER_ACRE.irrigation * acres) });
        confidence -= crop.water === 'high' ? 15 : 8;
      }
      if (crop.investment === 'high') risks.push({ factor: w.costly, severity: 'low' });
      actions.push({ description: w.seedbed, timeline: w.beforeSowing, priority: 'medium', cost: Math.round(COST_PER_ACRE.seedbed * acres) });
      actions.push({ description: w.sow(formatDay(lang, sowOn)), timeline: w.atSowing, priority: 'low', cost: 0 });
      const econ = ECONOMICS[crop.id];
      return {
        cropId: crop.id,
        cropName: r.name,
        season,
        confidence: Math.max(5, Math.min(100, Math.round(confidence))),
        expectedYield: Math.round(econ.yieldPerAcre * acres * 10) / 10,
        yieldUnit: 'quintal' as const,
        plantingDate: sowOn,
        currentPrice: econ.pricePerQuintal * 10,
        riskFactors: risks,
        recommendations: actions,
      };
    })
    .filter((g) => g.confidence >= MIN_CONFIDENCE)
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, HOW_MANY);
}
