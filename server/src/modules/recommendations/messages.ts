/** The recommendations module's own error texts. */
import { translated } from '../../lib/errors';

export const recommendationText = {
  illegalMove: translated(
    'This recommendation cannot move to that status.',
    'ही शिफारस त्या स्थितीत नेता येत नाही.',
    'यह सिफारिश उस स्थिति में नहीं जा सकती।',
  ),
  noSoilTest: translated(
    "Add the field's soil test (pH, nitrogen, phosphorus, potassium) before generating recommendations.",
    'शिफारसी तयार करण्यापूर्वी शेताचे माती परीक्षण (सामू, नत्र, स्फुरद, पालाश) भरा.',
    'सिफारिशें बनाने से पहले खेत की मिट्टी जाँच (पीएच, नाइट्रोजन, फॉस्फोरस, पोटाश) भरें।',
  ),
};
