/** Alert routes: the admin table, acknowledge and assign with who-did-what, the coordinator list with read marks, ownership. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alertActions, users } from '../../../server/src/db/schema';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const A = FIXTURE.alerts;
const U = FIXTURE.users;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer'] as const) token[who] = (await t.login(who)).accessToken;
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: t.auth(token[who]), ...(payload ? { payload } : {}) });

describe('admin alerts table', () => {
  it('lists alerts with the table shape and filters by severity', async () => {
    const res = await call('admin', 'GET', '/admin/alerts');
    expect(res.statusCode).toBe(200);
    const { alerts } = res.json();
    const mine = alerts.find((a: { _id: string }) => a._id === A.farmer);
    expect(mine).toMatchObject({ _id: A.farmer, type: 'moisture', farmer: 'Ramesh Patil', status: 'active_unack', assignedTo: null, count: 1 });
    const sev = mine.severity;
    const other = sev === 'critical' ? 'minor' : 'critical';
    expect((await call('admin', 'GET', `/admin/alerts?severity=${sev}`)).json().alerts.every((a: { severity: string }) => a.severity === sev)).toBe(true);
    expect((await call('admin', 'GET', `/admin/alerts?severity=${other}`)).json().alerts.some((a: { _id: string }) => a._id === A.farmer)).toBe(false);
    expect((await call('admin', 'GET', '/admin/alerts?severity=extreme')).statusCode).toBe(400);
    expect((await call('coordinator', 'GET', '/admin/alerts')).statusCode).toBe(403);
    expect((await call('farmer', 'GET', '/admin/alerts')).statusCode).toBe(403);
  });

  it('assigns to an active coordinator only, recording who did it', async () => {
    expect((await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/assign`, { coordinatorId: U.farmer.id })).statusCode).toBe(400);
    const [inactive] = await t.db.insert(users).values({ name: 'Old Coord', email: 'old-coord@t.in', passwordHash: 'x', role: 'coordinator', status: 'Inactive' }).returning();
    expect((await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/assign`, { coordinatorId: inactive.id })).statusCode).toBe(400);
    expect((await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/assign`, { coordinatorId: 'nope' })).statusCode).toBe(400);
    expect((await call('coordinator', 'PATCH', `/admin/alerts/${A.farmer}/assign`, { coordinatorId: U.coordinator.id })).statusCode).toBe(403);
    const res = await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/assign`, { coordinatorId: U.coordinator.id });
    expect(res.statusCode).toBe(200);
    // Assignment is orthogonal to the status.
    expect(res.json().alert).toMatchObject({ status: 'active_unack', assignedTo: { _id: U.coordinator.id, name: 'Sunil Pawar' } });
    const acts = await t.db.select().from(alertActions).where(eq(alertActions.alertId, A.farmer));
    expect(acts).toContainEqual(expect.objectContaining({ action: 'assigned', actorId: U.admin.id, detail: { coordinatorId: U.coordinator.id, name: 'Sunil Pawar' } }));
  });

  it('acknowledges once, recording who did it', async () => {
    const res = await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/acknowledge`);
    expect(res.statusCode).toBe(200);
    expect(res.json().alert).toMatchObject({ status: 'active_ack', acknowledgedBy: { _id: U.admin.id } });
    expect((await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/acknowledge`)).statusCode).toBe(409);
    // An acknowledged, still active alert can be (re)assigned: assignment is not a status.
    expect((await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/assign`, { coordinatorId: U.coordinator.id })).statusCode).toBe(200);
    const acts = await t.db.select().from(alertActions).where(eq(alertActions.alertId, A.farmer));
    expect(acts).toContainEqual(expect.objectContaining({ action: 'acknowledged', actorId: U.admin.id }));
    expect((await call('admin', 'PATCH', '/admin/alerts/00000000-0000-4000-8000-999999999999/acknowledge')).statusCode).toBe(404);
    expect((await call('admin', 'PATCH', '/admin/alerts/not-a-uuid/acknowledge')).statusCode).toBe(400);
  });
});

describe('coordinator alerts list', () => {
  it('shows only alerts of managed farmers, with read marks that persist and never go below zero', async () => {
    const list = async (q = '') => (await call('coordinator', 'GET', `/coordinator/alerts${q}`)).json();
    const first = await list();
    expect(first.alerts.map((a: { id: string }) => a.id)).toContain(A.farmer);
    expect(first.alerts.map((a: { id: string }) => a.id)).not.toContain(A.farmer3);
    expect(first.pagination).toMatchObject({ page: 1, limit: 10 });
    const before = first.unread;
    expect(before).toBeGreaterThanOrEqual(1);
    expect(first.alerts.find((a: { id: string }) => a.id === A.farmer)).toMatchObject({ read: false, fieldName: expect.any(String), farmer: 'Ramesh Patil' });

    // The total and the unread count are the same on every page, past the end and when searching (the counts
    // ride on the page's rows, or are read apart when there is none).
    const total = first.pagination.total;
    expect(total).toBeGreaterThanOrEqual(first.alerts.length);
    const past = await list('?page=50&limit=5');
    expect(past.alerts).toEqual([]);
    expect(past.pagination).toMatchObject({ page: 50, limit: 5, total, totalPages: Math.max(1, Math.ceil(total / 5)) });
    expect(past.unread).toBe(before);
    const searched = await list('?search=ramesh');
    expect(searched.unread).toBe(before);
    expect(searched.pagination.total).toBe(searched.alerts.length);
    const none = await list('?search=zzzz-nothing');
    expect(none).toMatchObject({ alerts: [], unread: before, pagination: { total: 0, totalPages: 1 } });
    const onePerPage = await list('?limit=1');
    expect(onePerPage.alerts.map((a: { id: string }) => a.id)).toEqual([first.alerts[0].id]);
    expect(onePerPage.pagination).toMatchObject({ total, totalPages: total });
    expect(onePerPage.unread).toBe(before);
    // A filter narrows the total, not the unread count (all the caller's unread alerts).
    const resolved = await list('?state=resolved');
    expect(resolved.pagination.total).toBe(resolved.alerts.length);
    expect(resolved.unread).toBe(before);

    const read = await call('coordinator', 'POST', `/coordinator/alerts/${A.farmer}/read`);
    expect(read.json()).toEqual({ ok: true, unread: before - 1 });
    expect((await list('?page=50')).unread).toBe(before - 1);
    expect((await list('?limit=1')).unread).toBe(before - 1);
    expect((await call('coordinator', 'POST', `/coordinator/alerts/${A.farmer}/read`)).json().unread).toBe(before - 1);
    expect((await list()).alerts.find((a: { id: string }) => a.id === A.farmer).read).toBe(true);
    // Read marks are per reader.
    expect((await call('admin', 'GET', '/coordinator/alerts')).json().alerts.find((a: { id: string }) => a.id === A.farmer).read).toBe(false);

    expect((await call('coordinator', 'POST', `/coordinator/alerts/${A.farmer3}/read`)).statusCode).toBe(404);
    const all = await call('coordinator', 'POST', '/coordinator/alerts/read-all');
    expect(all.json()).toEqual({ marked: before - 1, unread: 0 });
    expect((await list()).unread).toBe(0);
    expect((await call('farmer', 'GET', '/coordinator/alerts')).statusCode).toBe(403);
  });

  it('searches message, farmer and field name and filters by severity and type', async () => {
    const ids = async (q: string) => ((await call('coordinator', 'GET', `/coordinator/alerts${q}`)).json().alerts as Array<{ id: string }>).map((a) => a.id);
    expect(await ids('?search=ramesh')).toContain(A.farmer);
    expect(await ids('?search=zzzz-nothing')).toEqual([]);
    expect(await ids('?type=moisture')).toContain(A.farmer);
    expect(await ids('?type=pest')).not.toContain(A.farmer);
    // LIKE wildcards are taken literally: no message, farmer or field name holds an underscore.
    expect(await ids('?search=_')).toEqual([]);
    expect((await call('coordinator', 'GET', '/coordinator/alerts?limit=1000')).statusCode).toBe(400);
  });
});

describe('coordinators for the assign dropdown', () => {
  it('lists active coordinators to staff only', async () => {
    const res = await call('admin', 'GET', '/coordinators');
    expect(res.statusCode).toBe(200);
    const names = res.json().users.map((u: { name: string }) => u.name);
    expect(names).toEqual(expect.arrayContaining(['Sunil Pawar', 'Meena Jadhav']));
    expect(names).not.toContain('Old Coord');
    expect((await call('farmer', 'GET', '/coordinators')).statusCode).toBe(403);
  });
});
