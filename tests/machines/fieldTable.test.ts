/**
 * The field table's machine in fixed scenarios whose expectations are written out here, not read from the machine
 * (the generated paths of tests/model/staff/fieldTable.model.test.tsx check the view against the machine's own
 * snapshots): the machine's own list calls against a real HTTP server, the Set Field Location dialog's position
 * (a field's own, a device's), Cancel and a failed save.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { fieldTableMachine } from '@/machines/fieldTable.machine';
import type { FieldRow } from '@/services/fields';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { heldCalls } from '../support/heldCalls';

const row = (id: string, lat: number | null, lng: number | null) => ({ _id: id, fieldId: `FLD-${id}`, name: `Plot ${id}`, lat, lng }) as unknown as FieldRow;
const MAPPED = row('a', 18.52, 73.85);
const UNMAPPED = row('b', null, null);
const tick = () => new Promise((r) => setTimeout(r, 0));

let api: ApiServer | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
  vi.unstubAllGlobals();
});

/** With the list on screen (its load answered here) and the other calls held. */
async function ready() {
  const { held, last } = heldCalls();
  const actor = createActor(
    fieldTableMachine.provide({ actors: { load: held('load') as never, save: held('save') as never, listChanges: fromCallback(() => {}) as never } }),
    { input: { actorRole: 'admin' } },
  ).start();
  last('load').resolve({ items: [MAPPED, UNMAPPED], totalPages: 1 });
  await tick();
  return { actor, last, value: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context, send: actor.send.bind(actor) };
}

describe('field table: the list calls', () => {
  it('reads pages of 10 from the admin list for staff above a coordinator, and from the coordinator’s own list for a coordinator', async () => {
    api = await startApiServer(({ path }) => ({ status: 200, body: { fields: path.endsWith('/admin/fields') ? [MAPPED] : [UNMAPPED], pagination: { page: 1, totalPages: 3 } } }));
    const admin = createActor(fieldTableMachine.provide({ actors: { listChanges: fromCallback(() => {}) as never } }), { input: { actorRole: 'admin' } }).start();
    await vi.waitFor(() => expect(admin.getSnapshot().value).toBe('ready'));
    expect(admin.getSnapshot().context).toMatchObject({ fields: [MAPPED], totalPages: 3 });
    const coordinator = createActor(fieldTableMachine.provide({ actors: { listChanges: fromCallback(() => {}) as never } }), { input: { actorRole: 'coordinator' } }).start();
    await vi.waitFor(() => expect(coordinator.getSnapshot().value).toBe('ready'));
    expect(coordinator.getSnapshot().context.fields).toEqual([UNMAPPED]);
    expect(api.requests.map((r) => [r.path, r.query])).toEqual([
      ['/api/v1/admin/fields', { page: '1', limit: '10' }],
      ['/api/v1/coordinator/field-overview', { page: '1', limit: '10' }],
    ]);
    admin.stop();
    coordinator.stop();
  });
});

describe('field table: Set Field Location', () => {
  it('opens on a mapped field’s own position, and on no position for an unmapped one', async () => {
    const t = await ready();
    t.send({ type: 'location.open', field: MAPPED });
    expect(t.ctx()).toMatchObject({ locating: MAPPED, position: { lat: 18.52, lng: 73.85 }, accuracy: null });
    t.send({ type: 'location.cancel' });
    t.send({ type: 'location.open', field: UNMAPPED });
    expect(t.ctx().position).toBeNull();
    // Half a position is none.
    for (const half of [row('c', 18.52, null), row('d', null, 73.85)]) {
      t.send({ type: 'location.cancel' });
      t.send({ type: 'location.open', field: half });
      expect(t.ctx().position).toBeNull();
    }
  });

  it('takes the device’s position with its accuracy (the browser’s geolocation)', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 19.1, longitude: 74.2, accuracy: 12 } } as GeolocationPosition) },
    });
    const t = await ready();
    t.send({ type: 'location.open', field: UNMAPPED });
    t.send({ type: 'location.locate' });
    await vi.waitFor(() => expect(t.value()).toEqual({ locating: 'open' }));
    expect(t.ctx()).toMatchObject({ position: { lat: 19.1, lng: 74.2 }, accuracy: 12, locateFailed: false });
  });

  it('Cancel closes the dialog and forgets the position, also while the device is asked', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: () => {} } });
    const t = await ready();
    t.send({ type: 'location.open', field: MAPPED });
    t.send({ type: 'location.pick', position: { lat: 20, lng: 75 } });
    t.send({ type: 'location.cancel' });
    expect(t.value()).toBe('ready');
    expect(t.ctx()).toMatchObject({ locating: null, position: null, accuracy: null });
    t.send({ type: 'location.open', field: MAPPED });
    t.send({ type: 'location.locate' });
    expect(t.value()).toEqual({ locating: 'finding' });
    t.send({ type: 'location.cancel' });
    expect(t.value()).toBe('ready');
    expect(t.ctx()).toMatchObject({ locating: null, position: null });
  });

  it('a failed save keeps the dialog open with the position and says so; Save again sends it again', async () => {
    const t = await ready();
    t.send({ type: 'location.open', field: UNMAPPED });
    t.send({ type: 'location.pick', position: { lat: 20, lng: 75 } });
    t.send({ type: 'location.save' });
    expect(t.last('save').input).toEqual({ id: 'b', lat: 20, lng: 75 });
    t.last('save').reject(new Error('500'));
    await tick();
    expect(t.value()).toEqual({ locating: 'open' });
    expect(t.ctx()).toMatchObject({ saveFailed: true, position: { lat: 20, lng: 75 }, locating: UNMAPPED });
    t.send({ type: 'location.save' });
    expect(t.value()).toEqual({ locating: 'saving' });
  });
});
