/**
 * The Advanced Analytics answer cache (server/src/modules/advancedAnalytics/cache.ts) on a hand-moved clock: an
 * answer is never served older than the cache's age, is re-read ahead of that while asked for, concurrent misses
 * share one read, and an announced change drops a field's answers (and a read begun before it is not kept).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyAccessChange } from '../../../server/src/lib/accessCache';
import { analyticsKey, createAnalyticsCache } from '../../../server/src/modules/advancedAnalytics/cache';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/** A read whose answer the test decides, and when. */
function deferredReads() {
  const pending: Array<(v: string) => void> = [];
  let reads = 0;
  return {
    read: () =>
      new Promise<string>((resolve) => {
        reads++;
        pending.push(resolve);
      }),
    resolveNext: (v: string) => pending.shift()!(v),
    get reads() {
      return reads;
    },
    get waiting() {
      return pending.length;
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

let stops: Array<() => void> = [];
afterEach(() => {
  for (const s of stops) s();
  stops = [];
});

function cache(maxAgeMs: number) {
  let t = 1_000_000;
  const c = createAnalyticsCache({ maxAgeMs, now: () => t });
  stops.push(c.stop);
  return { c, advance: (ms: number) => (t += ms) };
}

describe('advanced analytics answer cache', () => {
  it('serves an answer while it is younger than the cache age, then waits for a new read', async () => {
    const { c, advance } = cache(5000);
    let n = 0;
    const read = async () => `answer ${++n}`;
    expect(await c.get(analyticsKey(A, '30d'), read)).toBe('answer 1');
    advance(2000);
    expect(await c.get(analyticsKey(A, '30d'), read)).toBe('answer 1');
    // Another range of the same field is its own answer.
    expect(await c.get(analyticsKey(A, '7d'), read)).toBe('answer 2');
    advance(3000);
    // 5 s old: never served any more (a reading committed when it was read shows now).
    expect(await c.get(analyticsKey(A, '30d'), read)).toBe('answer 3');
  });

  it('re-reads ahead past half its age: the request gets the kept answer at once, the next one the new answer', async () => {
    const { c, advance } = cache(5000);
    const r = deferredReads();
    const first = c.get('k', r.read);
    r.resolveNext('old');
    expect(await first).toBe('old');
    advance(2600);
    // Past half: answered from memory, one background read starts (and only one, however many ask).
    expect(await c.get('k', r.read)).toBe('old');
    expect(await c.get('k', r.read)).toBe('old');
    expect(r.reads).toBe(2);
    r.resolveNext('new');
    await tick();
    expect(await c.get('k', r.read)).toBe('new');
    expect(r.reads).toBe(2);
  });

  it('lets concurrent misses share one read', async () => {
    const { c } = cache(5000);
    const r = deferredReads();
    const all = Promise.all([c.get('k', r.read), c.get('k', r.read), c.get('k', r.read)]);
    expect(r.reads).toBe(1);
    r.resolveNext('one');
    expect(await all).toEqual(['one', 'one', 'one']);
  });

  it("drops a changed field's answers at once, not other fields'", async () => {
    const { c } = cache(60_000);
    let n = 0;
    const read = async () => `answer ${++n}`;
    await c.get(analyticsKey(A, '30d'), read);
    await c.get(analyticsKey(A, '7d'), read);
    await c.get(analyticsKey(B, '30d'), read);
    applyAccessChange({ analytics: [A] });
    expect(await c.get(analyticsKey(A, '30d'), read)).toBe('answer 4');
    expect(await c.get(analyticsKey(A, '7d'), read)).toBe('answer 5');
    expect(await c.get(analyticsKey(B, '30d'), read)).toBe('answer 3');
    // Session and scope changes are nobody's analytics (reach is checked per request, before the cache).
    applyAccessChange({ sessions: ['x'], users: ['y'], scopes: true });
    expect(await c.get(analyticsKey(B, '30d'), read)).toBe('answer 3');
    // A field write announced for the Field Map, or a lost notification connection: everything goes.
    applyAccessChange({ fields: true });
    expect(await c.get(analyticsKey(B, '30d'), read)).toBe('answer 6');
    applyAccessChange({ all: true });
    expect(await c.get(analyticsKey(B, '30d'), read)).toBe('answer 7');
  });

  it('does not keep, nor share with later callers, a read that was running when a change arrived', async () => {
    const { c } = cache(60_000);
    const r = deferredReads();
    const key = analyticsKey(A, '30d');
    const before = c.get(key, r.read);
    applyAccessChange({ analytics: [A] });
    // A request after the change does not join the old read: it reads again.
    const after = c.get(key, r.read);
    expect(r.reads).toBe(2);
    r.resolveNext('read before the write');
    r.resolveNext('read after the write');
    // The first caller gets what its own read found; only the later read is kept.
    expect(await before).toBe('read before the write');
    expect(await after).toBe('read after the write');
    expect(await c.get(key, r.read)).toBe('read after the write');
    expect(r.reads).toBe(2);
  });

  it('with age 0 reads every time', async () => {
    const { c } = cache(0);
    let n = 0;
    const read = async () => `answer ${++n}`;
    await c.get('k', read);
    expect(await c.get('k', read)).toBe('answer 2');
    expect(c.size).toBe(0);
  });

  it('does not keep a failed read', async () => {
    const { c } = cache(5000);
    await expect(c.get('k', async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await c.get('k', async () => 'back')).toBe('back');
  });
});
