/**
 * Urgent alerts are never buried: both alert lists put active alerts first, then critical, major, minor, warning, then the
 * newest; they page on the server and filter by state (open/resolved), status (active/cleared × unack/ack), severity, type and field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../../server/src/db/schema';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const F = FIXTURE.fields;
const U = FIXTURE.users;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator'] as const) token[who] = (await t.login(who)).accessToken;
  // On farmer2's field (coordinator's farmer): a newer cleared critical, newer active minor/warning, and an older active critical.
  const base = { fieldId: F.farmer2.id, farmerId: U.farmer2.id, value: null, threshold: null };
  await t.db.insert(alerts).values([
    { ...base, type: 'moisture', severity: 'critical', status: 'cleared_unack', message: 'Resolved high (newest)', createdAt: minutesAgo(1), resolvedAt: minutesAgo(0) },
    { ...base, type: 'temperature', severity: 'minor', status: 'active_unack', message: 'Open low (new)', createdAt: minutesAgo(2) },
    { ...base, type: 'pest', severity: 'warning', status: 'active_unack', message: 'Open warning (newer)', createdAt: minutesAgo(1.5) },
    { ...base, type: 'offline', severity: 'major', status: 'active_ack', message: 'Open medium', createdAt: minutesAgo(3) },
    { ...base, type: 'moisture', severity: 'critical', status: 'active_unack', message: 'Open high 3.5 % (old)', value: 3.5, threshold: 25, createdAt: minutesAgo(600) },
  ]);
});
afterAll(() => t.close());

const get = async (who: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: t.auth(token[who]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const messages = (body: { alerts: Array<{ message: string; fieldId: string }> }) =>
  body.alerts.filter((a) => a.fieldId === F.farmer2.id).map((a) => a.message);
const rank = (a: { resolvedAt: string | null; severity: string; createdAt: string }) =>
  [a.resolvedAt === null ? 0 : 1, { critical: 0, major: 1, minor: 2, warning: 3 }[a.severity]!, -Date.parse(a.createdAt)];

describe('alert order', () => {
  it.each([['admin', '/admin/alerts?limit=100'], ['coordinator', '/coordinator/alerts?limit=100']])('%s: open first, then severity, then newest', async (who, url) => {
    const body = await get(who, url);
    expect(messages(body)).toEqual(['Open high 3.5 % (old)', 'Open medium', 'Open low (new)', 'Open warning (newer)', 'Resolved high (newest)']);
    const ranks = body.alerts.map(rank);
    const sorted = [...ranks].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    expect(ranks).toEqual(sorted);
  });

  it('the old open high alert is on the first page of one', async () => {
    const body = await get('coordinator', `/coordinator/alerts?limit=1&fieldId=${F.farmer2.id}`);
    expect(messages(body)).toEqual(['Open high 3.5 % (old)']);
    expect(body.pagination).toMatchObject({ page: 1, limit: 1, total: 5, totalPages: 5 });
    expect(messages(await get('coordinator', `/coordinator/alerts?limit=1&page=5&fieldId=${F.farmer2.id}`))).toEqual(['Resolved high (newest)']);
  });
});

describe('alert filters', () => {
  it.each(['/admin/alerts', '/coordinator/alerts'])('%s filters by state, status, type, severity and field', async (path) => {
    const who = path.startsWith('/admin') ? 'admin' : 'coordinator';
    const on = `fieldId=${F.farmer2.id}`;
    expect(messages(await get(who, `${path}?${on}&state=resolved`))).toEqual(['Resolved high (newest)']);
    expect(messages(await get(who, `${path}?${on}&state=open`))).toEqual(['Open high 3.5 % (old)', 'Open medium', 'Open low (new)', 'Open warning (newer)']);
    expect(messages(await get(who, `${path}?${on}&status=active_ack`))).toEqual(['Open medium']);
    expect(messages(await get(who, `${path}?${on}&status=cleared_unack`))).toEqual(['Resolved high (newest)']);
    expect(messages(await get(who, `${path}?${on}&status=active_unack&severity=warning`))).toEqual(['Open warning (newer)']);
    expect(messages(await get(who, `${path}?${on}&type=temperature`))).toEqual(['Open low (new)']);
    expect(messages(await get(who, `${path}?${on}&severity=critical&state=open`))).toEqual(['Open high 3.5 % (old)']);
    const other = await get(who, `${path}?fieldId=${F.farmer.id}`);
    expect(other.alerts.every((a: { fieldId: string }) => a.fieldId === F.farmer.id)).toBe(true);
  });

  it('refuses unknown filter values with a translated 400', async () => {
    for (const q of ['state=closed', 'status=done', 'status=acknowledged', 'severity=high', 'fieldId=not-a-uuid', 'type=flood']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/alerts?${q}`, headers: t.auth(token.admin) });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatchObject({ english: expect.any(String), marathi: expect.any(String), hindi: expect.any(String) });
    }
  });
});
