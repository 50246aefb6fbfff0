/**
 * The land report machine in fixed scenarios whose expectations are written out here, not read from the machine
 * (tests/model/landReport.model.test.tsx checks the view against the machine's own snapshots): the form it starts
 * from, the request it sends (and when it sends none), what it keeps on the phone and under which key, and a
 * download that fails: which failures offer the field's kept PDF, and what is handed to the browser.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { landReportMachine, toRequest } from '@/machines/landReport.machine';
import { HttpError } from '@/shared/httpError';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { heldCalls } from '../support/heldCalls';
import { REPORT } from '../model/fixtures/landReport';
import { phone, resetPhone } from '../support/phoneStore';

vi.mock('@/machines/offline', async (actual) => (await import('../support/phoneStore')).offlineOnPhone(await actual()));

const BASICS = { ph: '7.2', nitrogen: '300', phosphorus: '12', potassium: '180' };
const NDVI = [{ date: '2026-08-01', ndvi: 0.61 }] as never[];
const PDF = new Blob(['%PDF-1.7 report'], { type: 'application/pdf' });
const KEPT_PDF = { value: new Blob(['%PDF-1.7 kept'], { type: 'application/pdf' }), savedAt: '2026-11-26T10:42:00.000Z' };
const tick = () => new Promise((r) => setTimeout(r, 0));

function start(input: { locale?: string; prefill?: Record<string, string> | null; fieldId?: string | null } = {}) {
  const { held, last, count } = heldCalls();
  const saved: { blob: Blob; name: string }[] = [];
  const actor = createActor(
    landReportMachine.provide({
      actors: { generate: held('generate') as never, download: held('download') as never },
      actions: { saveFile: (_, params: { blob: Blob; name: string }) => void saved.push(params) },
    }),
    { input: { locale: 'en-IN', ...input } },
  ).start();
  const settle = async () => {
    for (let i = 0; i < 5; i++) await tick();
  };
  return {
    send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
    answer: async (id: string, v: unknown) => (last(id).resolve(v), settle()),
    fail: async (id: string, e: unknown) => (last(id).reject(e), settle()),
    input: (id: string) => last(id).input,
    count,
    saved,
    snap: () => actor.getSnapshot(),
    ctx: () => actor.getSnapshot().context,
  };
}

/** A report generated from field F1 and shown. */
async function withReport(fieldId: string | null = 'F1') {
  const t = start({ prefill: BASICS, fieldId });
  t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
  await t.answer('generate', { success: true, report: REPORT });
  phone.writes.length = 0;
  return t;
}

let api: ApiServer | undefined;
beforeEach(resetPhone);
afterEach(async () => {
  vi.restoreAllMocks();
});

describe('land report: the form and the request', () => {
  it("starts empty, or from the chosen field's values, in the page's language", () => {
    const empty = start({ locale: 'mr-IN' });
    expect(empty.ctx()).toEqual({
      lang: 'marathi',
      fieldId: null,
      form: { ph: '', nitrogen: '', phosphorus: '', potassium: '', organicMatter: '', location: '', lat: '', lon: '' },
      report: null,
      notice: null,
      keptPdf: null,
    });
    const prefilled = start({ locale: 'hi', prefill: { ...BASICS, location: 'Latur' }, fieldId: 'F1' });
    expect(prefilled.ctx()).toMatchObject({ lang: 'hindi', fieldId: 'F1', form: { ...BASICS, location: 'Latur', organicMatter: '', lat: '', lon: '' } });
    expect(start({ prefill: null }).ctx().form.ph).toBe('');
  });

  it('asks for pH, N, P and K, each a number, before sending anything', () => {
    const t = start({ prefill: BASICS });
    for (const [field, value] of [['ph', ' '], ['nitrogen', 'lots'], ['phosphorus', ''], ['potassium', '  ']] as const) {
      t.send({ type: 'report.edit', field, value });
      t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
      expect(t.snap().value).toBe('editing');
      expect(t.ctx().notice).toEqual({ key: 'fillBasics' });
      t.send({ type: 'report.edit', field, value: BASICS[field] });
    }
    expect(t.count('generate')).toBe(0);
    t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: true });
    expect(t.snap().value).toBe('generating');
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.ctx().notice).toBeNull();
  });

  it('sends the numbers, the optional values only when given (a position only with both halves), the language and the NDVI', () => {
    const t = start({ prefill: { ...BASICS, organicMatter: ' ', location: '  Latur ', lat: '18.4', lon: '' } });
    t.send({ type: 'report.languageChanged', locale: 'mr' });
    t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: true });
    // Strictly: a value not given is no key at all (not a key holding undefined).
    expect(t.input('generate')).toStrictEqual({ ph: 7.2, nitrogen: 300, phosphorus: 12, potassium: 180, location: 'Latur', language: 'marathi', ndvi: NDVI, ndviEstimated: true });
    const ctx = { ...t.ctx(), form: { ...t.ctx().form, organicMatter: '2.5', location: '   ', lat: '18.4', lon: '76.6' } };
    expect(toRequest(ctx, { type: 'report.generate', ndvi: [], ndviEstimated: false })).toStrictEqual({
      ph: 7.2, nitrogen: 300, phosphorus: 12, potassium: 180, organicMatter: 2.5, lat: 18.4, lon: 76.6, language: 'marathi', ndvi: [], ndviEstimated: false,
    });
  });

  it('posts the report request to the server and downloads the PDF of the report shown', async () => {
    api = await startApiServer((r) => (r.path === '/api/v1/land/report' ? { status: 200, body: { success: true, report: REPORT } } : { status: 200, body: 'pdf' }));
    const saved: { name: string }[] = [];
    const actor = createActor(landReportMachine.provide({ actions: { saveFile: (_, p: { blob: Blob; name: string }) => void saved.push(p) } }), {
      input: { locale: 'en-IN', prefill: BASICS, fieldId: 'F1' },
    }).start();
    actor.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ report: 'idle' })).toBe(true), { timeout: 10_000 });
    expect(actor.getSnapshot().context.report).toEqual(REPORT);
    actor.send({ type: 'report.download' });
    await vi.waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    expect(saved[0].name).toBe('land-health-report.pdf');
    expect(api.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/api/v1/land/report'],
      ['POST', '/api/v1/land/download-pdf'],
    ]);
    expect(api.requests[1].body).toEqual({ report: REPORT });
    actor.stop();
  });

  it('a report the server did not make (success false, or an error) shows the alert and no report', async () => {
    const t = await withReport();
    t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
    await t.answer('generate', { success: false, report: REPORT });
    expect(t.snap().value).toBe('editing');
    expect(t.ctx()).toMatchObject({ report: null, notice: { key: 'reportError' } });
    t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
    await t.fail('generate', new HttpError(500, 'server'));
    expect(t.ctx()).toMatchObject({ report: null, notice: { key: 'reportError' } });
    // An answer with no body at all is no report either.
    t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
    await t.answer('generate', null);
    expect(t.snap().value).toBe('editing');
    expect(t.ctx()).toMatchObject({ report: null, notice: { key: 'reportError' } });
    expect(phone.writes).toEqual([]);
  });

  it('from a report shown, a new one needs the basics too', async () => {
    const t = await withReport();
    t.send({ type: 'report.edit', field: 'ph', value: '' });
    t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
    expect(t.snap().matches({ report: 'idle' })).toBe(true);
    expect(t.ctx().notice).toEqual({ key: 'fillBasics' });
    t.send({ type: 'report.edit', field: 'ph', value: '6.9' });
    t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
    expect(t.snap().value).toBe('generating');
    expect(t.ctx().notice).toBeNull();
    expect(t.input('generate')).toMatchObject({ ph: 6.9 });
  });
});

describe('land report: what the phone keeps', () => {
  it("keeps each report as the last one (with its field) and as the field's", async () => {
    const t = start({ prefill: BASICS, fieldId: 'F1' });
    t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
    await t.answer('generate', { success: true, report: REPORT });
    expect(phone.writes).toEqual([
      ['land.report', { fieldId: 'F1', report: REPORT }],
      ['land.report.F1', REPORT],
    ]);
  });

  it("a report from no field, and its PDF, are kept as 'none's", async () => {
    const t = start({ prefill: BASICS });
    t.send({ type: 'report.generate', ndvi: NDVI, ndviEstimated: false });
    await t.answer('generate', { success: true, report: REPORT });
    expect(phone.writes).toEqual([
      ['land.report', { fieldId: null, report: REPORT }],
      ['land.report.none', REPORT],
    ]);
    t.send({ type: 'report.download' });
    await t.answer('download', PDF);
    expect(phone.writes.at(-1)).toEqual(['land.pdf.none', PDF]);
  });

  it("hands the PDF to the browser as land-health-report.pdf and keeps it as the field's", async () => {
    const t = await withReport('F1');
    t.send({ type: 'report.download' });
    expect(t.snap().matches({ report: 'downloading' })).toBe(true);
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.input('download')).toEqual({ report: REPORT });
    await t.answer('download', PDF);
    expect(t.snap().matches({ report: 'idle' })).toBe(true);
    expect(t.saved).toEqual([{ blob: PDF, name: 'land-health-report.pdf' }]);
    expect(phone.writes).toEqual([['land.pdf.F1', PDF]]);
  });
});

describe('land report: a download that fails', () => {
  for (const [what, error] of [
    ['no answer', new HttpError(0, 'network')],
    ["the server's 5xx", new HttpError(500, 'server')],
  ] as const) {
    it(`${what}: offers the field's kept PDF, opens it, or tries again`, async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      phone.kept.set('land.pdf.F1', KEPT_PDF);
      const t = await withReport('F1');
      t.send({ type: 'report.download' });
      await t.fail('download', error);
      expect(logged).toHaveBeenCalledWith('land report: PDF download failed', error);
      expect(phone.reads).toEqual(['land.pdf.F1']);
      expect(t.snap().matches({ report: 'keptOffered' })).toBe(true);
      expect(t.ctx().keptPdf).toEqual(KEPT_PDF);
      t.send({ type: 'report.openKept' });
      expect(t.saved).toEqual([{ blob: KEPT_PDF.value, name: 'land-health-report.pdf' }]);
      expect(t.snap().matches({ report: 'idle' })).toBe(true);
      expect(t.ctx().keptPdf).toBeNull();
      // Offered again, and this time tried again: the offer is gone while it downloads.
      t.send({ type: 'report.download' });
      await t.fail('download', error);
      expect(t.snap().matches({ report: 'keptOffered' })).toBe(true);
      t.send({ type: 'report.download' });
      expect(t.snap().matches({ report: 'downloading' })).toBe(true);
      expect(t.ctx()).toMatchObject({ keptPdf: null, notice: null });
      expect(t.count('download')).toBe(3);
    });
  }

  it('while the phone is read the screen is busy', async () => {
    let open = () => {};
    phone.gate = new Promise((r) => (open = r));
    phone.kept.set('land.pdf.F1', KEPT_PDF);
    const t = await withReport('F1');
    t.send({ type: 'report.download' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await t.fail('download', new HttpError(0, 'network'));
    expect(t.snap().matches({ report: 'recallingPdf' })).toBe(true);
    expect(t.snap().hasTag('busy')).toBe(true);
    open();
    await vi.waitFor(() => expect(t.snap().matches({ report: 'keptOffered' })).toBe(true), { timeout: 10_000 });
    expect(t.snap().hasTag('busy')).toBe(false);
  });

  it("a field with no kept PDF, or a phone that cannot be read: 'the PDF did not download'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = await withReport('F2');
    t.send({ type: 'report.download' });
    await t.fail('download', new HttpError(0, 'network'));
    expect(phone.reads).toEqual(['land.pdf.F2']);
    expect(t.snap().matches({ report: 'idle' })).toBe(true);
    expect(t.ctx().notice).toEqual({ key: 'downloadFailed' });
    phone.broken = true;
    t.send({ type: 'report.download' });
    expect(t.ctx().notice).toBeNull();
    await t.fail('download', new HttpError(0, 'network'));
    expect(t.snap().matches({ report: 'idle' })).toBe(true);
    expect(t.ctx()).toMatchObject({ notice: { key: 'downloadFailed' }, keptPdf: null });
  });

  it("the server's refusal (4xx) or an error that is no HTTP answer does not offer a copy", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    phone.kept.set('land.pdf.F1', KEPT_PDF);
    const t = await withReport('F1');
    for (const error of [new HttpError(422, 'validation'), new HttpError(499, 'other'), new Error('blob unreadable')]) {
      t.send({ type: 'report.download' });
      await t.fail('download', error);
      expect(t.snap().matches({ report: 'idle' })).toBe(true);
      expect(t.ctx().notice).toEqual({ key: 'downloadFailed' });
      expect(logged).toHaveBeenLastCalledWith('land report: PDF download failed', error);
    }
    expect(phone.reads).toEqual([]);
  });
});
