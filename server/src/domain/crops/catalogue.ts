/**
 * The crop catalogue: one key per crop (the ids of domain/land/knowledge/crops.json, plus the crops the
 * app's labels know that the suitability table does not grow: jowar, chilli, potato, banana). Crop names
 * are typed freely in Marathi, Hindi, English or Latin transliteration ('कांदा', 'kanda', 'Onion', 'प्याज'),
 * so a saved crop is stored as its key when the name is known, and analytics groups by the key (old rows
 * too, at read time: cropKeySql). A name we do not know is kept as it was typed.
 * The client shows a key in the reader's language (src/views/ui/cropLabels.ts knows every key here).
 */
import { sql, type SQL } from 'drizzle-orm';
import catalogue from '../land/knowledge/crops.json';

/** Names, synonyms and transliterations of each crop, besides its catalogue names (added below). */
const ALIASES: Record<string, string[]> = {
  soybean: ['soyabean', 'soya bean', 'soy bean', 'soya', 'soy', 'सोया', 'सोयाबिन', 'सोयबीन'],
  cotton: ['kapus', 'kaapus', 'kapas', 'kapaas', 'कपाशी'],
  tur: ['toor', 'tuar', 'arhar', 'arahar', 'pigeon pea', 'pigeonpea', 'redgram', 'red gram', 'तुर', 'तुअर'],
  bajra: ['bajri', 'bajara', 'pearl millet', 'बाजरी', 'बाजरा'],
  maize: ['corn', 'makka', 'maka', 'makai', 'मकई', 'मक्याचे'],
  'rabi-jowar': ['rabi jowar', 'rabijowar', 'rabi jwari', 'rabi jowari', 'रबी ज्वारी'],
  jowar: ['jowari', 'jwari', 'jwar', 'juwar', 'sorghum', 'ज्वारी', 'ज्वार'],
  wheat: ['gahu', 'gahoo', 'gehu', 'gehun', 'gehoon', 'गेहूं', 'गहु'],
  gram: ['chana', 'channa', 'chickpea', 'chick pea', 'harbhara', 'harabhara', 'bengal gram', 'हरबरा'],
  groundnut: ['peanut', 'bhuimug', 'bhuimoog', 'shengdana', 'moongphali', 'mungfali', 'शेंगदाणा', 'भुईमुग', 'मूंगफली'],
  sugarcane: ['oos', 'ganna', 'sugar cane', 'उस'],
  onion: ['kanda', 'kaanda', 'kande', 'pyaz', 'pyaj', 'pyaaz', 'onions', 'कांदे', 'कान्दा', 'कंदा'],
  tomato: ['tomatoes', 'tamatar', 'tameta', 'tomato', 'टोमाटो', 'टोमेटो', 'टमाटा'],
  grape: ['grapes', 'draksh', 'draksha', 'drakshe', 'angoor', 'angur', 'द्राक्षे'],
  pomegranate: ['dalimb', 'dalimbh', 'dalimba', 'anar', 'anaar', 'डाळींब'],
  rice: ['paddy', 'bhat', 'dhan', 'chawal', 'tandul', 'चावल', 'तांदूळ', 'भात'],
  turmeric: ['halad', 'haldi', 'हळद', 'हल्दी'],
  chilli: ['chili', 'chilly', 'chillies', 'chilies', 'mirchi', 'mirch', 'मिरची', 'मिर्च', 'मिर्ची'],
  potato: ['potatoes', 'batata', 'aloo', 'alu', 'बटाटा', 'बटाटे', 'आलू'],
  banana: ['bananas', 'keli', 'kela', 'kel', 'केळी', 'केळ', 'केला'],
};

/** Trimmed, lower case, one space between words, canonical Unicode (the same in SQL: see cropKeySql). */
export const cropText = (name: string) => name.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');

function buildIndex(): Map<string, string> {
  const index = new Map<string, string>();
  const add = (name: string, key: string) => {
    const text = cropText(name);
    if (!text) return;
    index.set(text, key);
    // 'Tur (pigeon pea)': the catalogue's English names carry a gloss; the name alone counts too.
    const glossed = /^(.+?)\s*\((.+)\)$/.exec(text);
    if (glossed) for (const part of glossed.slice(1)) if (!index.has(part)) index.set(part, key);
  };
  for (const crop of catalogue.crops) {
    add(crop.id, crop.id);
    for (const name of Object.values(crop.name)) add(name, crop.id);
  }
  for (const [key, names] of Object.entries(ALIASES)) {
    add(key, key);
    for (const name of names) add(name, key);
  }
  return index;
}

const INDEX = buildIndex();

/** The catalogue key a typed crop name stands for, or null when the crop is not in the catalogue. */
export function cropKey(name: string): string | null {
  const text = cropText(name);
  const hit = INDEX.get(text);
  if (hit) return hit;
  const glossed = /^(.+?)\s*\((.+)\)$/.exec(text);
  return glossed ? (INDEX.get(glossed[1]) ?? INDEX.get(glossed[2]) ?? null) : null;
}

/** What a field's crop is saved as: its catalogue key when known, else the name as typed (trimmed); blank stays blank. */
export function normaliseCropName<T extends string | null | undefined>(name: T): T | string {
  if (typeof name !== 'string') return name;
  return cropKey(name) ?? name.trim();
}

/**
 * The same key in SQL, for rows saved before names were normalised: the catalogue key of a known name,
 * else the trimmed lower-case name (so 'Okra' and 'okra ' are still one crop).
 */
export function cropKeySql(column: SQL | unknown): SQL {
  const text = sql`regexp_replace(lower(trim(${column})), '\\s+', ' ', 'g')`;
  const cases = [...INDEX].map(([name, key]) => sql` when ${name} then ${key}`);
  return sql`(case ${text}${sql.join(cases, sql``)} else ${text} end)`;
}
