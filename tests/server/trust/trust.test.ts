/**
 * The trust figures are measured: uptime from health samples (minute rows and their hourly roll-up), API p50/p95
 * from the latency kept per hour, satisfaction from the farmers' ratings (only of their own answers), incidents
 * from the sign-in log and sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TrustFigures } from '../../../contracts/trust';
import { apiLatencyHours, auditLog, diseaseDiagnoses, healthSamples, loginHistory } from '../../../server/src/db/schema';
import { loadConfig, type Config } from '../../../server/src/config';
import { securityReview } from '../../../server/src/modules/trust/service';
import { createTestApp, FIXTURE, type TestApp } from '../helper';

let t: TestApp;
let farmer: string;
let farmer2: string;
beforeAll(async () => {
  // These tests write samples straight into the tables between reads, so the figures are read fresh each time;
  // the cache in front of GET /trust has its own test below.
  t = await createTestApp({ config: { trustCacheSeconds: 0 } });
  farmer = (await t.login('farmer')).accessToken;
  farmer2 = (await t.login('farmer2')).accessToken;
});
afterAll(() => t.close());

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

async function figures(token = farmer): Promise<TrustFigures> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/trust', headers: t.auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('uptime and latency from known samples', () => {
  it('uptime over 24 h, 7 d and 30 d is the share of samples up; p50/p95 come from the summed hourly buckets', async () => {
    await t.db.delete(healthSamples);
    await t.db.delete(apiLatencyHours);
    const now = Date.now();
    const minute = (ago: number, up: boolean) => ({ at: new Date(now - ago), resolution: 'minute' as const, samples: 1, upSamples: up ? 1 : 0, readingsAccepted: 9, readingsRejected: 1 });
    // Last 24 h: 100 minute samples, 4 of them down.
    await t.db.insert(healthSamples).values(Array.from({ length: 100 }, (_, i) => minute((i + 1) * 10 * MIN, i >= 4)));
    // 3 days ago: an hour row of 60 samples, 30 down. 20 days ago: an hour row of 60 samples, all up.
    await t.db.insert(healthSamples).values([
      { at: new Date(now - 3 * DAY), resolution: 'hour', samples: 60, upSamples: 30 },
      { at: new Date(now - 20 * DAY), resolution: 'hour', samples: 60, upSamples: 60 },
      // Outside every period: never counted.
      { at: new Date(now - 40 * DAY), resolution: 'hour', samples: 60, upSamples: 0 },
    ]);
    // Two hours of latency: 100 + 100 requests. Summed: 20 ≤ 25 ms, 100 ≤ 50 ms, 160 ≤ 100 ms, 190 ≤ 250 ms, 200 ≤ 500 ms.
    const hourA = { '5': 0, '10': 0, '25': 10, '50': 50, '100': 80, '250': 95, '500': 100, '1000': 100, '+Inf': 100 };
    await t.db.insert(apiLatencyHours).values([
      { hour: new Date(now - 2 * HOUR), instance: 'a', count: 100, buckets: hourA },
      { hour: new Date(now - 1 * HOUR), instance: 'b', count: 100, buckets: hourA },
      // Older than 24 h: not in the p95.
      { hour: new Date(now - 2 * DAY), instance: 'a', count: 100, buckets: { '5': 0, '10': 0, '25': 0, '50': 0, '100': 0, '250': 0, '500': 0, '1000': 0, '+Inf': 100 } },
    ]);

    const f = await figures();
    expect(f.uptime.samples).toEqual({ day: 100, week: 160, month: 220 });
    expect(f.uptime.day).toBeCloseTo(96 / 100, 10);
    expect(f.uptime.week).toBeCloseTo((96 + 30) / 160, 10);
    expect(f.uptime.month).toBeCloseTo((96 + 30 + 60) / 220, 10);
    expect(f.latency.requests).toBe(200);
    // rank 100 of 200 falls at the top of the ≤ 50 ms bucket (100 there); rank 190 at the top of ≤ 250 ms.
    expect(f.latency.p50Ms).toBeCloseTo(50, 6);
    expect(f.latency.p95Ms).toBeCloseTo(250, 6);
    // 900 readings accepted and 100 refused over the day's samples.
    expect(f.accuracy.accepted).toBe(900);
    expect(f.accuracy.rejected).toBe(100);
    expect(f.accuracy.readingsAccepted).toBeCloseTo(0.9, 10);
    expect(f.demo).toBe(false);
    expect(f.score.value).not.toBeNull();
  });

  it('minute samples older than a day are rolled up into hourly rows with the same totals', async () => {
    await t.db.delete(healthSamples);
    const base = Math.floor((Date.now() - 3 * DAY) / HOUR) * HOUR;
    // Two whole hours of minutes, 3 down in the first hour.
    await t.db.insert(healthSamples).values(
      Array.from({ length: 120 }, (_, i) => ({ at: new Date(base + i * MIN), resolution: 'minute' as const, samples: 1, upSamples: i < 3 ? 0 : 1 })),
    );
    const before = (await figures()).uptime;
    expect(await t.app.healthHistory.rollUp()).toBe(2);
    const rows = await t.db.select().from(healthSamples).orderBy(healthSamples.at);
    expect(rows.map((r) => [r.resolution, r.at.getTime(), r.samples, r.upSamples])).toEqual([
      ['hour', base, 60, 57],
      ['hour', base + HOUR, 60, 60],
    ]);
    expect((await figures()).uptime).toEqual(before);
    expect(before.week).toBeCloseTo(117 / 120, 10);
  });

  it("the app's own sample records the database up and this hour's API latency", async () => {
    await t.db.delete(healthSamples);
    await t.db.delete(apiLatencyHours);
    await figures(); // an API request this hour
    const row = await t.app.healthHistory.sample();
    expect(row.upSamples).toBe(1);
    const [kept] = await t.db.select().from(healthSamples);
    expect(kept.samples).toBe(1);
    const hours = await t.db.select().from(apiLatencyHours);
    expect(hours).toHaveLength(1);
    expect(hours[0].count).toBeGreaterThanOrEqual(1);
    expect(hours[0].p95Ms).not.toBeNull();
    expect((await figures()).uptime.day).toBe(1);
  });
});

describe('the cached figures (TRUST_CACHE_SECONDS)', () => {
  it('answers repeated reads from one computation, and a rating clears it so the satisfaction share moves at once', async () => {
    const c = await createTestApp({ config: { trustCacheSeconds: 600 } });
    try {
      const token = (await c.login('farmer')).accessToken;
      const read = async () => {
        const res = await c.app.inject({ method: 'GET', url: '/api/v1/trust', headers: c.auth(token) });
        expect(res.statusCode).toBe(200);
        return res.json<TrustFigures>();
      };
      const first = await read();
      // A sample written behind the cache's back is not seen while the figures are fresh.
      await c.db.insert(healthSamples).values({ at: new Date(Date.now() - MIN), resolution: 'minute', samples: 1, upSamples: 0 });
      const second = await read();
      expect(second.generatedAt).toBe(first.generatedAt);
      expect(second.uptime.samples.day).toBe(first.uptime.samples.day);

      const ask = await c.app.inject({ method: 'POST', url: '/api/v1/chatbot', headers: c.auth(token), payload: { message: 'soil' } });
      const rated = await c.app.inject({ method: 'POST', url: '/api/v1/ratings', headers: c.auth(token), payload: { kind: 'chat', subjectId: ask.json().answerId, up: true } });
      expect(rated.statusCode).toBe(200);
      const third = await read();
      expect(third.satisfaction.total).toBe(first.satisfaction.total + 1);
      expect(third.uptime.samples.day).toBe(first.uptime.samples.day + 1);
    } finally {
      await c.close();
    }
  });
});

describe('ratings', () => {
  it('a farmer rates their chatbot answer and the satisfaction share moves; rating again replaces the rating', async () => {
    const before = (await figures()).satisfaction;
    const ask = await t.app.inject({ method: 'POST', url: '/api/v1/chatbot', headers: t.auth(farmer), payload: { message: 'How much water does cotton need?' } });
    expect(ask.statusCode).toBe(200);
    const { answerId } = ask.json();
    expect(answerId).toMatch(/^[0-9a-f-]{36}$/);
    const rate = (up: boolean, token = farmer, subjectId = answerId, kind = 'chat') =>
      t.app.inject({ method: 'POST', url: '/api/v1/ratings', headers: t.auth(token), payload: { kind, subjectId, up } });
    expect((await rate(true)).statusCode).toBe(200);
    const after = (await figures()).satisfaction;
    expect(after.total).toBe(before.total + 1);
    expect(after.positive).toBe(before.positive + 1);
    expect(after.share).toBeCloseTo(after.positive / after.total, 10);
    expect((await rate(false)).statusCode).toBe(200);
    const again = (await figures()).satisfaction;
    expect(again.total).toBe(after.total);
    expect(again.positive).toBe(after.positive - 1);
  });

  it("refuses rating someone else's answer or result, or one that does not exist, with a translated 404", async () => {
    const ask = await t.app.inject({ method: 'POST', url: '/api/v1/chatbot', headers: t.auth(farmer), payload: { message: 'soil' } });
    const { answerId } = ask.json();
    const [diagnosis] = await t.db
      .insert(diseaseDiagnoses)
      .values({ userId: FIXTURE.users.farmer.id, result: {} as never, thumbnail: 'data:,' })
      .returning({ id: diseaseDiagnoses.id });
    const before = (await figures()).satisfaction.total;
    for (const [kind, subjectId] of [
      ['chat', answerId],
      ['disease', diagnosis.id],
      ['chat', '00000000-0000-4000-8000-000000000999'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/ratings', headers: t.auth(farmer2), payload: { kind, subjectId, up: true } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message.marathi).toContain('उत्तरांना');
    }
    expect((await figures()).satisfaction.total).toBe(before);
    // Their owner may.
    const own = await t.app.inject({ method: 'POST', url: '/api/v1/ratings', headers: t.auth(farmer), payload: { kind: 'disease', subjectId: diagnosis.id, up: true } });
    expect(own.statusCode).toBe(200);
    await t.db.delete(diseaseDiagnoses).where(eq(diseaseDiagnoses.id, diagnosis.id));
  });

  it('bad input is a translated 400', async () => {
    for (const payload of [{ kind: 'photo', subjectId: '00000000-0000-4000-8000-000000000999', up: true }, { kind: 'chat', subjectId: 'x', up: true }, { kind: 'chat', up: 'yes' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/ratings', headers: t.auth(farmer), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message.hindi).toBeTruthy();
    }
  });
});

describe('incidents and the other tabs', () => {
  it('throttled sign-ins in the last 30 days count as incidents; older ones do not', async () => {
    const before = await figures();
    await t.db.insert(loginHistory).values([
      { email: 'x@example.com', status: 'throttled', createdAt: new Date() },
      { email: 'y@example.com', status: 'throttled', createdAt: new Date(Date.now() - 40 * DAY) },
    ]);
    const after = await figures();
    expect(after.incidents.throttledSignIns).toBe(before.incidents.throttledSignIns + 1);
    expect(after.incidents.total).toBe(before.incidents.total + 1);
    expect(after.security.throttledSignIns).toBe(after.incidents.throttledSignIns);
    expect(after.incidents.auditEntries).toBe(before.incidents.auditEntries);
  });

  it('a revoked device key in the audit trail counts as an incident; other audited actions do not', async () => {
    const before = await figures();
    const admin = FIXTURE.users.admin;
    await t.db.insert(auditLog).values([
      { actorId: admin.id, actorRole: 'admin', action: 'deviceKey.revoke', targetType: 'sensor', targetId: 'S-1' },
      { actorId: admin.id, actorRole: 'admin', action: 'field.create', targetType: 'field', targetId: 'F-1' },
      { actorId: admin.id, actorRole: 'admin', action: 'deviceKey.revoke', targetType: 'sensor', targetId: 'S-2', createdAt: new Date(Date.now() - 40 * DAY) },
    ]);
    const after = await figures();
    expect(after.incidents.auditEntries).toBe((before.incidents.auditEntries ?? 0) + 1);
    expect(after.incidents.total).toBe(before.incidents.total + 1);
  });

  it('community, impact and transparency are counted from the data', async () => {
    const f = await figures();
    expect(f.community.farmers).toBe(4); // the fixture's active farmers
    expect(f.community.coordinators).toBe(2);
    expect(f.impact.fieldsMonitored).toBe(4);
    expect(f.transparency.services.find((s) => s.service === 'weather')?.online).toBe(false);
    expect(f.transparency.stored.find((s) => s.data === 'chatQuestions')?.kept).toBe('never');
  });

  it('the last security review is "not recorded" until the operator sets SECURITY_REVIEW_DATE, then its day and age', async () => {
    expect((await figures()).security.review).toEqual({ date: null, daysAgo: null, summary: null, url: null });
    const config = t.app.config as Config;
    const saved = { ...config };
    Object.assign(config, {
      securityReviewDate: new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10),
      securityReviewSummary: 'Sign-in and device keys reviewed',
      securityReviewUrl: 'https://example.org/review',
    });
    try {
      const review = (await figures()).security.review;
      expect(review).toMatchObject({ date: config.securityReviewDate, summary: 'Sign-in and device keys reviewed', url: 'https://example.org/review' });
      expect([9, 10]).toContain(review.daysAgo);
    } finally {
      Object.assign(config, saved);
    }
  });

  it('SECURITY_REVIEW_DATE must be a real YYYY-MM-DD day and SECURITY_REVIEW_URL an http(s) address, else the server does not start', () => {
    const load = (env: Record<string, string>) => {
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        return loadConfig();
      } finally {
        for (const k of Object.keys(env)) delete process.env[k];
        Object.assign(process.env, saved);
      }
    };
    expect(load({ SECURITY_REVIEW_DATE: '2026-02-12' }).securityReviewDate).toBe('2026-02-12');
    expect(() => load({ SECURITY_REVIEW_DATE: '2026-02-30' })).toThrow(/YYYY-MM-DD/);
    expect(() => load({ SECURITY_REVIEW_DATE: '12/02/2026' })).toThrow(/YYYY-MM-DD/);
    expect(() => load({ SECURITY_REVIEW_URL: 'javascript:alert(1)' })).toThrow(/http\(s\)/);
    expect(securityReview({ securityReviewDate: undefined, securityReviewSummary: 'x', securityReviewUrl: 'https://e.org/' }, new Date())).toEqual({
      date: null,
      daysAgo: null,
      summary: null,
      url: null,
    });
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/trust' })).statusCode).toBe(401);
  });
});
