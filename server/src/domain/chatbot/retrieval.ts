/**
 * Finds the knowledge-base entry a question is about.
 *
 * 1. Concepts (concepts.ts): the question and every entry are read as concepts, so सोयाबीन, soyabean
 *    and soya meet, whatever the language of the question. Each entry declares what it is *about*
 *    (its crops and `about` list in passages.json); what its text merely mentions counts a little
 *    (the tur entry mentions soybean as an intercrop, it is not about soybean). Crops, pests and
 *    diseases, and what is asked for (a price, insurance) weigh most; signs (yellow, spots) next;
 *    topics (sowing, fertiliser) less.
 * 2. A question naming a crop is steered away from entries about other crops; a question naming
 *    none prefers the general entries.
 * 3. BM25 (Robertson & Zaragoza 2009; k1 = 1.2, b = 0.75) over the entry text in the question's
 *    language only breaks ties.
 * `coverage` tells how much of the question the knowledge base understood at all: words it has never
 * seen ('bitcoin') and subjects it does not cover (livestock, forecasts) count against it.
 */
import data from './knowledge/passages.json';
import type { Lang } from '../language';
import { LANGS } from '../language';
import { isConcept, kindOf, read, weightOf } from './concepts';
import { tokens } from './text';

export type Passage = { id: string; topic: string; text: string };
export type Hit = Passage & { score: number };
export type Ranking = {
  hits: Hit[];
  /** What the question is about, as concepts. */
  concepts: string[];
  /** Concept and known words of the question, against words the knowledge base has never seen or does not cover. */
  known: number;
  unknown: number;
};

type Entry = { id: string; topic: string; crops: string[]; anyCrop: boolean; about: Set<string>; mentions: Set<string>; text: Record<Lang, string> };
type Doc = { id: string; tf: Map<string, number>; length: number };
type Index = { docs: Doc[]; df: Map<string, number>; avgLength: number };

export const KNOWLEDGE_SOURCE: string = data.source;
const K1 = 1.2;
const B = 0.75;
/** What a mention (not the subject of the entry) is worth against an 'about' match. */
const MENTION = 0.3;
/** A general entry (anyCrop: insurance, prices, irrigation) answers for any crop, at half the weight. */
const ANY_CROP = 0.5;
/** An entry about other crops than the ones asked about. */
const OTHER_CROP = 0.35;
/** An entry about particular crops when the question names none. */
const CROP_UNASKED = 0.85;
/** BM25 only breaks ties between entries the concepts rank alike. */
const BM25_SHARE = 0.1;

export const ENTRIES: Entry[] = data.passages.map((p) => {
  const about = new Set([...p.about, ...p.crops]);
  const mentions = new Set(LANGS.flatMap((l) => read(p[l]).concepts));
  return { id: p.id, topic: p.topic, crops: p.crops, anyCrop: p.anyCrop, about, mentions, text: { english: p.english, marathi: p.marathi, hindi: p.hindi } };
});

for (const e of ENTRIES) {
  for (const c of e.about) if (!isConcept(c)) throw new Error(`passages.json: ${e.id} is about unknown concept ${c}`);
}

function buildIndex(lang: Lang): Index {
  const docs = ENTRIES.map((e) => {
    const toks = tokens(e.text[lang]);
    const tf = new Map<string, number>();
    for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { id: e.id, tf, length: toks.length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  return { docs, df, avgLength: docs.reduce((s, d) => s + d.length, 0) / docs.length };
}

const indexes = new Map<Lang, Index>();
const indexFor = (lang: Lang) => {
  let ix = indexes.get(lang);
  if (!ix) indexes.set(lang, (ix = buildIndex(lang)));
  return ix;
};

function bm25(question: string, lang: Lang): Map<string, number> {
  const ix = indexFor(lang);
  const q = [...new Set(tokens(question))];
  const n = ix.docs.length;
  const out = new Map<string, number>();
  for (const d of ix.docs) {
    let score = 0;
    for (const t of q) {
      const f = d.tf.get(t);
      if (!f) continue;
      const df = ix.df.get(t)!;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      // Trigram matches only bridge inflections; whole-word matches carry the weight.
      const weight = t.startsWith('#') ? 0.35 : 1;
      score += weight * idf * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / ix.avgLength)));
    }
    out.set(d.id, score);
  }
  return out;
}

/**
 * Whether the knowledge base uses a word, in any of the three languages. Devanagari words are
 * compared by their first four letters (योजनेचे meets योजना, योजनेतून), Latin words whole.
 */
let vocabulary: Set<string> | null = null;
const STEM_LENGTH = 4;
const DEVANAGARI = /[\u0900-\u097F]/;
const key = (t: string) => (DEVANAGARI.test(t) && t.length > STEM_LENGTH ? t.slice(0, STEM_LENGTH) : t);
const knownWord = (w: string) => {
  vocabulary ??= new Set(LANGS.flatMap((l) => [...indexFor(l).df.keys()].filter((t) => !t.startsWith('#')).map(key)));
  return tokens(w).some((t) => !t.startsWith('#') && vocabulary!.has(key(t)));
};

function conceptScore(e: Entry, asked: string[]): number {
  const crops = asked.filter((c) => kindOf(c) === 'crop');
  let score = 0;
  for (const c of asked) {
    const w = weightOf(c);
    if (w === 0) continue;
    let share = e.about.has(c) ? 1 : e.mentions.has(c) ? MENTION : 0;
    if (kindOf(c) === 'crop' && e.anyCrop) share = Math.max(share, ANY_CROP);
    score += w * share;
  }
  if (crops.length > 0 && e.crops.length > 0 && !e.anyCrop && !crops.some((c) => e.crops.includes(c))) score *= OTHER_CROP;
  if (crops.length === 0 && e.crops.length > 0) score *= CROP_UNASKED;
  return score;
}

export function rank(question: string, lang: Lang): Ranking {
  const { concepts, rest } = read(question);
  const lexical = bm25(question, lang);
  const hits = ENTRIES.map((e) => ({
    id: e.id,
    topic: e.topic,
    text: e.text[lang],
    score: conceptScore(e, concepts) + BM25_SHARE * (lexical.get(e.id) ?? 0),
  }))
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score);
  const outside = concepts.filter((c) => kindOf(c) === 'outside').length;
  const matched = concepts.filter((c) => weightOf(c) > 0).length;
  const restKnown = rest.filter(knownWord).length;
  return { hits, concepts, known: matched + restKnown, unknown: outside + rest.length - restKnown };
}

/** The best entries for a question (kept for callers that only need the list). */
export function search(question: string, lang: Lang, limit = 3): Hit[] {
  return rank(question, lang).hits.slice(0, limit);
}
