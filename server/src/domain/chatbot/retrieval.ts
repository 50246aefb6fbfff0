/**
 * BM25 retrieval (Robertson & Zaragoza 2009; k1 = 1.2, b = 0.75) over the curated passages, one
 * index per language so a Marathi question is matched against Marathi text.
 */
import data from './knowledge/passages.json';
import type { Lang } from '../language';
import { tokens } from './text';

export type Passage = { id: string; topic: string; text: string };
export type Hit = Passage & { score: number };

type Doc = Passage & { tf: Map<string, number>; length: number };
type Index = { docs: Doc[]; df: Map<string, number>; avgLength: number };

export const KNOWLEDGE_SOURCE: string = data.source;
const K1 = 1.2;
const B = 0.75;

function buildIndex(lang: Lang): Index {
  const docs = data.passages.map((p) => {
    const toks = tokens(p[lang]);
    const tf = new Map<string, number>();
    for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { id: p.id, topic: p.topic, text: p[lang], tf, length: toks.length };
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

export function search(question: string, lang: Lang, limit = 3): Hit[] {
  const ix = indexFor(lang);
  const q = [...new Set(tokens(question))];
  const n = ix.docs.length;
  const hits = ix.docs.map((d) => {
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
    return { id: d.id, topic: d.topic, text: d.text, score };
  });
  return hits.filter((h) => h.score > 0).sort((a, b) => b.score - a.score).slice(0, limit);
}
