/** Words the land report prints, in three languages (statuses, seasons, categories, levels). */
import { translated as t, type Translated } from '../../lib/errors';

export const STATUS: Record<string, Translated> = {
  veryLow: t('Very low', 'अत्यंत कमी', 'बहुत कम'),
  low: t('Low', 'कमी', 'कम'),
  medium: t('Medium', 'मध्यम', 'मध्यम'),
  moderatelyHigh: t('Moderately high', 'साधारण जास्त', 'मध्यम अधिक'),
  high: t('High', 'जास्त', 'अधिक'),
  veryHigh: t('Very high', 'अत्यंत जास्त', 'बहुत अधिक'),
  stronglyAcidic: t('Strongly acidic', 'तीव्र आम्ल', 'प्रबल अम्लीय'),
  slightlyAcidic: t('Slightly acidic', 'किंचित आम्ल', 'हल्का अम्लीय'),
  neutral: t('Neutral (ideal)', 'उदासीन (योग्य)', 'उदासीन (आदर्श)'),
  slightlyAlkaline: t('Slightly alkaline', 'किंचित विम्ल', 'हल्का क्षारीय'),
  stronglyAlkaline: t('Strongly alkaline', 'तीव्र विम्ल', 'प्रबल क्षारीय'),
};

export const HEALTH: Record<'good' | 'moderate' | 'poor', Translated> = {
  good: t('Good', 'उत्तम', 'अच्छा'),
  moderate: t('Moderate', 'मध्यम', 'मध्यम'),
  poor: t('Poor', 'कमकुवत', 'कमज़ोर'),
};

export const SEASON: Record<string, Translated> = {
  kharif: t('Kharif', 'खरीप', 'खरीफ'),
  rabi: t('Rabi', 'रब्बी', 'रबी'),
  summer: t('Summer', 'उन्हाळी', 'ज़ायद (ग्रीष्म)'),
};

export const CATEGORY: Record<string, Translated> = {
  cereal: t('Cereal', 'तृणधान्य', 'अनाज'),
  pulse: t('Pulse', 'कडधान्य', 'दलहन'),
  oilseed: t('Oilseed', 'तेलबिया', 'तिलहन'),
  cash: t('Cash crop', 'नगदी पीक', 'नकदी फसल'),
  vegetable: t('Vegetable', 'भाजीपाला', 'सब्ज़ी'),
  fruit: t('Fruit', 'फळपीक', 'फल'),
  spice: t('Spice', 'मसाला पीक', 'मसाला'),
};

export const LEVEL: Record<'low' | 'medium' | 'high', Translated> = {
  low: t('Low', 'कमी', 'कम'),
  medium: t('Medium', 'मध्यम', 'मध्यम'),
  high: t('High', 'जास्त', 'अधिक'),
};

export const NUTRIENT: Record<'ph' | 'nitrogen' | 'phosphorus' | 'potassium' | 'organicMatter', Translated> = {
  ph: t('pH', 'सामू (pH)', 'पीएच'),
  nitrogen: t('Nitrogen (N)', 'नत्र (N)', 'नाइट्रोजन (N)'),
  phosphorus: t('Phosphorus (P)', 'स्फुरद (P)', 'फॉस्फोरस (P)'),
  potassium: t('Potassium (K)', 'पालाश (K)', 'पोटाश (K)'),
  organicMatter: t('Organic matter', 'सेंद्रिय पदार्थ', 'जैविक पदार्थ'),
};
