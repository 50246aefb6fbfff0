/**
 * Which field the land report starts from, in fixed scenarios whose expectations are written out here, not read from
 * the machine (tests/model/landFields.model.test.tsx checks the view against the machine's own snapshots): the calls
 * (against a real HTTP server), the form's values from a field, the field list kept on the phone, and offline which
 * copy is read for which field, which fields may be picked, and what is handed to the browser.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { landFieldsMachine, prefillFrom, recallLandCopy } from '@/machines/landFields.machine';
import type { FieldChoice, FieldDetail } from '@/services/fields';
import { HttpError } from '@/shared/httpError';
import { startApiServer, type ApiRequest, type ApiServer } from '../support/apiServer';
import { REPORT } from '../model/fixtures/landReport';
import { phone, resetPhone } from '../support/phoneStore';

vi.mock('@/machines/offline', async (actual) => (await import('../support/phoneStore')).offlineOnPhone(await actual()));

const choice = (id: string, name: string) => ({ _id: id, fieldId: `FLD-${id}`, name }) as FieldChoice;
const FIELDS = [choice('a', 'Upper plot'), choice('b', 'River plot')];
const detail = (soil: Record<string, number | null> | null, village: string | null, lat: number | null, lng: number | null) =>
  ({
    location: { coordinates: { lat, lng }, address: { state: 'Maharashtra', district: 'Pune', village } },
    soilInfo: soil && { ph: null, nitrogen: null, phosphorus: null, potassium: null, organicMatter: null, ...soil },
  }) as unknown as FieldDetail;
const A = detail({ ph: 7.4, nitrogen: 260, phosphorus: 18.5, potassium: 310, organicMatter: 0.8 }, 'Shirur', 18.8268, 74.3735);
const AT = '2026-11-26T10:42:00.000Z';
const PDF = new Blob(['%PDF kept'], { type: 'application/pdf' });
const NETWORK = new HttpError(0, 'network');
const EMPTY_OFFLINE = { keptReport: null, offlineAt: null, keptPdf: null };

let api: ApiServer | undefined;
/** The server: the list (or its failure), and each field's details (or their failure). */
async function server(opts: { list?: FieldChoice[]; failList?: number; failField?: number } = {}) {
  api = await startApiServer((r: ApiRequest) => {
    if (r.path === '/api/v1/fields') return opts.failList ? { status: opts.failList, body: { statusCode: opts.failList, message: 'no' } } : { status: 200, body: { data: { fields: opts.list ?? FIELDS } } };
    if (opts.failField) return { status: opts.failField, body: { statusCode: opts.failField, message: 'no' } };
    return { status: 200, body: r.path === '/api/v1/fields/a' ? A : detail(null, null, 19.1, 74.7) };
  });
  return api;
}

function start(autoPick: boolean, provide: Parameters<typeof landFieldsMachine.provide>[0] = {}) {
  const saved: { blob: Blob; name: string }[] = [];
  const actor = createActor(landFieldsMachine.provide({ actions: { saveFile: (_, p: { blob: Blob; name: string }) => void saved.push(p) }, ...provide }), {
    input: { autoPick },
  }).start();
  return {
    actor,
    saved,
    send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
    snap: () => actor.getSnapshot(),
    ctx: () => actor.getSnapshot().context,
    until: (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000 }),
  };
}

/** Offline with the list known: the list loaded, then field `id`'s details lost to the network. */
async function offlineOn(id: string) {
  const t = start(true, {
    actors: {
      loadList: fromPromise(async () => FIELDS) as never,
      loadField: fromPromise(async () => {
        throw NETWORK;
      }) as never,
    },
  });
  if (id !== 'a') {
    await t.until(() => t.snap().matches({ offline: 'fieldNothingSaved' }) || t.snap().matches({ offline: 'shown' }));
    t.send({ type: 'fields.pick', id });
  }
  return t;
}

beforeEach(resetPhone);

describe("land report's field: the form's values", () => {
  it('takes only what the field records, as text: no number that is missing or not finite', () => {
    expect(prefillFrom(A)).toEqual({ ph: '7.4', nitrogen: '260', phosphorus: '18.5', potassium: '310', organicMatter: '0.8', location: 'Shirur, Pune', lat: '18.8268', lon: '74.3735' });
    expect(prefillFrom(detail(null, null, null, null))).toEqual({ location: 'Pune' });
    expect(prefillFrom(detail({ ph: Number.NaN, nitrogen: 0, potassium: Number.POSITIVE_INFINITY }, 'Wai', 0, null))).toEqual({ nitrogen: '0', location: 'Wai, Pune', lat: '0' });
  });
});

describe("land report's field: online", () => {
  it("a farmer's form starts from their first field: the list, then its details, and the list is kept on the phone", async () => {
    await server();
    const t = start(true);
    await t.until(() => t.snap().value === 'ready');
    expect(api!.requests.map((r) => r.path)).toEqual(['/api/v1/fields', '/api/v1/fields/a']);
    expect(t.ctx()).toMatchObject({ fields: FIELDS, fieldId: 'a', prefill: prefillFrom(A), failed: false });
    expect(phone.writes).toEqual([['land.fields', FIELDS]]);
    // Another field, then none.
    t.send({ type: 'fields.pick', id: 'b' });
    expect(t.snap().hasTag('loading')).toBe(true);
    await t.until(() => t.snap().value === 'ready');
    expect(t.ctx()).toMatchObject({ fieldId: 'b', prefill: { location: 'Pune', lat: '19.1', lon: '74.7' } });
    t.send({ type: 'fields.pick', id: '' });
    expect(t.snap().value).toBe('ready');
    expect(t.ctx()).toMatchObject({ fieldId: null, prefill: null, failed: false });
    expect(api!.requests).toHaveLength(3);
    t.actor.stop();
  });

  it('staff pick a field themselves: the list is kept, nothing is loaded until they pick; a farmer with no field gets an empty form', async () => {
    await server();
    const staff = start(false);
    await staff.until(() => staff.snap().value === 'ready');
    expect(staff.ctx()).toMatchObject({ fields: FIELDS, fieldId: null, prefill: null });
    expect(phone.writes).toEqual([['land.fields', FIELDS]]);
    expect(api!.requests).toHaveLength(1);
    staff.actor.stop();
    await api!.close();
    await server({ list: [] });
    const farmer = start(true);
    await farmer.until(() => farmer.snap().value === 'ready');
    expect(farmer.ctx()).toMatchObject({ fields: [], fieldId: null, prefill: null });
    expect(api!.requests).toHaveLength(1);
    farmer.actor.stop();
  });

  it("a list or a field the server fails leaves the form empty and says so; a field that loads clears that", async () => {
    await server({ failList: 500 });
    const t = start(true);
    await t.until(() => t.snap().value === 'ready');
    expect(t.ctx()).toMatchObject({ failed: true, fields: [] });
    t.actor.stop();
    await api!.close();
    await server({ failField: 500 });
    const f = start(true);
    await f.until(() => f.snap().value === 'ready');
    expect(f.ctx()).toMatchObject({ fieldId: 'a', prefill: null, failed: true });
    f.actor.stop();
  });
});

describe("land report's field: offline", () => {
  it("the list lost to the network: the last report generated says which field, with the kept list, report, time and PDF", async () => {
    phone.kept.set('land.fields', { value: FIELDS, savedAt: AT });
    phone.kept.set('land.report', { value: { fieldId: 'b', report: REPORT }, savedAt: AT });
    phone.kept.set('land.pdf.b', { value: PDF, savedAt: AT });
      const t = start(true, { actors: { loadList: fromPromise(async () => { throw NETWORK; }) as never } });
    await t.until(() => t.snap().matches({ offline: 'shown' }));
    expect(t.snap().hasTag('offline')).toBe(true);
    expect(phone.reads).toEqual(['land.fields', 'land.report', 'land.report.b', 'land.pdf.b']);
    expect(t.ctx()).toMatchObject({ fields: FIELDS, fieldId: 'b', keptReport: REPORT, offlineAt: AT, keptPdf: { value: PDF, savedAt: AT } });
    t.send({ type: 'report.downloadKept' });
    expect(t.saved).toEqual([{ blob: PDF, name: 'land-health-report.pdf' }]);
    t.actor.stop();
  });

  it("a field's details lost to the network: that field's own report; Download PDF does nothing without a kept PDF", async () => {
    phone.kept.set('land.report.a', { value: REPORT, savedAt: AT });
    const t = await offlineOn('a');
    await t.until(() => t.snap().matches({ offline: 'shown' }));
    expect(phone.reads).toEqual(['land.report', 'land.report.a', 'land.pdf.a']);
    expect(t.ctx()).toMatchObject({ fields: FIELDS, fieldId: 'a', keptReport: REPORT, keptPdf: null });
    t.send({ type: 'report.downloadKept' });
    expect(t.saved).toEqual([]);
    t.actor.stop();
  });

  it("a field with no report kept: 'nothing saved for this field'; only another listed field may be picked, and is read", async () => {
    phone.kept.set('land.report.b', { value: REPORT, savedAt: AT });
    const t = await offlineOn('a');
    await t.until(() => t.snap().matches({ offline: 'fieldNothingSaved' }));
    expect(t.ctx()).toMatchObject({ fields: FIELDS, fieldId: 'a', ...EMPTY_OFFLINE });
    for (const id of ['a', 'zz']) t.send({ type: 'fields.pick', id });
    expect(t.snap().matches({ offline: 'fieldNothingSaved' })).toBe(true);
    t.send({ type: 'fields.pick', id: 'b' });
    await t.until(() => t.snap().matches({ offline: 'shown' }));
    expect(t.ctx()).toMatchObject({ fieldId: 'b', keptReport: REPORT });
    // From a shown copy too: the one shown and one not listed change nothing; the other is read.
    for (const id of ['b', 'zz']) t.send({ type: 'fields.pick', id });
    expect(t.snap().matches({ offline: 'shown' })).toBe(true);
    expect(t.ctx().fieldId).toBe('b');
    t.send({ type: 'fields.pick', id: 'a' });
    expect(t.snap().matches({ offline: 'reading' })).toBe(true);
    expect(t.ctx()).toMatchObject({ fieldId: 'a', ...EMPTY_OFFLINE });
    await t.until(() => t.snap().matches({ offline: 'fieldNothingSaved' }));
    t.actor.stop();
  });

  it('nothing kept at all, or a phone that cannot be read: nothing saved; Retry loads again', async () => {
      let lists = 0;
    const down = { actors: { loadList: fromPromise(async () => (lists++, Promise.reject(NETWORK))) as never } };
    const t = start(true, down);
    await t.until(() => t.snap().matches({ offline: 'nothingSaved' }));
    expect(t.ctx()).toMatchObject({ fields: [], fieldId: null, ...EMPTY_OFFLINE });
    t.send({ type: 'fields.retry' });
    await t.until(() => lists === 2);
    t.actor.stop();
    phone.broken = true;
    const b = start(true, down);
    await b.until(() => b.snap().matches({ offline: 'nothingSaved' }));
    b.actor.stop();
  });

  it('Retry, or the browser online again, loads afresh with the kept copy off the screen', async () => {
    phone.kept.set('land.report.a', { value: REPORT, savedAt: AT });
    phone.kept.set('land.pdf.a', { value: PDF, savedAt: AT });
    for (const how of ['retry', 'online'] as const) {
      const t = await offlineOn('a');
      await t.until(() => t.snap().matches({ offline: 'shown' }));
      if (how === 'retry') t.send({ type: 'fields.retry' });
      else window.dispatchEvent(new Event('online'));
      expect(t.snap().value).toBe('loadingList');
      expect(t.ctx()).toMatchObject(EMPTY_OFFLINE);
      t.actor.stop();
    }
    // From 'nothing saved for this field' too.
    phone.kept.clear();
    const n = await offlineOn('a');
    await n.until(() => n.snap().matches({ offline: 'fieldNothingSaved' }));
    n.send({ type: 'fields.retry' });
    expect(n.snap().value).toBe('loadingList');
    n.actor.stop();
  });
});

describe('the offline copy', () => {
  it("reads the field known; a list that did not load is the kept one, and the last report's field is the one shown", async () => {
    phone.kept.set('land.fields', { value: FIELDS, savedAt: AT });
    phone.kept.set('land.report', { value: { fieldId: 'b', report: REPORT }, savedAt: AT });
    expect(await recallLandCopy({ fields: [], fieldId: null, known: false })).toEqual({ fields: FIELDS, fieldId: 'b', report: { value: REPORT, savedAt: AT }, pdf: null });
    // A known field with no report of its own does not show another field's.
    expect(await recallLandCopy({ fields: FIELDS, fieldId: 'a', known: true })).toEqual({ fields: FIELDS, fieldId: 'a', report: null, pdf: null });
  });

  it("a last report kept by an older version (a bare report) has no field: it shows for 'none' only", async () => {
    phone.kept.set('land.report', { value: REPORT, savedAt: AT });
    expect(await recallLandCopy({ fields: [], fieldId: null, known: false })).toEqual({ fields: [], fieldId: null, report: { value: REPORT, savedAt: AT }, pdf: null });
    expect(phone.reads).toEqual(['land.fields', 'land.report', 'land.report.none', 'land.pdf.none']);
  });

  it('nothing kept: no field, no report', async () => {
    expect(await recallLandCopy({ fields: [], fieldId: null, known: false })).toEqual({ fields: [], fieldId: null, report: null, pdf: null });
  });
});
