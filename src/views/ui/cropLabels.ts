/**
 * Crop names in the reader's language. Crop names are typed freely on fields and crop history, so a
 * name is matched by its trimmed lower-case form and a few common synonyms ('grapes', 'paddy',
 * 'toor'); a crop we do not know is shown as it was written.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

export const cropMessages = defineMessages({
  soybean: { id: 'crop.soybean', defaultMessage: 'Soybean' },
  cotton: { id: 'crop.cotton', defaultMessage: 'Cotton' },
  sugarcane: { id: 'crop.sugarcane', defaultMessage: 'Sugarcane' },
  tur: { id: 'crop.tur', defaultMessage: 'Tur' },
  jowar: { id: 'crop.jowar', defaultMessage: 'Jowar' },
  bajra: { id: 'crop.bajra', defaultMessage: 'Bajra' },
  maize: { id: 'crop.maize', defaultMessage: 'Maize' },
  chana: { id: 'crop.chana', defaultMessage: 'Chana' },
  onion: { id: 'crop.onion', defaultMessage: 'Onion' },
  banana: { id: 'crop.banana', defaultMessage: 'Banana' },
  groundnut: { id: 'crop.groundnut', defaultMessage: 'Groundnut' },
  pomegranate: { id: 'crop.pomegranate', defaultMessage: 'Pomegranate' },
  rice: { id: 'crop.rice', defaultMessage: 'Rice' },
  tomato: { id: 'crop.tomato', defaultMessage: 'Tomato' },
  potato: { id: 'crop.potato', defaultMessage: 'Potato' },
  wheat: { id: 'crop.wheat', defaultMessage: 'Wheat' },
  grape: { id: 'crop.grape', defaultMessage: 'Grape' },
  chilli: { id: 'crop.chilli', defaultMessage: 'Chilli' },
  turmeric: { id: 'crop.turmeric', defaultMessage: 'Turmeric' },
  rabiJowar: { id: 'crop.rabiJowar', defaultMessage: 'Rabi jowar' },
});

export type KnownCrop = keyof typeof cropMessages;

const SYNONYMS: Record<string, KnownCrop> = {
  soya: 'soybean',
  soyabean: 'soybean',
  grapes: 'grape',
  paddy: 'rice',
  toor: 'tur',
  arhar: 'tur',
  'pigeon pea': 'tur',
  sorghum: 'jowar',
  'pearl millet': 'bajra',
  corn: 'maize',
  gram: 'chana',
  chickpea: 'chana',
  peanut: 'groundnut',
  chili: 'chilli',
  'rabi jowar': 'rabiJowar',
  'rabi-jowar': 'rabiJowar',
  haldi: 'turmeric',
};

/** The known crop a free-text name stands for, or null. */
export function knownCrop(name: string): KnownCrop | null {
  const key = name.trim().toLowerCase();
  if (Object.hasOwn(cropMessages, key)) return key as KnownCrop;
  if (Object.hasOwn(SYNONYMS, key)) return SYNONYMS[key];
  // The recommendation engine names crops 'Gram (chickpea)', 'Rabi jowar (sorghum)': the name, else the gloss.
  const glossed = /^(.+?)\s*\((.+)\)$/.exec(key);
  return glossed ? (knownCrop(glossed[1]) ?? knownCrop(glossed[2])) : null;
}

export function cropMessage(name: string): MessageDescriptor | null {
  const crop = knownCrop(name);
  return crop ? cropMessages[crop] : null;
}

/** The crop's name in the reader's language; unknown crops keep the name they were given. */
export function cropLabel(intl: IntlShape, name: string): string {
  const d = cropMessage(name);
  return d ? intl.formatMessage(d) : name;
}
