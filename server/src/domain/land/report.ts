/**
 * Assembles the land and soil health report in one language: where the land is, how the soil
 * rates against the soil-health-card table, which crops suit it and why, what else to do, and the
 * vegetation index. The same object is what the PDF prints.
 */
import { translated as t, type Translated } from '../../lib/errors';
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

const KG_HA = t('kg/ha', 'किलो/हेक्टर', 'किग्रा/हेक्टेयर');

/** The rating table's name and source note in the reader's language (the JSON keeps the English original). */
const TABLE_TEXT: Record<string, { name: Translated; source: Translated }> = {
  india: {
    name: t(
      'Soil Health Card scheme — national rating chart (three classes)',
      'मृदा आरोग्य पत्रिका योजना — राष्ट्रीय मानांकन तक्ता (तीन वर्ग)',
      'मृदा स्वास्थ्य कार्ड योजना — राष्ट्रीय मानक तालिका (तीन वर्ग)',
    ),
    source: t(
      "Soil Health Card scheme, Dept. of Agriculture & Farmers Welfare, Govt. of India: nutrient rating chart (Low / Medium / High) after Subbiah & Asija (1956) for N, Olsen (1954) for P, and Muhr et al. (1965) 'Soil Testing in India'. Units kg/ha: available N, P2O5 and K2O; organic carbon %.",
      'मृदा आरोग्य पत्रिका योजना, कृषी व शेतकरी कल्याण विभाग, भारत सरकार: अन्नद्रव्य मानांकन तक्ता (कमी / मध्यम / जास्त) — नत्रासाठी सुब्बय्या व असीजा (1956), स्फुरदासाठी ओल्सन (1954) आणि मुहर व सहकारी (1965) यांच्या पद्धतीनुसार. एकके किलो/हेक्टर: उपलब्ध नत्र, स्फुरद व पालाश; सेंद्रिय कर्ब %.',
      'मृदा स्वास्थ्य कार्ड योजना, कृषि एवं किसान कल्याण विभाग, भारत सरकार: पोषक तत्व मानक तालिका (कम / मध्यम / अधिक) — नाइट्रोजन के लिए सुब्बय्या व असीजा (1956), फॉस्फोरस के लिए ओल्सन (1954) और मुहर व अन्य (1965) की विधि से। इकाइयाँ किग्रा/हेक्टेयर: उपलब्ध नाइट्रोजन, फॉस्फोरस व पोटाश; जैविक कार्बन %।',
    ),
  },
  maharashtra: {
    name: t('Maharashtra soil health card — six-class rating', 'महाराष्ट्र मृदा आरोग्य पत्रिका — सहा वर्गांचे मानांकन', 'महाराष्ट्र मृदा स्वास्थ्य कार्ड — छह वर्गों का मानक'),
    source: t(
      'Govt. of Maharashtra, Dept. of Agriculture: mrida arogya patrika six-class fertility rating (very low … very high) used by the state soil testing laboratories. Units kg/ha: available N, P and K as printed on the card; organic carbon %.',
      'महाराष्ट्र शासन, कृषी विभाग: राज्याच्या माती परीक्षण प्रयोगशाळा वापरत असलेले मृदा आरोग्य पत्रिकेचे सहा वर्गांचे सुपीकता मानांकन (अतिशय कमी … अतिशय जास्त). एकके किलो/हेक्टर: पत्रिकेवर छापल्याप्रमाणे उपलब्ध नत्र, स्फुरद व पालाश; सेंद्रिय कर्ब %.',
      'महाराष्ट्र शासन, कृषि विभाग: राज्य की मृदा परीक्षण प्रयोगशालाओं द्वारा प्रयुक्त मृदा स्वास्थ्य कार्ड का छह वर्गों का उर्वरता मानक (बहुत कम … बहुत अधिक)। इकाइयाँ किग्रा/हेक्टेयर: कार्ड पर छपे अनुसार उपलब्ध नाइट्रोजन, फॉस्फोरस व पोटाश; जैविक कार्बन %।',
    ),
  },
};

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
  const summary = summariseNdvi(ndvi);
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
      ratingTable: TABLE_TEXT[soil.table.state]
        ? { state: soil.table.state, name: TABLE_TEXT[soil.table.state].name[lang], source: TABLE_TEXT[soil.table.state].source[lang] }
        : soil.table,
      ph: param('ph', soil.ph, ''),
      nitrogen: param('nitrogen', soil.nitrogen, KG_HA[lang]),
      phosphorus: param('phosphorus', soil.phosphorus, KG_HA[lang]),
      potassium: param('potassium', soil.potassium, KG_HA[lang]),
      ...(soil.organicMatter ? { organicMatter: param('organicMatter', soil.organicMatter, '%') } : {}),
    },
    cropRecommendations: recommendCrops(soil, region, lang),
    additionalRecommendations: soilTips(soil, summary, lang),
    ndvi,
    ndviSummary: { latest: summary.latest, average30d: summary.average30d, estimated: input.ndviEstimated ?? false },
  };
}
