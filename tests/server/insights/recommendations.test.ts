/** AI recommendation routes: staff only, ownership through fieldScope, the lifecycle enforced on the server, real generation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiRecommendations, fields } from '../../../server/src/db/schema';
import { seasonOf } from '../../../server/src/domain/recommendations/season';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const F = FIXTURE.fields;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer'] as const) token[who] = (await t.login(who)).accessToken;
  // Medium-black Latur soil, a little short of phosphorus.
  await t.db
    .update(fields)
    .set({ ph: 7.2, nitrogen: 300, phosphorus: 12, potassium: 320, district: 'Latur', areaValue: 2, areaUnit: 'hectares' })
    .where(eq(fields.id, F.farmer.id));
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: t.auth(token[who]), ...(payload ? { payload } : {}) });

type Rec = { _id: string; fieldId: string; status: string; season: string; confidence: number; expectedYield: number; riskFactors: unknown[]; recommendations: unknown[] };

describe('generate', () => {
  let made: Rec[] = [];

  it("generates rule-based recommendations from the field's soil, district and season and stores them", async () => {
    const res = await call('coordinator', 'POST', '/ai-recommendations/generate', { fieldId: F.farmer.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.method).toBe('rule-based');
    made = body.recommendations;
    expect(made.length).toBeGreaterThan(0);
    for (const r of made) {
      expect(r).toMatchObject({ fieldId: F.farmer.id, status: 'pending', season: seasonOf(new Date()), yieldUnit: 'quintal' });
      expect(r.confidence).toBeGreaterThanOrEqual(40);
      expect(r.expectedYield).toBeGreaterThan(0);
      expect(r.recommendations.length).toBeGreaterThan(0);
    }
    const stored = await t.db.select().from(aiRecommendations).where(eq(aiRecommendations.fieldId, F.farmer.id));
    expect(stored).toHaveLength(made.length);
  });

  it('lists them for the owner, by field, and counts them in the stats', async () => {
    const all = (await call('coordinator', 'GET', '/ai-recommendations')).json().recommendations as Rec[];
    expect(all.map((r) => r._id).sort()).toEqual(made.map((r) => r._id).sort());
    const byField = (await call('coordinator', 'GET', `/ai-recommendations?fieldId=${F.farmer2.id}`)).json().recommendations;
    expect(byField).toEqual([]);
    const stats = (await call('coordinator', 'GET', '/ai-recommendations/stats')).json().stats;
    expect(stats).toEqual({ total: made.length, implemented: 0, implementationRate: 0 });
  });

  it("hides another coordinator's field and recommendations (404 / empty)", async () => {
    expect((await call('coordinator2', 'POST', '/ai-recommendations/generate', { fieldId: F.farmer.id })).statusCode).toBe(404);
    expect((await call('coordinator2', 'GET', `/ai-recommendations?fieldId=${F.farmer.id}`)).statusCode).toBe(404);
    expect((await call('coordinator2', 'GET', '/ai-recommendations')).json().recommendations).toEqual([]);
    expect((await call('coordinator2', 'PUT', `/ai-recommendations/${made[0]._id}/status`, { status: 'approved' })).statusCode).toBe(404);
    expect((await call('coordinator2', 'GET', '/ai-recommendations/stats')).json().stats.total).toBe(0);
  });

  it('refuses farmers (403) and a field without a soil test (422, translated)', async () => {
    expect((await call('farmer', 'GET', '/ai-recommendations')).statusCode).toBe(403);
    expect((await call('farmer', 'POST', '/ai-recommendations/generate', { fieldId: F.farmer.id })).statusCode).toBe(403);
    const res = await call('coordinator', 'POST', '/ai-recommendations/generate', { fieldId: F.farmer2.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().message.marathi).toContain('माती परीक्षण');
    expect((await call('coordinator', 'POST', '/ai-recommendations/generate', { fieldId: 'nope' })).statusCode).toBe(400);
    expect((await call('coordinator', 'POST', '/ai-recommendations/generate', { fieldId: F.farmer.id, extra: 1 })).statusCode).toBe(400);
  });

  it('enforces the lifecycle: pending → approved → implemented; rejected is final; bad status 400', async () => {
    const put = (id: string, status: string, who = 'coordinator') => call(who, 'PUT', `/ai-recommendations/${id}/status`, { status });
    const [a, b] = made.length >= 2 ? made : [made[0], made[0]];
    expect((await put(a._id, 'finished')).statusCode).toBe(400);
    expect((await put(a._id, 'pending')).statusCode).toBe(409);
    const approved = await put(a._id, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().recommendation.status).toBe('approved');
    const again = await put(a._id, 'rejected');
    expect(again.statusCode).toBe(409);
    expect(again.json().message.english).toBe('This recommendation cannot move to that status.');
    expect((await put(a._id, 'implemented')).json().recommendation.status).toBe('implemented');
    expect((await put(a._id, 'implemented')).statusCode).toBe(409);
    expect((await call('admin', 'GET', '/ai-recommendations/stats')).json().stats).toMatchObject({ implemented: 1, total: made.length });
    if (b !== a) {
      expect((await put(b._id, 'rejected', 'admin')).statusCode).toBe(200);
      expect((await put(b._id, 'implemented')).statusCode).toBe(409);
      expect((await put(b._id, 'approved')).statusCode).toBe(409);
    }
  });
});
