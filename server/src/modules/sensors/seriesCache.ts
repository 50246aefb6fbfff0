/**
 * The last 24 hours of each field, in 5-minute buckets, kept in memory and answered already serialised: every
 * farmer's home asks for it on load, and under load the same field is asked for many times a second.
 *
 * - Fresh for `freshMs` (5 s): answered from memory. The live socket feed carries anything newer to the screen.
 * - Then stale-while-revalidate: up to `maxStaleMs` old, the last answer is sent at once while one refresh runs
 *   in the background, so no request waits for the query (on PGlite it also runs on the event loop).
 * - A refresh reads only the newest bucket onwards and merges it in; every `fullEveryMs` (60 s) it reads the
 *   whole day again, which also picks up late readings (a device sending a backlog with old timestamps).
 * - Older than `maxStaleMs`, or never loaded: the request waits for a full load. Failures are not kept.
 * - Bounded: the least recently loaded fields go first.
 */
export type DayPoint = { timestamp: string; moisture: number | null; temperature: number | null };

type Entry = { points: DayPoint[]; json: string; at: number; fullAt: number; refreshing: Promise<void> | null };

export type DaySeriesOptions = {
  /** The buckets of one field whose readings are later than `from`, oldest first. */
  load: (fieldId: string, from: Date) => Promise<DayPoint[]>;
  serialize: (points: DayPoint[]) => string;
  bucketMs: number;
  freshMs?: number;
  maxStaleMs?: number;
  fullEveryMs?: number;
  maxEntries?: number;
  onError?: (err: unknown) => void;
  now?: () => number;
};

const DAY_MS = 24 * 3600_000;

export function createDaySeriesCache(o: DaySeriesOptions) {
  const { freshMs = 5000, maxStaleMs = 30_000, fullEveryMs = 60_000, maxEntries = 5000, now = Date.now } = o;
  const entries = new Map<string, Entry>();

  async function refresh(fieldId: string, entry: Entry | undefined): Promise<Entry> {
    const t = now();
    const dayAgo = t - DAY_MS;
    const full = !entry || entry.points.length === 0 || t - entry.fullAt >= fullEveryMs;
    let points: DayPoint[];
    if (full) {
      points = await o.load(fieldId, new Date(dayAgo));
    } else {
      // The newest bucket may have grown: read it again from its start, and whatever came after it.
      const newest = entry.points[entry.points.length - 1].timestamp;
      const tail = await o.load(fieldId, new Date(Date.parse(newest) - 1));
      points = entry.points.filter((p) => p.timestamp < newest && Date.parse(p.timestamp) + o.bucketMs > dayAgo).concat(tail);
    }
    const next: Entry = { points, json: o.serialize(points), at: t, fullAt: full ? t : entry!.fullAt, refreshing: null };
    entries.delete(fieldId);
    entries.set(fieldId, next);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return next;
  }

  const waiting = new Map<string, Promise<Entry>>();
  function load(fieldId: string, entry: Entry | undefined) {
    let p = waiting.get(fieldId);
    if (!p) {
      p = refresh(fieldId, entry).finally(() => waiting.delete(fieldId));
      waiting.set(fieldId, p);
    }
    return p;
  }

  return {
    /** The field's day as the JSON body. */
    async get(fieldId: string): Promise<string> {
      const entry = entries.get(fieldId);
      const age = entry ? now() - entry.at : Infinity;
      if (entry && age < freshMs) return entry.json;
      if (entry && age < maxStaleMs) {
        if (!entry.refreshing && !waiting.has(fieldId)) {
          entry.refreshing = load(fieldId, entry).then(
            () => undefined,
            (err: unknown) => {
              entry.refreshing = null;
              o.onError?.(err);
            },
          );
        }
        return entry.json;
      }
      return (await load(fieldId, entry)).json;
    },
    get size() {
      return entries.size;
    },
  };
}
