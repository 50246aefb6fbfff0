/**
 * The staff routes through the real app: role and ownership on every route (a coordinator walks every
 * route with the other coordinator's ids), import/export over multipart, deactivation ending sessions,
 * and a message reaching the farmer live and in their inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { users } from '../../../server/src/db/schema';
import { FIXTURE, createTestApp, type FixtureUser, type TestApp } from '../helper';

let t: TestApp;
const tokens: Partial<Record<FixtureUser, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer', 'farmer3'] as const) tokens[who] = (await t.login(who)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const call = (who: FixtureUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload: payload as never, headers: who ? t.auth(tokens[who]!) : {} });

function multipart(filename: string, content: string) {
  const boundary = '----staffboundary';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const other = { farmer: FIXTURE.users.farmer3.id, field: FIXTURE.fields.farmer3.id, fieldCode: FIXTURE.fields.farmer3.fieldId };
const edit = { name: 'Changed', email: 'changed@test.shetmitra.in', phoneNumber: '9999999999' };

describe('ownership: coordinator with the other coordinator’s ids', () => {
  const routes: [string, 'GET' | 'POST' | 'PUT' | 'PATCH', string, unknown?][] = [
    ['read farmer', 'GET', `/admin/farmer/${other.farmer}`],
    ['edit farmer', 'PUT', `/admin/farmer/${other.farmer}`, edit],
    ['field details', 'GET', `/admin/fields/${other.field}`],
    ['field details by code', 'GET', `/admin/fields/${other.fieldCode}`],
    ['set location', 'PUT', `/admin/fields/${other.field}/location`, { lat: 19, lng: 75 }],
    ['message', 'POST', '/coordinator/send-message', { farmerIds: [other.farmer], subject: 'Hi', message: 'Hello' }],
    ['field for farmer', 'POST', '/fields', { fieldId: 'FLD999001AAA', name: 'Not mine', farmerId: other.farmer }],
  ];
  it.each(routes)('%s → 404', async (_, method, url, body) => {
    const res = await call('coordinator', method, url, body);
    expect(res.statusCode, res.body).toBe(404);
  });

  it('admin-only routes → 403', async () => {
    for (const [method, url, body] of [
      ['PATCH', `/admin/farmer/${FIXTURE.users.farmer.id}/deactivate`],
      ['PATCH', `/admin/farmer/${FIXTURE.users.farmer.id}/assign-coordinator`, { coordinatorId: FIXTURE.users.coordinator2.id }],
      ['GET', '/admin/farmers'],
      ['GET', '/admin/coordinators'],
      ['PUT', `/admin/coordinator/${FIXTURE.users.coordinator2.id}`, edit],
      ['PATCH', `/admin/coordinator/${FIXTURE.users.coordinator2.id}/deactivate`],
      ['GET', '/admin/farmers/export'],
      ['GET', '/admin/overview'],
    ] as const) {
      const res = await call('coordinator', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists only show their own farmers and fields', async () => {
    const farmers = (await call('coordinator', 'GET', '/coordinator/managed-farmers?limit=100')).json();
    expect(farmers.farmers.map((f: { _id: string }) => f._id).sort()).toEqual(
      [FIXTURE.users.farmer.id, FIXTURE.users.farmer2.id, FIXTURE.users.inactive.id].sort(),
    );
    for (const url of ['/coordinator/field-overview', '/admin/fields', '/fields', '/fields/map']) {
      const body = (await call('coordinator', 'GET', url)).json();
      const rows = url === '/fields' ? body.data.fields : url === '/fields/map' ? body.fieldId.map((fieldId: string) => ({ fieldId })) : body.fields;
      expect(rows.map((f: { fieldId: string }) => f.fieldId).sort(), url).toEqual(['FLD000001AAA', 'FLD000002AAA']);
    }
    const stats = (await call('coordinator', 'GET', '/coordinator/dashboard-stats')).json();
    expect(stats.stats).toMatchObject({ totalFarmers: 3, totalFields: 2 });
  });

  it('a farmer reaches none of the staff lists', async () => {
    for (const url of ['/coordinator/managed-farmers', '/coordinator/field-overview', '/admin/fields', '/coordinators', '/coordinator/dashboard-stats']) {
      expect((await call('farmer', 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('bad input is a 400, never a 500', async () => {
    for (const [method, url, body] of [
      ['GET', '/admin/farmers?limit=1000'],
      ['GET', '/admin/farmers?status=sleeping'],
      ['PUT', `/admin/farmer/not-a-uuid`, edit],
      ['PUT', `/admin/farmer/${FIXTURE.users.farmer.id}`, { ...edit, phoneNumber: '12' }],
      ['POST', '/fields', { fieldId: 'FLD1', name: 'x', soilInfo: { ph: 20 } }],
      ['POST', '/fields', { fieldId: 'FLD1', name: 'x', extra: true }],
      ['POST', '/coordinator/send-message', { farmerIds: [], subject: 'x', message: 'y' }],
      ['PUT', `/admin/fields/${FIXTURE.fields.farmer.id}/location`, { lat: 91, lng: 0 }],
    ] as const) {
      const res = await call('admin', method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
    }
  });
});

describe('search', () => {
  const farmerNames = async (who: FixtureUser, url: string) =>
    ((await call(who, 'GET', url)).json().farmers as Array<{ name: string }>).map((f) => f.name).sort();

  it('matches name, e-mail or phone in any case, takes wildcards literally and never matches across two of them', async () => {
    await t.db.update(users).set({ phoneNumber: '9822099911' }).where(eq(users.id, FIXTURE.users.farmer2.id));
    expect(await farmerNames('admin', '/admin/farmers?search=RAMESH')).toEqual(['Ramesh Patil']);
    expect(await farmerNames('admin', '/admin/farmers?search=Farmer2%40TEST')).toEqual(['Sita Shinde']);
    expect(await farmerNames('admin', '/admin/farmers?search=%2099911%20')).toEqual(['Sita Shinde']);
    expect(await farmerNames('admin', '/admin/farmers?search=farmer_')).toEqual([]);
    expect(await farmerNames('admin', '/admin/farmers?search=%25')).toEqual([]);
    // 'Patil' ends the name and 'farmer@' starts the e-mail: no match across the two.
    expect(await farmerNames('admin', '/admin/farmers?search=patilfarmer')).toEqual([]);
    expect(await farmerNames('admin', '/admin/farmers?search=patil%20farmer')).toEqual([]);
    // A coordinator's search stays within their own farmers.
    expect(await farmerNames('coordinator', '/coordinator/managed-farmers?search=farmer3')).toEqual([]);
    expect(await farmerNames('coordinator2', '/coordinator/managed-farmers?search=FARMER3')).toEqual(['Ganesh More']);
    const coordinators = (await call('admin', 'GET', '/admin/coordinators?search=JADHAV')).json().coordinators as Array<{ name: string }>;
    expect(coordinators.map((c) => c.name)).toEqual(['Meena Jadhav']);
  });

  it('finds fields by name, field ID or owner name in any case, within the caller’s scope', async () => {
    const codes = async (who: FixtureUser, term: string) =>
      ((await call(who, 'GET', `/admin/fields?search=${encodeURIComponent(term)}`)).json().fields as Array<{ fieldId: string }>).map((f) => f.fieldId).sort();
    expect(await codes('admin', 'fld000003aaa')).toEqual([FIXTURE.fields.farmer3.fieldId]);
    expect(await codes('admin', 'SITA SHINDE PLOT')).toEqual([FIXTURE.fields.farmer2.fieldId]);
    expect(await codes('admin', 'lata')).toEqual([FIXTURE.fields.farmer4.fieldId]);
    expect(await codes('coordinator', 'lata')).toEqual([]);
    expect(await codes('coordinator', 'PATIL')).toEqual([FIXTURE.fields.farmer.fieldId]);
  });

  it('a search’s total counts every match, on any page and past the end', async () => {
    const farmers = await t.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'farmer'), like(users.email, '%@test.shetmitra.in')));
    expect(farmers.length).toBeGreaterThan(2);
    for (const page of [1, 2, 999]) {
      const body = (await call('admin', 'GET', `/admin/farmers?search=%40test.shetmitra.in&limit=2&page=${page}`)).json();
      expect(body.pagination).toMatchObject({ page, total: farmers.length, totalPages: Math.ceil(farmers.length / 2) });
      expect(body.farmers).toHaveLength(page === 999 ? 0 : 2);
    }
    const plots = (await call('coordinator', 'GET', '/coordinator/field-overview?search=plot&limit=1')).json();
    const mine = (await call('coordinator', 'GET', '/coordinator/field-overview?limit=100')).json().fields as { fieldName: string; farmerName: string }[];
    expect(plots.pagination.total).toBe(mine.filter((f) => /plot/i.test(`${f.fieldName} ${f.farmerName}`)).length);
    expect(plots.pagination.total).toBeGreaterThan(1);
  });
});

describe('fields', () => {
  it('creates a field with sensors for a managed farmer; a duplicate id is a 409 with its message', async () => {
    const body = {
      fieldId: 'FLD123123ABC',
      name: 'River plot',
      farmerId: FIXTURE.users.farmer.id,
      location: { area: { value: 2, unit: 'hectares' } },
      sensors: [{ sensorId: 'RIV-M-1', type: 'moisture', status: 'active' }],
      irrigation: { type: 'drip', schedule: { timeSlots: ['06:00'] } },
    };
    const res = await call('coordinator', 'POST', '/fields', body);
    expect(res.statusCode, res.body).toBe(201);
    const again = await call('coordinator', 'POST', '/fields', { ...body, sensors: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message.english).toBe('Field ID FLD123123ABC already exists.');
    const list = (await call('coordinator', 'GET', '/coordinator/field-overview?search=river')).json();
    expect(list.fields).toEqual([expect.objectContaining({ fieldId: 'FLD123123ABC', farmerName: 'Ramesh Patil' })]);
    expect(list.fields[0].area).toBeCloseTo(4.94, 2);
  });

  it('sets a location and returns the Field Details with every section', async () => {
    expect((await call('coordinator', 'PUT', `/admin/fields/${FIXTURE.fields.farmer.id}/location`, { lat: 18.52, lng: 73.85 })).statusCode).toBe(200);
    const d = (await call('admin', 'GET', `/admin/fields/${FIXTURE.fields.farmer.fieldId}`)).json();
    expect(d.location.coordinates).toEqual({ lat: 18.52, lng: 73.85 });
    expect(d).toHaveProperty('cropHistory');
    expect(d).toHaveProperty('financial');
    expect(d).toHaveProperty('notes');
    expect(d.owner.name).toBe('Ramesh Patil');
  });
});

describe('field monitoring for a farmer', () => {
  it('lists only their own fields (search included); staff get their own scope through it', async () => {
    const mine = await call('farmer', 'GET', '/fields/overview?page=1&limit=10');
    expect(mine.statusCode, mine.body).toBe(200);
    // Their fixture field and the one a coordinator added for them above; nobody else's.
    const rows = mine.json().fields as { _id: string; farmerId: string }[];
    expect(rows.map((f) => f._id)).toContain(FIXTURE.fields.farmer.id);
    expect(rows.every((f) => f.farmerId === FIXTURE.users.farmer.id)).toBe(true);
    expect(mine.json().pagination).toMatchObject({ page: 1, totalPages: 1 });
    expect((await call('farmer3', 'GET', '/fields/overview')).json().fields.map((f: { _id: string }) => f._id)).toEqual([FIXTURE.fields.farmer3.id]);
    expect((await call('farmer', 'GET', `/fields/overview?search=${encodeURIComponent(FIXTURE.fields.farmer3.fieldId)}`)).json().fields).toEqual([]);
    // Staff get the same list through it, scoped as their own lists are.
    const coordinator = (await call('coordinator', 'GET', '/fields/overview?limit=100')).json().fields.map((f: { _id: string }) => f._id).sort();
    expect(coordinator).toEqual((await call('coordinator', 'GET', '/coordinator/field-overview?limit=100')).json().fields.map((f: { _id: string }) => f._id).sort());
    expect((await call(null, 'GET', '/fields/overview')).statusCode).toBe(401);
    expect((await call('farmer', 'GET', '/fields/overview?limit=1000')).statusCode).toBe(400);
  });

  it('opens the details and the 7-day timeline of their own field only; another farmer’s is a 404', async () => {
    for (const ref of [FIXTURE.fields.farmer.id, FIXTURE.fields.farmer.fieldId]) {
      const d = await call('farmer', 'GET', `/fields/${ref}`);
      expect(d.statusCode, d.body).toBe(200);
      expect(d.json()).toMatchObject({ _id: FIXTURE.fields.farmer.id, owner: { name: 'Ramesh Patil' } });
      const tl = await call('farmer', 'GET', `/fields/${ref}/sensor-data?days=7`);
      expect(tl.statusCode, tl.body).toBe(200);
      expect(tl.json().sensors.map((s: { type: string }) => s.type)).toContain('moisture');
    }
    for (const ref of [FIXTURE.fields.farmer3.id, FIXTURE.fields.farmer3.fieldId, FIXTURE.fields.farmer2.id, 'FLD-NOPE']) {
      expect((await call('farmer', 'GET', `/fields/${ref}`)).statusCode, ref).toBe(404);
      expect((await call('farmer', 'GET', `/fields/${ref}/sensor-data?days=7`)).statusCode, ref).toBe(404);
    }
    // The coordinator reaches their farmers' fields through it and not the other coordinator's.
    expect((await call('coordinator', 'GET', `/fields/${FIXTURE.fields.farmer.id}`)).statusCode).toBe(200);
    expect((await call('coordinator', 'GET', `/fields/${other.field}`)).statusCode).toBe(404);
    expect((await call('coordinator', 'GET', `/fields/${other.field}/sensor-data`)).statusCode).toBe(404);
    // The staff routes stay staff-only.
    expect((await call('farmer', 'GET', `/admin/fields/${FIXTURE.fields.farmer.id}`)).statusCode).toBe(403);
    expect((await call('farmer', 'GET', `/admin/fields/${FIXTURE.fields.farmer.id}/sensor-data`)).statusCode).toBe(403);
  });
});

describe('import and export', () => {
  it('gives the rejected rows\' reasons in the admin\'s language (Marathi by default, or the page\'s)', async () => {
    const csv = ['Name,Email,Phone', 'Bad,bad-email,12', `Dup,${FIXTURE.users.farmer.email},9800000002`].join('\n');
    const send = (query: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/farmers/import${query}`, ...multipart('farmers.csv', csv), headers: { ...multipart('f.csv', csv).headers, ...t.auth(tokens.admin!) } });
    const mr = (await send('')).json().report as string;
    expect(mr.split('\n')[0]).toBe('Line,Name,Email,Reasons');
    expect(mr).toContain('ईमेल वैध नाही; फोन नंबर 10 अंकी असावा');
    expect(mr).toContain('या ईमेलचा वापरकर्ता आधीच आहे');
    expect(mr).not.toMatch(/Email is not valid|already exists/);
    expect((await send('?lang=hindi')).json().report).toContain('इस ईमेल का उपयोगकर्ता पहले से मौजूद है');
  });

  it('imports the good rows and reports the bad ones', async () => {
    const csv = ['Name,Email,Phone,Coordinator', `New Farmer,new.farmer@test.shetmitra.in,9800000001,${FIXTURE.users.coordinator.email}`, 'Bad,bad-email,12,', `Dup,${FIXTURE.users.farmer.email},9800000002,`].join('\n');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/farmers/import?lang=english', ...multipart('farmers.csv', csv), headers: { ...multipart('f.csv', csv).headers, ...t.auth(tokens.admin!) } });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ imported: 1, rejectedCount: 2 });
    expect(r.report).toContain('A user with this email already exists');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'new.farmer@test.shetmitra.in'));
    expect(row.managedBy).toBe(FIXTURE.users.coordinator.id);
  });

  it('refuses a non-CSV file and a malformed CSV without importing anything', async () => {
    const upload = (name: string, content: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/farmers/import', payload: multipart(name, content).payload, headers: { ...multipart(name, content).headers, ...t.auth(tokens.admin!) } });
    expect((await upload('farmers.xlsx', 'x')).statusCode).toBe(400);
    const before = (await t.db.select().from(users)).length;
    const bad = await upload('farmers.csv', 'Name,Email,Phone\n"Open quote,q@test.shetmitra.in,9800000009');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('CSV_INVALID');
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('exports a CSV that re-imports without doubling anyone', async () => {
    const res = await call('admin', 'GET', '/admin/farmers/export');
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.split('\n')[0]).toContain('Name,Email,Phone Number');
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/admin/farmers/import', payload: multipart('farmers.csv', res.body).payload, headers: { ...multipart('farmers.csv', res.body).headers, ...t.auth(tokens.admin!) } });
    expect(again.json()).toMatchObject({ imported: 0 });
    expect(again.json().rejected.every((r: { reasons: string[] }) => r.reasons.includes('already_registered'))).toBe(true);
  });
});

describe('messages and deactivation', () => {
  it('a message reaches the farmer live and in the inbox, and can be marked read', async () => {
    const socket = await t.connectAs(tokens.farmer!);
    try {
      const pushed = new Promise<{ subject: string; message: string }>((resolve) => socket.once('message:new', resolve));
      const sent = await call('coordinator', 'POST', '/coordinator/send-message', { farmerIds: [FIXTURE.users.farmer.id], subject: 'Rain', message: 'Cover the harvest' });
      expect(sent.json()).toMatchObject({ sentTo: 1 });
      expect(await pushed).toMatchObject({ subject: 'Rain', message: 'Cover the harvest' });
      const box = (await call('farmer', 'GET', '/messages')).json();
      expect(box).toMatchObject({ unread: 1, messages: [{ subject: 'Rain', senderName: 'Sunil Pawar', readAt: null }] });
      expect((await call('farmer3', 'POST', `/messages/${box.messages[0]._id}/read`)).statusCode).toBe(404);
      expect((await call('farmer', 'POST', `/messages/${box.messages[0]._id}/read`)).statusCode).toBe(200);
      expect((await call('farmer', 'GET', '/messages')).json().unread).toBe(0);
    } finally {
      socket.close();
    }
  });

  it('a deactivated coordinator is signed out and their farmers become unassigned', async () => {
    expect((await call('coordinator2', 'GET', '/coordinator/managed-farmers')).statusCode).toBe(200);
    expect((await call('admin', 'PATCH', `/admin/coordinator/${FIXTURE.users.coordinator2.id}/deactivate`)).statusCode).toBe(200);
    expect((await call('coordinator2', 'GET', '/coordinator/managed-farmers')).statusCode).toBe(401);
    const farmers = (await call('admin', 'GET', '/admin/farmers?search=farmer3')).json();
    expect(farmers.farmers[0]).toMatchObject({ coordinator: null });
    const overview = (await call('admin', 'GET', '/admin/overview')).json();
    expect(overview.totalCoordinators).toBe(2);
  });
});
