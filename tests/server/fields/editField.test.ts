/**
 * PATCH /fields/:id (issue 19): staff edit a field's attributes. Admins any field, a coordinator their farmers'
 * fields (another's answers 404), farmers 403, nobody signed in 401; bad input is a translated 400 and writes
 * nothing; a real change writes exactly one `field.edit` audit entry with the changed attributes only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contracts/audit';
import type { FieldDetail } from '../../../contracts/fields';
import { createTestApp, FIXTURE, type FixtureUser, type TestApp } from '../helper';

const F = FIXTURE.fields;
const U = FIXTURE.users;
let t: TestApp;
const tokens: Partial<Record<FixtureUser, string>> = {};
async function as(who: FixtureUser) {
  tokens[who] ??= (await t.login(who)).accessToken;
  return t.auth(tokens[who]!);
}
const patch = async (who: FixtureUser | null, id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/fields/${id}`, headers: who ? await as(who) : {}, payload: payload as object });

async function auditRows(fieldUuid: string) {
  const r = await t.db.execute(sql`select action, actor_id, changes from audit_log where target_type = 'field' and target_id = ${fieldUuid} order by created_at`);
  return r.rows as { action: string; actor_id: string; changes: AuditEntry['changes'] }[];
}
async function detail(id: string): Promise<FieldDetail> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/fields/${id}`, headers: await as('admin') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('PATCH /fields/:id', () => {
  it('a coordinator edits their farmer’s field: stored, and one audit entry with only the changed attributes', async () => {
    const before = await detail(F.farmer.id);
    const res = await patch('coordinator', F.farmer.id, {
      name: '  North plot  ',
      cropName: 'कांदा',
      areaValue: 2.75,
      areaUnit: 'hectares',
      soilType: 'black',
      irrigationType: 'drip',
      village: 'Nimgaon',
      pincode: '413001',
      // unchanged: not in the entry
      cropStatus: before.currentCrop.status,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      _id: F.farmer.id,
      fieldId: F.farmer.fieldId,
      name: 'North plot',
      changed: ['name', 'cropName', 'areaValue', 'areaUnit', 'soilType', 'irrigationType', 'village', 'pincode'],
    });
    const after = await detail(F.farmer.id);
    expect(after.name).toBe('North plot');
    // A known crop name is kept as its catalogue key, as Add Field does.
    expect(after.currentCrop.name).toBe('onion');
    expect(after.location.area).toEqual({ value: 2.75, unit: 'hectares' });
    expect(after.soilInfo?.type).toBe('black');
    expect(after.irrigation.type).toBe('drip');
    expect(after.location.address).toMatchObject({ village: 'Nimgaon', pincode: '413001' });

    const rows = await auditRows(F.farmer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].action).toBe('field.edit');
    expect(rows[0].actor_id).toBe(U.coordinator.id);
    expect(rows[0].changes).toEqual({
      name: { before: before.name, after: 'North plot' },
      cropName: { before: before.currentCrop.name, after: 'onion' },
      areaValue: { before: before.location.area.value, after: 2.75 },
      areaUnit: { before: before.location.area.unit, after: 'hectares' },
      soilType: { before: before.soilInfo?.type ?? null, after: 'black' },
      irrigationType: { before: before.irrigation.type, after: 'drip' },
      village: { before: before.location.address.village, after: 'Nimgaon' },
      pincode: { before: before.location.address.pincode, after: '413001' },
    });
  });

  it('the entry shows in the audit trail for an admin, and the field list shows the new name', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit?action=field.edit&targetId=${F.farmer.id}`, headers: await as('admin') });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = res.json().entries as AuditEntry[];
    expect(entry).toMatchObject({ action: 'field.edit', target: { type: 'field', id: F.farmer.id, name: 'North plot' }, actor: { role: 'coordinator' } });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/coordinator/field-overview?search=north', headers: await as('coordinator') });
    expect(list.json().fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['North plot']);
  });

  it('an empty text clears an attribute; an edit that changes nothing writes nothing', async () => {
    const cleared = await patch('admin', F.farmer.fieldId, { village: '  ', name: 'North plot' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().changed).toEqual(['village']);
    expect((await detail(F.farmer.id)).location.address.village).toBeNull();
    const rows = await auditRows(F.farmer.id);
    expect(rows).toHaveLength(2);
    expect(rows[1].changes).toEqual({ village: { before: 'Nimgaon', after: null } });

    const same = await patch('admin', F.farmer.id, { name: 'North plot', soilType: 'black' });
    expect(same.statusCode).toBe(200);
    expect(same.json().changed).toEqual([]);
    expect(await auditRows(F.farmer.id)).toHaveLength(2);
  });

  it('an admin edits any field', async () => {
    const status = (await detail(F.farmer3.id)).currentCrop.status === 'fallow' ? 'flowering' : 'fallow';
    const res = await patch('admin', F.farmer3.id, { cropStatus: status });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await auditRows(F.farmer3.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'field.edit', actor_id: U.admin.id });
    expect(Object.keys(rows[0].changes)).toEqual(['cropStatus']);
  });
});

describe('who may edit', () => {
  it('nobody signed in: 401', async () => {
    expect((await patch(null, F.farmer2.id, { name: 'x' })).statusCode).toBe(401);
  });

  it('a farmer, even on their own field: 403 with a translated message', async () => {
    const res = await patch('farmer2', F.farmer2.id, { name: 'Mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message.marathi).toBeTruthy();
  });

  it('a coordinator on another coordinator’s farmer’s field: 404, as every field read', async () => {
    const res = await patch('coordinator', F.farmer3.id, { name: 'Not mine' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message.marathi).toBeTruthy();
  });

  it('an unknown field: 404', async () => {
    expect((await patch('admin', '00000000-0000-4000-8000-000000009999', { name: 'x' })).statusCode).toBe(404);
    expect((await patch('admin', 'FLD-NOPE', { name: 'x' })).statusCode).toBe(404);
  });

  it('none of those refusals wrote anything', async () => {
    expect(await auditRows(F.farmer2.id)).toHaveLength(0);
    expect((await detail(F.farmer2.id)).name).not.toMatch(/Mine|Not mine/);
  });
});

describe('bad input: a translated 4xx and no partial write', () => {
  const cases: [string, unknown, string, number?][] = [
    ['an empty body', {}, 'VALIDATION_ERROR'],
    ['an unknown attribute', { name: 'Ok', health: 'good' }, 'VALIDATION_ERROR'],
    ['the field ID (not editable here)', { fieldId: 'FLD999' }, 'VALIDATION_ERROR'],
    ['a blank name', { name: '   ', village: 'Written?' }, 'FIELD_NAME_REQUIRED'],
    ['a negative area', { areaValue: -1, village: 'Written?' }, 'VALIDATION_ERROR'],
    ['an area as text', { areaValue: 'lots' }, 'VALIDATION_ERROR'],
    ['an unknown soil type', { soilType: 'sand', village: 'Written?' }, 'VALIDATION_ERROR'],
    ['an unknown area unit', { areaUnit: 'bigha' }, 'VALIDATION_ERROR'],
    ['a five-digit pincode', { pincode: '41300', village: 'Written?' }, 'VALIDATION_ERROR'],
    ['a huge name', { name: 'x'.repeat(121) }, 'VALIDATION_ERROR'],
    ['a text body', 'name=x', 'UNSUPPORTED_MEDIA_TYPE', 415],
  ];
  it.each(cases)('%s', async (_, payload, code, status = 400) => {
    const res = await patch('admin', F.farmer4.id, payload);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(body.message.marathi).toBeTruthy();
    expect(body.message.hindi).toBeTruthy();
    expect((await detail(F.farmer4.id)).location.address.village).not.toBe('Written?');
    expect(await auditRows(F.farmer4.id)).toHaveLength(0);
  });
});
