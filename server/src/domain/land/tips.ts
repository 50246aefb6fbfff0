/** Additional recommendations that follow from the soil ratings and the vegetation index. */
import type { Lang } from '../language';
import type { NdviSummary } from './ndviSummary';
import { isShort, type SoilRating } from './soilRating';

const TIPS = {
  nitrogen: {
    english: 'Nitrogen is low: apply the card dose in 2–3 splits and add farmyard manure; grow a pulse in rotation.',
    marathi: 'नत्र कमी आहे: पत्रिकेतील मात्रा 2–3 हप्त्यांत द्या व शेणखत वापरा; फेरपालटीत कडधान्य घ्या.',
    hindi: 'नाइट्रोजन कम है: कार्ड की मात्रा 2–3 किस्तों में दें और गोबर खाद डालें; फसल चक्र में दलहन लें।',
  },
  phosphorus: {
    english: 'Phosphorus is low: apply single super phosphate or DAP at sowing and treat seed with PSB culture.',
    marathi: 'स्फुरद कमी आहे: पेरणीवेळी सिंगल सुपर फॉस्फेट किंवा डीएपी द्या आणि पीएसबी जिवाणू संवर्धनाची बीजप्रक्रिया करा.',
    hindi: 'फॉस्फोरस कम है: बुवाई पर सिंगल सुपर फॉस्फेट या डीएपी दें और पीएसबी कल्चर से बीजोपचार करें।',
  },
  potassium: {
    english: 'Potassium is low: apply muriate of potash (MOP) as per the card; return crop residue to the soil.',
    marathi: 'पालाश कमी आहे: पत्रिकेनुसार म्युरेट ऑफ पोटॅश (एमओपी) द्या; पिकाचे अवशेष जमिनीत गाडा.',
    hindi: 'पोटाश कम है: कार्ड के अनुसार म्यूरेट ऑफ पोटाश (एमओपी) दें; फसल अवशेष मिट्टी में मिलाएँ।',
  },
  organic: {
    english: 'Organic carbon is low: add 5–10 t/ha compost or farmyard manure, or grow green manure (sunhemp, dhaincha) before kharif.',
    marathi: 'सेंद्रिय कर्ब कमी आहे: हेक्टरी 5–10 टन कंपोस्ट किंवा शेणखत द्या, किंवा खरीपपूर्वी हिरवळीचे खत (ताग, धैंचा) घ्या.',
    hindi: 'जैविक कार्बन कम है: प्रति हेक्टेयर 5–10 टन कम्पोस्ट या गोबर खाद डालें, या खरीफ से पहले हरी खाद (सनई, ढैंचा) लें।',
  },
  alkaline: {
    english: 'The soil is strongly alkaline: apply gypsum as per the soil test, improve drainage and use acid-forming fertilisers.',
    marathi: 'जमीन तीव्र विम्ल आहे: माती परीक्षणानुसार जिप्सम द्या, निचरा सुधारा व आम्लधर्मी खते वापरा.',
    hindi: 'मिट्टी प्रबल क्षारीय है: मिट्टी जाँच के अनुसार जिप्सम डालें, जल निकास सुधारें और अम्लकारी उर्वरक लें।',
  },
  acidic: {
    english: 'The soil is strongly acidic: apply agricultural lime before sowing.',
    marathi: 'जमीन तीव्र आम्ल आहे: पेरणीपूर्वी शेतीचा चुना द्या.',
    hindi: 'मिट्टी प्रबल अम्लीय है: बुवाई से पहले कृषि चूना डालें।',
  },
  bare: {
    english: 'The satellite index shows little green cover now (average NDVI below 0.2): the field is bare or just sown.',
    marathi: 'उपग्रह निर्देशांकानुसार सध्या हिरवे आच्छादन कमी आहे (सरासरी NDVI 0.2 पेक्षा कमी): शेत मोकळे आहे किंवा नुकतीच पेरणी झाली आहे.',
    hindi: 'उपग्रह सूचकांक अभी कम हरियाली दिखाता है (औसत NDVI 0.2 से कम): खेत खाली है या अभी बुवाई हुई है।',
  },
  sparse: {
    english: 'Vegetation is sparse (average NDVI 0.2–0.4): if the crop is well grown, check for water stress, pests or nutrient shortage.',
    marathi: 'वनस्पती विरळ आहे (सरासरी NDVI 0.2–0.4): पीक वाढलेले असल्यास पाण्याचा ताण, कीड किंवा अन्नद्रव्य कमतरता तपासा.',
    hindi: 'वनस्पति विरल है (औसत NDVI 0.2–0.4): फसल बढ़ी हुई हो तो पानी की कमी, कीट या पोषक तत्व की कमी जाँचें।',
  },
  retest: {
    english: 'Retest the soil every two years through the Soil Health Card scheme (free).',
    marathi: 'मृदा आरोग्य पत्रिका योजनेतून दर दोन वर्षांनी माती परीक्षण करा (मोफत).',
    hindi: 'मृदा स्वास्थ्य कार्ड योजना से हर दो साल में मिट्टी जाँच कराएँ (मुफ़्त)।',
  },
} as const;

export function soilTips(soil: SoilRating, ndvi: NdviSummary, lang: Lang): string[] {
  const out: string[] = [];
  if (isShort(soil.nitrogen.status)) out.push(TIPS.nitrogen[lang]);
  if (isShort(soil.phosphorus.status)) out.push(TIPS.phosphorus[lang]);
  if (isShort(soil.potassium.status)) out.push(TIPS.potassium[lang]);
  if (soil.organicMatter && isShort(soil.organicMatter.status)) out.push(TIPS.organic[lang]);
  if (soil.ph.status === 'stronglyAlkaline') out.push(TIPS.alkaline[lang]);
  if (soil.ph.status === 'stronglyAcidic') out.push(TIPS.acidic[lang]);
  if (ndvi.level === 'bare') out.push(TIPS.bare[lang]);
  if (ndvi.level === 'sparse') out.push(TIPS.sparse[lang]);
  out.push(TIPS.retest[lang]);
  return out;
}
