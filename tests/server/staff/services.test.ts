/** The staff services against a real database: scopes, edits, deactivation, import, fields, stats, messages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageRecipients, outbox, sensors, sessions, users } from '../../../server/src/db/schema';
import { AppError } from '../../../server/src/lib/errors';
import * as people from '../../../server/src/modules/people/repository';
import * as peopleService from '../../../server/src/modules/people/service';
import * as fieldsRepo from '../../../server/src/modules/fields/repository';
import * as fieldsService from '../../../server/src/modules/fields/service';
import * as dash from '../../../server/src/modules/dashboards/repository';
import * as msg from '../../../server/src/modules/messages/service';
import { createOutboxSms } from '../../../server/src/providers/sms/outbox';
import { createNotificationWorker } from '../../../server/src/modules/notifications/worker';
import { openWorld, type World } from './world';

let w: World;
beforeAll(async () => {
  w = await openWorld();
});
afterAll(async () => {
  await w?.close();
});

const status = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof AppError) return e.statusCode;
    throw e;
  }
};

describe('farmer lists', () => {
  it('admin sees every farmer; a coordinator only their own', async () => {
    const all = await people.listFarmers(w.db, w.admin, { page: 1, limit: 10 });
    expect(all.farmers.map((f) => f.name).sort()).toEqual(['Gita More', 'Ram Jadhav', 'Sita Patil']);
    const mine = await people.listFarmers(w.db, w.coordA, { page: 1, limit: 10 });
    expect(mine.farmers.map((f) => f.name)).toEqual(['Ram Jadhav', 'Sita Patil']);
    expect(mine.farmers.find((f) => f.name === 'Sita Patil')).toMatchObject({ fieldCount: 1, hasOpenAlert: true, coordinatorName: 'Kiran Coord' });
  });

  it('searches name, email and phone and filters by status', async () => {
    const q = (search?: string, s?: people.FarmerStatusFilter) =>
      people.listFarmers(w.db, w.coordA, { page: 1, limit: 10, search, status: s }).then((r) => r.farmers.map((f) => f.name));
    expect(await q('sita')).toEqual(['Sita Patil']);
    expect(await q('43211')).toEqual(['Ram Jadhav']);
    expect(await q('gita')).toEqual([]);
    expect(await q('%')).toEqual([]);
    expect(await q(undefined, 'inactive')).toEqual(['Ram Jadhav']);
    expect(await q(undefined, 'alert')).toEqual(['Sita Patil']);
  });

  it('pages with totals', async () => {
    const p = await people.listFarmers(w.db, w.admin, { page: 2, limit: 2 });
    expect(p.farmers).toHaveLength(1);
    expect(p.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
  });
});

describe('farmer edits', () => {
  it("a coordinator cannot touch another coordinator's farmer (404)", async () => {
    const edit = { name: 'X', email: 'x@example.in', phoneNumber: '9999999999' };
    expect(await status(peopleService.editFarmer(w.db, w.coordA, w.farmerB1.id, edit))).toBe(404);
    expect(await status(peopleService.deactivateFarmer(w.db, w.coordA, w.farmerB1.id))).toBe(404);
  });

  it('refuses a taken e-mail with 409 and changes nothing', async () => {
    const r = await status(
      peopleService.editFarmer(w.db, w.coordA, w.farmerA1.id, { name: 'Sita P', email: w.farmerB1.email, phoneNumber: '9876543210' }),
    );
    expect(r).toBe(409);
    const [row] = await w.db.select().from(users).where(eq(users.id, w.farmerA1.id));
    expect(row.name).toBe('Sita Patil');
  });

  it("only an admin changes a farmer's status; deactivation ends sessions", async () => {
    const f = await w.person('farmer', 'Tara Shinde', { managedBy: w.coordA.id });
    await w.db.insert(sessions).values({ userId: f.id, refreshHash: 'h', expiresAt: new Date(Date.now() + 1e9) });
    const edit = { name: 'Tara Shinde', email: f.email, phoneNumber: '9876543219', status: 'Inactive' as const };
    expect(await status(peopleService.editFarmer(w.db, w.coordA, f.id, edit))).toBe(403);
    const ended = await peopleService.editFarmer(w.db, w.admin, f.id, edit);
    expect(ended).toHaveLength(1);
    const [s] = await w.db.select().from(sessions).where(eq(sessions.userId, f.id));
    expect(s.revokedAt).not.toBeNull();
  });
});

describe('coordinators', () => {
  it('lists with farmer counts and search', async () => {
    const r = await people.listCoordinators(w.db, { page: 1, limit: 100, search: 'kiran' });
    expect(r.coordinators).toEqual([expect.objectContaining({ name: 'Kiran Coord', farmerCount: 3, status: 'Active' })]);
  });

  it('deactivating one ends their sessions and leaves their farmers unassigned', async () => {
    const c = await w.person('coordinator', 'Old Coord');
    const f = await w.person('farmer', 'Left Behind', { managedBy: c.id });
    await w.db.insert(sessions).values({ userId: c.id, refreshHash: 'h', expiresAt: new Date(Date.now() + 1e9) });
    expect(await peopleService.deactivateCoordinator(w.db, w.admin, c.id)).toHaveLength(1);
    const [farmer] = await w.db.select().from(users).where(eq(users.id, f.id));
    expect(farmer.managedBy).toBeNull();
    const [coord] = await w.db.select().from(users).where(eq(users.id, c.id));
    expect(coord.status).toBe('Inactive');
    expect(await status(peopleService.assignCoordinator(w.db, w.admin, f.id, c.id))).toBe(400);
    await peopleService.assignCoordinator(w.db, w.admin, f.id, w.coordB.id);
    const [again] = await w.db.select().from(users).where(eq(users.id, f.id));
    expect(again.managedBy).toBe(w.coordB.id);
  });
});

describe('farmer import', () => {
  it('imports the valid rows, reports the rest, never doubles an e-mail', async () => {
    const csv = [
      'Name,Email,Phone,Coordinator',
      `New One,new.one@example.in,9800000001,${w.coordA.email}`,
      'Bad Phone,bad.phone@example.in,12,',
      `Dup,${w.farmerA1.email},9800000002,`,
      'New Two,new.two@example.in,9800000003,',
    ].join('\n');
    const r = await peopleService.importFarmers(w.db, w.admin, Buffer.from(csv), 'english');
    expect(r).toMatchObject({ imported: 2, rejectedCount: 2 });
    expect(r.report).toContain('Phone number must be 10 digits');
    const again = await peopleService.importFarmers(w.db, w.admin, Buffer.from(csv), 'english');
    expect(again.imported).toBe(0);
    const [one] = await w.db.select().from(users).where(eq(users.email, 'new.one@example.in'));
    expect(one).toMatchObject({ role: 'farmer', managedBy: w.coordA.id });
  });

  it('imports nothing from a malformed file', async () => {
    const before = (await w.db.select().from(users)).length;
    expect(await status(peopleService.importFarmers(w.db, w.admin, Buffer.from('Name,Email,Phone\n"Broken,x@example.in,9800000009'), 'english'))).toBe(400);
    expect((await w.db.select().from(users)).length).toBe(before);
  });
});

describe('fields', () => {
  const payload = (fieldId: string, extra = {}) => ({ fieldId, name: `Field ${fieldId}`, ...extra });

  it('creates a field with its sensors for a managed farmer', async () => {
    const f = await fieldsService.createField(w.db, w.coordA, {
      ...payload('FLD123456XYZ'),
      farmerId: w.farmerA1.id,
      soilInfo: { ph: 6.5 },
      sensors: [
        { sensorId: 'S-XYZ-1', type: 'moisture', status: 'active' },
        { sensorId: 'S-XYZ-2', type: 'temperature', status: 'active' },
      ],
      irrigation: { type: 'drip', schedule: { timeSlots: ['06:00', '18:30'] } },
    });
    expect(f.farmerId).toBe(w.farmerA1.id);
    expect(await w.db.select().from(sensors).where(eq(sensors.fieldId, f.id))).toHaveLength(2);
  });

  it('refuses a duplicate field id or sensor id with 409, a foreign farmer with 404, bad bounds with 400', async () => {
    expect(await status(fieldsService.createField(w.db, w.coordA, payload('FLD123456XYZ')))).toBe(409);
    expect(
      await status(fieldsService.createField(w.db, w.coordA, { ...payload('FLD999999AAA'), sensors: [{ sensorId: 'S-XYZ-1', type: 'moisture', status: 'active' }] })),
    ).toBe(409);
    expect(await status(fieldsService.createField(w.db, w.coordA, { ...payload('FLD999999AAB'), farmerId: w.farmerB1.id }))).toBe(404);
    expect(await status(fieldsService.createField(w.db, w.coordA, { ...payload('FLD999999AAC'), soilInfo: { ph: 15 } }))).toBe(400);
    expect(await status(fieldsService.createField(w.db, w.coordA, { fieldId: '', name: 'x' }))).toBe(400);
    expect(await fieldsRepo.fieldIdTaken(w.db, 'FLD999999AAA')).toBe(false);
  });

  it('lists within scope with search and status filter', async () => {
    const mine = await fieldsRepo.listFields(w.db, w.coordA, { page: 1, limit: 10 });
    expect(mine.fields.map((f) => f.fieldId).sort()).toEqual(['FLD000001AAA', 'FLD123456XYZ']);
    const bySearch = await fieldsRepo.listFields(w.db, w.admin, { page: 1, limit: 10, search: 'gita' });
    expect(bySearch.fields.map((f) => f.fieldId)).toEqual(['FLD000002BBB']);
    const alerting = await fieldsRepo.listFields(w.db, w.admin, { page: 1, limit: 10, status: 'alert' });
    expect(alerting.fields.map((f) => f.fieldId)).toEqual(['FLD000002BBB']);
    expect(mine.fields.find((f) => f.fieldId === 'FLD000001AAA')).toMatchObject({ owner: { name: 'Sita Patil' }, crop: 'Soybean', lat: 19.1 });
  });

  it('details and location follow the same scope', async () => {
    const d = await fieldsService.fieldDetails(w.db, w.coordA, w.fieldA.id);
    expect(d).toMatchObject({ name: 'Plot FLD000001AAA', owner: { name: 'Sita Patil' }, soilInfo: null, cropHistory: [], financial: null, notes: [] });
    expect(await status(fieldsService.fieldDetails(w.db, w.coordA, w.fieldB.id))).toBe(404);
    expect(await status(fieldsService.setFieldLocation(w.db, w.coordA, w.fieldB.id, 19, 75))).toBe(404);
    await fieldsService.setFieldLocation(w.db, w.coordA, w.fieldA.id, 19.75, 75.71);
    const again = await fieldsService.fieldDetails(w.db, w.admin, 'FLD000001AAA');
    expect(again.location.coordinates).toEqual({ lat: 19.75, lng: 75.71 });
  });
});

describe('dashboards', () => {
  it('computes the admin overview and coordinator stats from the data', async () => {
    const o = await dash.adminOverview(w.db);
    const farmers = (await w.db.select().from(users).where(eq(users.role, 'farmer'))).length;
    expect(o).toMatchObject({ totalFarmers: farmers, recentAlerts: 1 });
    const s = await dash.coordinatorStats(w.db, w.coordB);
    expect(s).toEqual({ totalFarmers: 2, activeFields: 1, totalFields: 1, alertsThisWeek: 0, averageYield: 0, yieldFields: 0 });
    const a = await dash.coordinatorStats(w.db, w.coordA);
    expect(a).toMatchObject({ alertsThisWeek: 1, averageYield: 80, yieldFields: 1 });
  });
});

describe('messages', () => {
  it('delivers to managed farmers, texts them through the notification queue, and shows in their inbox', async () => {
    const r = await msg.sendMessage(w.db, w.coordA, { farmerIds: [w.farmerA1.id, w.farmerA1.id], subject: ' Rain ', message: 'Heavy rain tomorrow' });
    expect(r.sentTo).toBe(1);
    const recipientRow = async () => (await w.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, r.message._id)))[0];
    expect((await recipientRow()).smsStatus).toBe('queued');
    const worker = createNotificationWorker({
      db: w.db,
      sms: createOutboxSms(w.db, { info: () => {} }, false),
      pollMs: 50,
      batchSize: 50,
      maxAttempts: 3,
      backoffMs: 1000,
      leaseMs: 60_000,
      smsDailyCap: 5,
      escalateMinutes: { critical: 0, major: 0, minor: 0, warning: 0 },
    });
    await worker.drain();
    const texts = await w.db.select().from(outbox).where(eq(outbox.recipient, '9876543210'));
    expect(texts.map((t) => t.body)).toEqual([expect.stringMatching(/^शेतमित्र: नवीन संदेश: Rain: Heavy rain tomorrow$/)]);
    expect((await recipientRow()).smsStatus).toBe('sent');
    const box = await msg.inbox(w.db, w.farmerA1, { page: 1, limit: 10 });
    expect(box).toMatchObject({ unread: 1, messages: [{ subject: 'Rain', senderName: 'Kiran Coord', readAt: null }] });
    await msg.markRead(w.db, w.farmerA1, r.message._id);
    expect((await msg.inbox(w.db, w.farmerA1, { page: 1, limit: 10 })).unread).toBe(0);
    expect(await status(msg.markRead(w.db, w.farmerB1, r.message._id))).toBe(404);
  });

  it('refuses the whole message when one farmer is out of reach', async () => {
    const before = (await w.db.select().from(messageRecipients)).length;
    expect(
      await status(msg.sendMessage(w.db, w.coordA, { farmerIds: [w.farmerA1.id, w.farmerB1.id], subject: 'x', message: 'y' })),
    ).toBe(404);
    expect((await w.db.select().from(messageRecipients)).length).toBe(before);
  });
});
