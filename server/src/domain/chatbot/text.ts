/**
 * Tokens for retrieval over Marathi, Hindi and English text. Marathi glues case endings onto words
 * (कापसावरील, जमिनीत, सोयाबीनची), so Devanagari words are lightly stemmed and also indexed as
 * character trigrams: a query word then meets its inflected forms without a full morphology.
 */
import type { Lang } from '../language';

const DEVANAGARI = /[\u0900-\u097F]/;

const STOP = new Set(
  [
    'the a an is are was what how when which who why where my our your i me we you it of in on at to for and or do does should can could will would with from about this that these those be much many there please tell',
    'आहे आहेत काय कसे कशी कसा कधी किती कोणते कोणती कोणता मी माझ्या माझे माझी माझा आमच्या व आणि हे ते ती तो का तर साठी मला आम्ही तुम्ही करावे करावी करावा करा द्यावे सांगा',
    'है हैं क्या कैसे कैसी कब कितना कितनी कितने कौन कौनसी मैं मेरे मेरी मेरा हमारे में के की का और को से पर करें करना बताएँ बताइए भी यह वह',
  ]
    .join(' ')
    .split(' '),
);

/** Longest first: Marathi case endings and postpositions, Hindi plural endings. */
const SUFFIXES = [
  'च्यामध्ये', 'मध्ये', 'वरील', 'पासून', 'ांच्या', 'ाच्या', 'च्या', 'साठी', 'ातील', 'तील', 'ांना', 'ांचा', 'ांची', 'ांचे',
  'ाला', 'ाचा', 'ाची', 'ाचे', 'ियों', 'ाओं', 'ची', 'चा', 'चे', 'ला', 'ना', 'ने', 'ात', 'ों', 'ें', 'वर', 'त',
];

function stem(word: string): string {
  if (!DEVANAGARI.test(word)) return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
  for (const s of SUFFIXES) if (word.endsWith(s) && word.length - s.length >= 2) return word.slice(0, -s.length);
  return word;
}

export function words(text: string): string[] {
  return (text.normalize('NFC').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));
}

export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    const s = stem(w);
    out.push(s);
    if (DEVANAGARI.test(s) && s.length >= 4) for (let i = 0; i + 3 <= s.length; i++) out.push(`#${s.slice(i, i + 3)}`);
  }
  return out;
}

const MARATHI_MARKS =
  /(^|\s)(आहे|आहेत|काय|कसे|कशी|कसा|कधी|किती|माझ्या|माझे|माझी|माझा|आमच्या|मध्ये|करावे|करावी|करावा|द्यावे|साठी|आणि|नाही|कोणते|कोणती|मला|होत|झाले|झाली|पडले|पडली|येईल|पडेल|मिळेल|असेल|आली)(?=\s|$|[?.!,])/gu;
const HINDI_MARKS =
  /(^|\s)(है|हैं|क्या|कैसे|कैसा|कैसी|कब|कितना|कितनी|मेरे|मेरी|मेरा|में|के|लिए|करें|और|नहीं|कौन|मुझे|चाहिए|रहेगा|रहेगी|होगा|होगी|गया|गई|था|थी|ये|वो|इस|उस|रहा|रही|रहे)(?=\s|$|[?.!,])/gu;

/** Romanised Marathi and Hindi (typed on an English keyboard) and English, told apart by their small words. */
const ROMAN_MARATHI = new Set('ahe aahe ahet kay kasa kashi kase kiti kadhi konte konti ani var madhe madhye cha chi che chya la majhya mazya majha maza majhi mazi amchya aaj aajcha karave karava dyave pahije zale jhale hot padli nahi kuthe pan pane bhav shetat shetala shetatil pani kanda'.split(' '));
const ROMAN_HINDI = new Set('hai hain kya kaise kab kitna kitni kitne kaun mein mera mere meri hamare karen karna chahiye raha rahe rahi ka ki ke ko se aur nahi khet nami patte peele kal'.split(' '));
const ENGLISH = new Set('the a an is are was what how when which who why where my our your of in on at to for and or do does should can could will would with from about this that these those much many there please'.split(' '));

/**
 * The language the question is written in; Devanagari text is told apart by function words. Latin text
 * is English unless its small words are romanised Marathi or Hindi ('kanda bhav aaj kay ahe'): then the
 * answer comes in Devanagari, in that language.
 */
export function detectLanguage(text: string, preferred: Lang = 'marathi'): Lang {
  if (!DEVANAGARI.test(text)) {
    if (!/[a-z]/i.test(text)) return preferred;
    const ws = text.toLowerCase().match(/[a-z]+/g) ?? [];
    const mr = ws.filter((w) => ROMAN_MARATHI.has(w)).length;
    const hi = ws.filter((w) => ROMAN_HINDI.has(w)).length;
    const en = ws.filter((w) => ENGLISH.has(w)).length;
    if (Math.max(mr, hi) <= en) return 'english';
    if (mr > hi) return 'marathi';
    if (hi > mr) return 'hindi';
    return preferred === 'hindi' ? 'hindi' : 'marathi';
  }
  const mr = text.match(MARATHI_MARKS)?.length ?? 0;
  const hi = text.match(HINDI_MARKS)?.length ?? 0;
  if (mr > hi) return 'marathi';
  if (hi > mr) return 'hindi';
  return preferred === 'hindi' ? 'hindi' : 'marathi';
}
