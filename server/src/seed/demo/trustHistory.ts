/**
 * The trust dashboard's history for the demo (issue 19): what the app would have measured over the past 30 days
 * had it been running — a minute health sample for the last day (one 4-minute database outage), hourly roll-ups
 * before that (a few bad hours), API latency per hour for the last day, and 50 farmers' ratings of chatbot answers.
 * Every row is marked `demo`, and the trust screen says its figures rest on demo data. Draws from its own random
 * stream, so the rest of the demo world is unchanged.
 */
import { apiLatencyHours, chatAnswers, healthSamples, ratings } from '../../db/schema';
import { LATENCY_BUCKETS_MS } from '../../domain/trust/figures';
import { createRandom } from '../prng';
import { DAY, type DemoWorld, type UserRow } from './world';

const MIN = 60_000;
const HOUR = 3_600_000;
/** Cumulative share of requests within each bound of LATENCY_BUCKETS_MS: most answers in tens of milliseconds. */
const SHAPE = [0.07, 0.24, 0.56, 0.79, 0.91, 0.968, 0.991, 0.998, 1, 1, 1];

export async function writeTrustHistory({ db, end }: DemoWorld, farmers: UserRow[]) {
  const rng = createRandom(19_2026);
  const now = Math.floor(end / MIN) * MIN;

  const minutes = Array.from({ length: 24 * 60 }, (_, i) => {
    const at = now - (i + 1) * MIN;
    const down = i >= 540 && i < 544; // nine hours ago, four minutes without the database
    const accepted = 38 + Math.floor(rng.next() * 8);
    return {
      at: new Date(at),
      resolution: 'minute' as const,
      samples: 1,
      upSamples: down ? 0 : 1,
      brokerDownSamples: 0,
      ingestQueuedMax: Math.floor(rng.next() * 40),
      readingsAccepted: down ? 0 : accepted,
      readingsRejected: rng.next() < 0.3 ? 1 : 0,
      demo: true,
    };
  });
  const firstHour = Math.floor((now - DAY) / HOUR) * HOUR;
  const hours = Array.from({ length: 29 * 24 }, (_, i) => {
    const bad = rng.next() < 0.01;
    return {
      at: new Date(firstHour - (i + 1) * HOUR),
      resolution: 'hour' as const,
      samples: 60,
      upSamples: bad ? 60 - 1 - Math.floor(rng.next() * 10) : 60,
      brokerDownSamples: 0,
      ingestQueuedMax: Math.floor(rng.next() * 80),
      readingsAccepted: 2300 + Math.floor(rng.next() * 400),
      readingsRejected: Math.floor(rng.next() * 30),
      demo: true,
    };
  });
  for (let i = 0; i < minutes.length; i += 1000) await db.insert(healthSamples).values(minutes.slice(i, i + 1000));
  await db.insert(healthSamples).values(hours);

  const thisHour = Math.floor(now / HOUR) * HOUR;
  await db.insert(apiLatencyHours).values(
    Array.from({ length: 24 }, (_, i) => {
      const count = 300 + Math.floor(rng.next() * 600);
      const slow = 1 + rng.next() * 0.3; // some hours a little slower: every share raised to this power
      const buckets: Record<string, number> = {};
      LATENCY_BUCKETS_MS.forEach((ms, j) => (buckets[String(ms)] = Math.round(count * SHAPE[j] ** slow)));
      buckets['+Inf'] = count;
      return { hour: new Date(thisHour - (i + 1) * HOUR), instance: 'demo', count, buckets, p50Ms: null, p95Ms: null, demo: true };
    }),
  );

  const active = farmers.filter((f) => f.status !== 'Inactive');
  const answers = await db
    .insert(chatAnswers)
    .values(Array.from({ length: 50 }, (_, i) => ({ userId: active[i % active.length].id!, createdAt: new Date(now - Math.floor(rng.next() * 29 * DAY) - i * MIN) })))
    .returning({ id: chatAnswers.id, userId: chatAnswers.userId, createdAt: chatAnswers.createdAt });
  await db.insert(ratings).values(
    answers.map((a) => ({ userId: a.userId, subjectKind: 'chat' as const, subjectId: a.id, up: rng.next() < 0.82, demo: true, createdAt: new Date(a.createdAt.getTime() + 2 * MIN) })),
  );
}
