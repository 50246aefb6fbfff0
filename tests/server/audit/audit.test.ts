/**
 * The audit trail (issue 19): each audited action writes exactly one entry with who, from where and the
 * changed fields before/after (never a secret); admins do not see superadmins' entries; no route changes or
 * removes an entry and the table itself refuses it; a change that rolls back leaves no entry.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/src/db/schema';
import { countByAction } from '../../../server/src/modules/audit/repository';
import { recordAudit } from '../../../server/src/lib/audit';
import type { AuditEntry, AuditPage } from '../../../contracts/audit';
import { createTestApp, FIXTURE, type FixtureUser, type TestApp } from '../helper';
import { multipart } from '../support/multipart';

const U = FIXTURE.users;
const F = FIXTURE.fields;
let t: TestApp;
const tokens: Partial<Record<FixtureUser, string>> = {};
const UA = 'AuditTest/1.0 (Android 14; Pixel 7)';

async function as(who: FixtureUser) {
  tokens[who] ??= (await t.login(who)).accessToken;
  return { ...t.auth(tokens[who]!), 'user-agent': UA };
}
const IP = '203.0.113.7';

async function count() {
  const r = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`);
  return (r.rows[0] as { n: number }).n;
}

/** Runs `act`, then expects exactly one new entry and returns it (read through GET /audit as the superadmin). */
async function oneEntry(act: () => Promise<{ statusCode: number; body: string }>, status = 200): Promise<AuditEntry> {
  const before = await count();
  const res = await act();
  expect(res.statusCode, res.body).toBe(status);
  expect(await count()).toBe(before + 1);
  const page = await t.app.inject({ method: 'GET', url: '/api/v1/audit?limit=1', headers: await as('superadmin') });
  expect(page.statusCode).toBe(200);
  return (page.json() as AuditPage).entries[0];
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('each staff action writes one entry with what changed', () => {
  it('editing a farmer: who, from where, only the changed fields', async () => {
    const e = await oneEntry(async () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/farmer/${U.farmer2.id}`,
        remoteAddress: IP,
        headers: await as('admin'),
        payload: { name: 'Sita Shinde-Patil', email: U.farmer2.email, phoneNumber: '9800000022' },
      }),
    );
    expect(e.action).toBe('user.edit');
    expect(e.actor).toEqual({ _id: U.admin.id, name: 'Asha Admin', role: 'admin' });
    expect(e.ipAddress).toBe(IP);
    expect(e.userAgent).toBe(UA);
    expect(e.target).toEqual({ type: 'user', id: U.farmer2.id, name: 'Sita Shinde-Patil' });
    expect(e.changes.name).toEqual({ before: 'Sita Shinde', after: 'Sita Shinde-Patil' });
    expect(e.changes.email).toBeUndefined(); // unchanged fields are not listed
  });

  it('deactivating a farmer', async () => {
    const e = await oneEntry(async () => t.app.inject({ method: 'PATCH', url: `/api/v1/admin/farmer/${U.farmer4.id}/deactivate`, headers: await as('admin') }));
    expect(e).toMatchObject({ action: 'user.deactivate', target: { type: 'user', id: U.farmer4.id }, changes: { status: { before: 'Active', after: 'Inactive' } } });
  });

  it('reassigning a farmer to another coordinator', async () => {
    const e = await oneEntry(async () =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/admin/farmer/${U.farmer3.id}/assign-coordinator`, headers: await as('admin'), payload: { coordinatorId: U.coordinator.id } }),
    );
    expect(e).toMatchObject({ action: 'farmer.reassign', changes: { managedBy: { before: U.coordinator2.id, after: U.coordinator.id } } });
  });

  it('adding a user never records the password', async () => {
    const e = await oneEntry(
      async () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          headers: await as('admin'),
          payload: { name: 'Nava Samanvayak', email: 'nava@test.shetmitra.in', password: 'Kheti#Pani2026', role: 'coordinator', phoneNumber: '9800000099' },
        }),
      201,
    );
    expect(e).toMatchObject({ action: 'user.create', changes: { role: { before: null, after: 'coordinator' }, email: { before: null, after: 'nava@test.shetmitra.in' } } });
    const raw = await t.db.execute(sql`select changes::text as c from audit_log where action = 'user.create'`);
    expect(JSON.stringify(raw.rows)).not.toMatch(/Kheti#Pani2026|argon2|password/i);
  });

  it('adding a field and setting its location', async () => {
    const created = await oneEntry(
      async () =>
        t.app.inject({ method: 'POST', url: '/api/v1/fields', headers: await as('coordinator'), payload: { fieldId: 'FLD777001AAA', name: 'Audit plot', farmerId: U.farmer.id } }),
      201,
    );
    expect(created).toMatchObject({ action: 'field.create', actor: { role: 'coordinator' }, changes: { fieldId: { before: null, after: 'FLD777001AAA' } } });
    const located = await oneEntry(async () =>
      t.app.inject({ method: 'PUT', url: `/api/v1/admin/fields/${created.target.id}/location`, headers: await as('coordinator'), payload: { lat: 19.5, lng: 75.25 } }),
    );
    expect(located).toMatchObject({ action: 'field.locate', target: { type: 'field', name: 'Audit plot' }, changes: { lat: { after: 19.5 }, lng: { after: 75.25 } } });
  });

  it('acknowledging, assigning and clearing an alert (alongside its timeline)', async () => {
    const id = FIXTURE.alerts.farmer;
    const ack = await oneEntry(async () => t.app.inject({ method: 'PATCH', url: `/api/v1/admin/alerts/${id}/acknowledge`, headers: await as('admin'), payload: {} }));
    expect(ack).toMatchObject({ action: 'alert.acknowledge', target: { type: 'alert', id }, changes: { status: { before: 'active_unack', after: 'active_ack' } } });
    const assign = await oneEntry(async () =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/admin/alerts/${id}/assign`, headers: await as('admin'), payload: { coordinatorId: U.coordinator2.id } }),
    );
    expect(assign).toMatchObject({ action: 'alert.assign', changes: { assignedTo: { before: null, after: U.coordinator2.id } } });
    const cleared = await oneEntry(async () => t.app.inject({ method: 'PATCH', url: `/api/v1/alerts/${id}/clear`, headers: await as('admin') }));
    expect(cleared).toMatchObject({ action: 'alert.clear', changes: { status: { before: 'active_ack', after: 'cleared_ack' } } });
  });

  it('importing and exporting farmers', async () => {
    const csv = 'Name,Email,Phone\nAudit Farmer,audit.farmer@test.shetmitra.in,9800000077\nBad,not-an-email,1\n';
    const { payload, headers } = multipart([{ name: 'file', filename: 'farmers.csv', contentType: 'text/csv', data: csv }]);
    const imp = await oneEntry(async () => t.app.inject({ method: 'POST', url: '/api/v1/admin/farmers/import', payload, headers: { ...headers, ...(await as('admin')) } }));
    expect(imp).toMatchObject({ action: 'farmers.import', target: { type: 'farmers', id: null }, changes: { imported: { after: 1 }, rejected: { after: 1 } } });
    const exp = await oneEntry(async () => t.app.inject({ method: 'GET', url: '/api/v1/admin/farmers/export', headers: await as('admin') }));
    expect(exp.action).toBe('farmers.export');
    expect(exp.changes.rows.after).toBeGreaterThan(0);
  });

  it("a staff download of a field's readings and of the delivery log; a farmer's own download is not a staff action", async () => {
    const range = `from=${encodeURIComponent('2026-01-01T00:00:00.000Z')}&to=${encodeURIComponent('2026-01-08T00:00:00.000Z')}`;
    const readings = await oneEntry(async () =>
      t.app.inject({ method: 'GET', url: `/api/v1/fields/${F.farmer.id}/readings/export?${range}`, headers: await as('coordinator') }),
    );
    expect(readings).toMatchObject({
      action: 'readings.export',
      target: { type: 'field', id: F.farmer.id },
      changes: { from: { after: '2026-01-01T00:00:00.000Z' }, to: { after: '2026-01-08T00:00:00.000Z' } },
    });
    const before = await count();
    // (a token of its own: the farmer's sessions are ended further down, which would void a cached one)
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/fields/${F.farmer.id}/readings/export?${range}`, headers: t.auth((await t.login('farmer')).accessToken) });
    expect(own.statusCode).toBe(200);
    // A refused export (a reversed range) writes nothing either.
    const reversed = await t.app.inject({ method: 'GET', url: `/api/v1/fields/${F.farmer.id}/readings/export?from=2026-01-08&to=2026-01-01`, headers: await as('admin') });
    expect(reversed.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/notification-deliveries?status=sent', headers: await as('admin') });
    expect(list.statusCode).toBe(200);
    expect(await count()).toBe(before);
    const log = await oneEntry(async () => t.app.inject({ method: 'GET', url: '/api/v1/admin/notification-deliveries?format=csv&channel=sms', headers: await as('admin') }));
    expect(log).toMatchObject({ action: 'deliveries.export', target: { type: 'deliveries', id: null }, changes: { channel: { after: 'sms' }, rows: { after: 0 } } });
  });

  it('clearing a sign-in wait and ending sessions', async () => {
    await t.login('farmer');
    const cleared = await oneEntry(async () => t.app.inject({ method: 'POST', url: `/api/v1/admin/users/${U.farmer.id}/sign-in/clear`, headers: await as('admin') }));
    expect(cleared).toMatchObject({ action: 'signIn.clear', target: { type: 'user', id: U.farmer.id } });
    const ended = await oneEntry(async () => t.app.inject({ method: 'POST', url: `/api/v1/admin/users/${U.farmer.id}/sessions/end`, headers: await as('admin') }));
    expect(ended.action).toBe('sessions.end');
    expect(ended.changes.sessionsEnded.after).toBeGreaterThanOrEqual(1);
  });

  it('issuing and revoking a device key never records the key', async () => {
    let key = '';
    const issued = await oneEntry(async () => {
      const r = await t.app.inject({ method: 'POST', url: `/api/v1/sensors/${F.farmer2.moistureSensor}/device-key`, headers: await as('coordinator') });
      key = r.json().deviceKey;
      return r;
    }, 201);
    expect(issued.action).toBe('deviceKey.issue');
    const revoked = await oneEntry(async () => t.app.inject({ method: 'DELETE', url: `/api/v1/sensors/${F.farmer2.moistureSensor}/device-key`, headers: await as('coordinator') }), 204);
    expect(revoked.changes).toEqual({ deviceKeyActive: { before: true, after: false } });
    const all = await t.db.execute(sql`select changes::text as c from audit_log`);
    expect(key.length).toBeGreaterThan(10);
    expect(JSON.stringify(all.rows)).not.toContain(key.split('.').pop()!);
  });

  it('editing and deactivating a coordinator', async () => {
    const edited = await oneEntry(async () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/coordinator/${U.coordinator2.id}`,
        headers: await as('admin'),
        payload: { name: 'Meena Jadhav-Kale', email: U.coordinator2.email, phoneNumber: '9800000012' },
      }),
    );
    expect(edited).toMatchObject({ action: 'user.edit', target: { type: 'user', id: U.coordinator2.id }, changes: { name: { before: 'Meena Jadhav', after: 'Meena Jadhav-Kale' } } });
    const deactivated = await oneEntry(async () => t.app.inject({ method: 'PATCH', url: `/api/v1/admin/coordinator/${U.coordinator2.id}/deactivate`, headers: await as('admin') }));
    expect(deactivated).toMatchObject({ action: 'user.deactivate', target: { id: U.coordinator2.id }, changes: { status: { before: 'Active', after: 'Inactive' } } });
  });

  it('mapping a field by GPS and moving its pin from the phone', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/fields', headers: await as('admin'), payload: { fieldId: 'FLD777002AAA', name: 'GPS plot', farmerId: U.farmer.id } });
    expect(created.statusCode, created.body).toBe(201);
    const fieldId = created.json().field._id as string;
    const mapped = await oneEntry(
      async () => t.app.inject({ method: 'POST', url: '/api/v1/gps-mapping', headers: await as('admin'), payload: { fieldId, name: 'GPS plot', coordinates: [75.3, 19.6] } }),
      201,
    );
    expect(mapped).toMatchObject({ action: 'field.locate', target: { type: 'field', id: fieldId }, changes: { lat: { after: 19.6 }, lng: { after: 75.3 } } });
    const moved = await oneEntry(async () =>
      t.app.inject({ method: 'PUT', url: `/api/v1/gps-mapping/mobile/location/${fieldId}`, headers: await as('admin'), payload: { coordinates: [75.301, 19.601], accuracy: 8 } }),
    );
    expect(moved).toMatchObject({ action: 'field.locate', changes: { lat: { before: 19.6, after: 19.601 }, lng: { before: 75.3, after: 75.301 } } });
  });

  it('a refused action writes nothing', async () => {
    const before = await count();
    // Another coordinator's farmer: 404, and a taken e-mail: 409.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/farmer/${U.farmer.id}/deactivate`, headers: await as('coordinator') })).statusCode).toBe(403);
    const taken = await t.app.inject({ method: 'PUT', url: `/api/v1/admin/farmer/${U.farmer.id}`, headers: await as('admin'), payload: { name: 'X', email: U.farmer3.email, phoneNumber: '9800000021' } });
    expect(taken.statusCode).toBe(409);
    expect(await count()).toBe(before);
  });
});

describe('who sees what', () => {
  it("an admin never sees a superadmin's entries; a superadmin sees them", async () => {
    const e = await oneEntry(async () => t.app.inject({ method: 'PATCH', url: `/api/v1/admin/farmer/${U.farmer2.id}/deactivate`, headers: await as('superadmin') }));
    expect(e.actor.role).toBe('superadmin');
    const admin = (await t.app.inject({ method: 'GET', url: '/api/v1/audit?limit=100', headers: await as('admin') })).json() as AuditPage;
    expect(admin.entries.length).toBeGreaterThan(0);
    expect(admin.entries.some((x) => x.actor.role === 'superadmin')).toBe(false);
    const bySuper = (await t.app.inject({ method: 'GET', url: `/api/v1/audit?actor=${U.superadmin.id}`, headers: await as('admin') })).json() as AuditPage;
    expect(bySuper.pagination.total).toBe(0);
    const csv = (await t.app.inject({ method: 'GET', url: '/api/v1/audit/export', headers: await as('admin') })).body;
    expect(csv).not.toContain(U.superadmin.id);
    const actors = (await t.app.inject({ method: 'GET', url: '/api/v1/audit/actors', headers: await as('admin') })).json();
    expect(actors.actors.map((a: { _id: string }) => a._id)).not.toContain(U.superadmin.id);
    const superPage = (await t.app.inject({ method: 'GET', url: `/api/v1/audit?actor=${U.superadmin.id}`, headers: await as('superadmin') })).json() as AuditPage;
    expect(superPage.pagination.total).toBeGreaterThanOrEqual(1);
  });

  it('coordinators and farmers get 403', async () => {
    for (const who of ['coordinator', 'farmer'] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit', headers: await as(who) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit/export', headers: await as(who) })).statusCode).toBe(403);
    }
  });

  it('filters by action, target, actor and date, and pages', async () => {
    const h = await as('superadmin');
    const byAction = (await t.app.inject({ method: 'GET', url: '/api/v1/audit?action=alert.assign', headers: h })).json() as AuditPage;
    expect(byAction.entries.map((e) => e.action)).toEqual(['alert.assign']);
    const byTarget = (await t.app.inject({ method: 'GET', url: `/api/v1/audit?targetType=user&targetId=${U.farmer4.id}`, headers: h })).json() as AuditPage;
    expect(byTarget.entries.every((e) => e.target.id === U.farmer4.id)).toBe(true);
    expect(byTarget.entries.length).toBe(1);
    const byActor = (await t.app.inject({ method: 'GET', url: `/api/v1/audit?actor=${U.coordinator.id}`, headers: h })).json() as AuditPage;
    expect(byActor.entries.length).toBeGreaterThanOrEqual(4);
    expect(byActor.entries.every((e) => e.actor._id === U.coordinator.id)).toBe(true);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const none = (await t.app.inject({ method: 'GET', url: `/api/v1/audit?from=${encodeURIComponent(future)}`, headers: h })).json() as AuditPage;
    expect(none.pagination.total).toBe(0);
    const p1 = (await t.app.inject({ method: 'GET', url: '/api/v1/audit?limit=2&page=1', headers: h })).json() as AuditPage;
    const p2 = (await t.app.inject({ method: 'GET', url: '/api/v1/audit?limit=2&page=2', headers: h })).json() as AuditPage;
    expect(p1.entries).toHaveLength(2);
    expect(p2.entries[0]._id).not.toBe(p1.entries[1]._id);
    expect(p1.pagination.totalPages).toBe(Math.ceil(p1.pagination.total / 2));
  });

  it('the CSV export streams every matching entry and is itself recorded', async () => {
    const before = await count();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/audit/export?action=user.deactivate', headers: await as('superadmin') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toMatch(/^Time \(UTC\),Actor,/);
    expect(lines.slice(1).every((l) => l.includes('user.deactivate'))).toBe(true);
    expect(lines).toHaveLength(1 + 3); // farmer4 and coordinator2 by the admin, farmer2 by the superadmin
    expect(await count()).toBe(before + 1);
  });
});

describe('bad input is a translated 4xx', () => {
  it.each([
    ['reversed dates', `from=${encodeURIComponent('2026-05-02T00:00:00Z')}&to=${encodeURIComponent('2026-05-01T00:00:00Z')}`],
    ['an unknown action', 'action=user.delete'],
    ['a huge page', 'limit=100000'],
    ['a page of zero', 'page=0'],
    ['a bad date', 'from=yesterday'],
    ['a bad actor id', 'actor=42'],
  ])('%s → 400', async (_, q) => {
    for (const url of [`/api/v1/audit?${q}`, `/api/v1/audit/export?${q.replace(/limit=\d+|page=\d+/, 'unknown=1')}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...(await as('admin')), 'accept-language': 'mr' } });
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expect(body.message.marathi).toMatch(/[\u0900-\u097F]/);
    }
  });
});

describe('entries cannot be changed or removed', () => {
  it('no route under /audit changes or removes an entry', async () => {
    const [{ id }] = await t.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST'] as const) {
      for (const url of ['/api/v1/audit', `/api/v1/audit/${id}`]) {
        const res = await t.app.inject({ method, url, headers: await as('superadmin'), payload: method === 'DELETE' ? undefined : { action: 'user.edit' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toMatch(/audit/);
    expect(routes.split('\n').filter((l) => /audit/.test(l)).join('\n')).not.toMatch(/DELETE|PUT|PATCH|POST/);
  });

  it('the table refuses UPDATE, DELETE and TRUNCATE', async () => {
    const before = await count();
    await expect(t.db.execute(sql`update audit_log set action = 'user.create'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await count()).toBe(before);
  });
});

describe('same transaction as the change', () => {
  it('a change that rolls back leaves no entry', async () => {
    const before = await count();
    const admin = { id: U.admin.id, role: 'admin' as const };
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, admin, { action: 'user.edit', target: { type: 'user', id: U.farmer.id }, before: { name: 'a' }, after: { name: 'b' } });
        await tx.execute(sql`update users set email = ${U.farmer3.email} where id = ${U.farmer.id}`); // unique e-mail: fails
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  it('countByAction counts entries since a time (the trust dashboard reads it)', async () => {
    const counts = await countByAction(t.db, new Date(Date.now() - 3_600_000));
    expect(counts['user.deactivate']).toBe(3);
    expect(counts['sessions.end']).toBe(1);
    expect(await countByAction(t.db, new Date(Date.now() + 60_000))).toEqual({});
  });
});
