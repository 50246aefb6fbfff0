/**
 * Top-1 accuracy of the offline chatbot on the evaluation set (eval/questions.json): the first entry
 * it answers with, 'your-data' for the asker's own readings, or 'no-answer'. Prints each set's
 * accuracy and misses; fails when a set falls below 90 %.
 */
import { describe, expect, it } from 'vitest';
import { answerQuestion, type ChatAnswer } from '../../../server/src/domain/chatbot/answer';
import { ENTRIES } from '../../../server/src/domain/chatbot/retrieval';
import evaluation from './eval/questions.json';

type Question = { q: string; expect: string };
const SETS = { tune: evaluation.tune, heldout: evaluation.heldout, blind: evaluation.blind } as Record<string, Question[]>;
const GOAL = 0.9;

const outcome = (a: ChatAnswer) => (a.source === 'your-data' ? 'your-data' : a.source === 'no-match' ? 'no-answer' : a.passages[0]?.id);

async function accuracy(questions: Question[]) {
  const misses: string[] = [];
  for (const { q, expect: want } of questions) {
    const got = outcome(await answerQuestion({ message: q, preferred: 'marathi', myFields: async () => [] }));
    if (got !== want) misses.push(`  ${q} → ${got} (expected ${want})`);
  }
  return { correct: questions.length - misses.length, total: questions.length, misses };
}

describe('chatbot evaluation set', () => {
  it('has at least 100 questions in Marathi, English and Hindi, each naming a real entry', () => {
    const all = Object.values(SETS).flat();
    expect(all.length).toBeGreaterThanOrEqual(100);
    const ids = new Set([...ENTRIES.map((e) => e.id), 'your-data', 'no-answer']);
    expect(all.filter((x) => !ids.has(x.expect))).toEqual([]);
    expect(all.some((x) => /[\u0900-\u097F]/.test(x.q) && /आहे|काय|करावे/.test(x.q))).toBe(true);
    expect(all.some((x) => /[\u0900-\u097F]/.test(x.q) && /है|में|की/.test(x.q))).toBe(true);
    expect(all.filter((x) => !/[\u0900-\u097F]/.test(x.q)).length).toBeGreaterThan(30);
    // The questions are distinct: none counted twice.
    expect(new Set(all.map((x) => x.q)).size).toBe(all.length);
  });

  it.each(Object.keys(SETS))(`answers the %s set with the expected entry first at least ${GOAL * 100} % of the time`, async (name) => {
    const r = await accuracy(SETS[name]);
    console.log(`chatbot eval ${name}: ${r.correct}/${r.total} = ${((100 * r.correct) / r.total).toFixed(1)} % top-1${r.misses.length ? `\n${r.misses.join('\n')}` : ''}`);
    expect(r.correct / r.total).toBeGreaterThanOrEqual(GOAL);
  });
});
