/**
 * Assembles the land and soil health report in one language: where the land is, how the soil
 * rates against the soil-health-card table, which crops suit it and why, what else to do, and the
 * vegetation index. The same object is what the PDF prints.
 */
import { translated as t } from '../../lib/errors';
import type { Lang } from '../language';
import { recommendCrops, type CropRecommendation } from './cropSuitability';
import { HEALTH, NUTRIENT, STATUS } from './labels';
import { summariseNdvi, type NdviPoint } from './ndviSummary';
import { locate } from './regions';
import { rateSoil, type Rated, type SoilInput } from './soilRating';
import { soilTips } from './tips';

export type LandReportInput = SoilInput & {
  location?: string | null;
  lat?: number | null;
  lon?: number | null;
  state?: string | null;
  ndvi?: NdviPoint[];
  ndviEstimated?: boolean;
};

export type SoilParameter = { label: string; value: number; unit: string; status: string; statusKey: string };

export type LandReport = {
  language: Lang;
  generatedAt: string;
  location: string;
  locationAnalysis: {
    known: boolean;
    district: string | null;
    region: string;
    climate: string;
    soilType: string;
    marketAdvantages: string[];
    recommendations: string[];
  };
  soilAnalysis: {
    overallScore: number;
    overallHealth: string;
    healthKey: 'good' | 'moderate' | 'poor';
    ratingTable: { state: string; name: string; source: string };
    ph: SoilParameter;
    nitrogen: SoilParameter;
    phosphorus: SoilParameter;
    potassium: SoilParameter;
    organicMatter?: SoilParameter;
  };
  cropRecommendations: CropRecommendation[];
  additionalRecommendations: string[];
  ndvi: NdviPoint[];
  ndviSummary: { latest: NdviPoint[]; average30d: number | null; estimated: boolean };
};

const UNKNOWN_PLACE = {
  region: t('Maharashtra (district not recognised)', 'महाराष्ट्र (जिल्हा ओळखता आला नाही)', 'महाराष्ट्र (ज़िला पहचाना नहीं गया)'),
  none: t('Not known for this location', 'या ठिकाणासाठी माहिती नाही', 'इस स्थान के लिए जानकारी नहीं'),
  hint: t(
    'Enter the district name (e.g. Pune, Latur, Nagpur) or the field coordinates for regional advice.',
    'प्रादेशिक सल्ल्यासाठी जिल्ह्याचे नाव (उदा. पुणे, लातूर, नागपूर) किंवा शेताचे अक्षांश-रेखांश भरा.',
    'क्षेत्रीय सलाह के लिए ज़िले का नाम (जैसे पुणे, लातूर, नागपुर) या खेत के निर्देशांक भरें।',
  ),
};

const KG_HA = 'kg/ha';

/** The district's name as a reader of the language expects it: Devanagari for Marathi and Hindi, capitalised Latin for English. */
function districtLabel(names: string[], lang: Lang) {
  const devanagari = names.find((n) => /[\u0900-\u097F]/.test(n));
  if (lang !== 'english' && devanagari) return devanagari;
  return names[0].replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

export function buildLandReport(input: LandReportInput, lang: Lang, now: Date): LandReport {
  const soil = rateSoil(input, input.state);
  const place = locate({ location: input.location, lat: input.lat, lon: input.lon });
  const ndvi = (input.ndvi ?? []).slice().sort((a, b) => a.date.localeCompare(b.date));
  const summary = summariseNdvi(ndvi, now);
  const param = (key: keyof typeof NUTRIENT, r: Rated, unit: string): SoilParameter => ({
    label: NUTRIENT[key][lang],
    value: r.value,
    unit,
    status: STATUS[r.status][lang],
    statusKey: r.status,
  });
  const region = place.region;
  const districtName = place.district ? districtLabel(place.district.names, lang) : null;
  return {
    language: lang,
    generatedAt: now.toISOString(),
    location: input.location?.trim() ?? '',
    locationAnalysis: region
      ? {
          known: true,
          district: districtName,
          region: region.name[lang],
          climate: region.climate[lang],
          soilType: region.soilType[lang],
          marketAdvantages: region.marketAdvantages[lang],
          recommendations: region.recommendations[lang],
        }
      : {
          known: false,
          district: null,
          region: UNKNOWN_PLACE.region[lang],
          climate: UNKNOWN_PLACE.none[lang],
          soilType: UNKNOWN_PLACE.none[lang],
          marketAdvantages: [],
          recommendations: [UNKNOWN_PLACE.hint[lang]],
        },
    soilAnalysis: {
      overallScore: soil.overallScore,
      overallHealth: HEALTH[soil.overallHealth][lang],
      healthKey: soil.overallHealth,
      ratingTable: soil.table,
      ph: param('ph', soil.ph, ''),
      nitrogen: param('nitrogen', soil.nitrogen, KG_HA),
      phosphorus: param('phosphorus', soil.phosphorus, KG_HA),
      potassium: param('potassium', soil.potassium, KG_HA),
      ...(soil.organicMatter ? { organicMatter: param('organicMatter', soil.organicMatter, '%') } : {}),
    },
    cropRecommendations: recommendCrops(soil, region, lang),
    additionalRecommendations: soilTips(soil, summary, lang),
    ndvi,
    ndviSummary: { latest: summary.latest, average30d: summary.average30d, estimated: input.ndviEstimated ?? false },
  };
}
