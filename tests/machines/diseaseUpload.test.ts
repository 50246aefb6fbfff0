/**
 * The leaf-photo upload (the machine) in fixed scenarios whose expectations are written out here, not read from the
 * machine (the generated paths of tests/model/diseaseUpload.model.test.tsx check the view against the machine's own
 * snapshots): which photo is prepared and sent with which key and crop, what each answer of the upload leads to, a
 * photo that waits in the outbox (services/outbox, in memory, delivering to a real HTTP server) until it is answered
 * or refused, and a past diagnosis opened from the history.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { diseaseUploadMachine } from '@/machines/diseaseUpload.machine';
import { setAuthBridge } from '@/services/http';
import { deliver, discard, listOutbox, queueRequest, useMemoryOutbox } from '@/services/outbox';
import { HttpError } from '@/shared/httpError';
import { startApiServer } from '../support/apiServer';
import { startHeld } from '../support/heldCalls';

const tick = () => new Promise((r) => setTimeout(r, 0));
const leaf = (name = 'IMG_2041.jpg') => new File(['x'], name, { type: 'image/jpeg' });
const PREPARED = new File(['small'], 'IMG_2041.jpg', { type: 'image/jpeg' });
const RESULT = { disease: 'Soybean rust', confidence: 0.91, diagnosisId: 'd-1' };
const PAST = { _id: 'p-1', createdAt: '2026-11-20T08:00:00.000Z', thumbnail: 'data:image/jpeg;base64,AA==', result: { disease: 'Leaf spot', confidence: 0.8 } };
const refusal = (status: number) => new HttpError(status, 'badRequest', { statusCode: status, error: 'Bad Request', message: { english: 'Not a leaf', marathi: 'पानाचा फोटो नाही', hindi: 'पत्ते की फोटो नहीं' } } as never);

beforeEach(() => {
  useMemoryOutbox();
  setAuthBridge({ getAccessToken: () => `h.${btoa(JSON.stringify({ sub: 'u1' })).replace(/=+$/, '')}.s`, refresh: async () => null });
});
afterEach(() => vi.restoreAllMocks());

function start(locale = 'mr-IN', real: string[] = []) {
  const ids = ['prepare', 'detect', 'queuePhoto', 'watchQueued', 'openPast'].filter((id) => !real.includes(id));
  const t = startHeld(diseaseUploadMachine, ids, { locale });
  return { ...t, busy: () => t.actor.getSnapshot().hasTag('busy') };
}

/** A photo chosen and prepared, in `selected`. */
async function selected(locale = 'mr-IN', real: string[] = []) {
  const t = start(locale, real);
  t.send({ type: 'disease.fileChosen', file: leaf() });
  await t.answer('prepare', PREPARED);
  return t;
}

/** Analysing: the upload under way. */
async function uploading(locale = 'mr-IN', real: string[] = []) {
  const t = await selected(locale, real);
  t.send({ type: 'disease.analyse' });
  return t;
}

describe('disease upload: the photo', () => {
  it("starts with no photo, no crop, no key, in the locale's language", () => {
    expect(start('hi-IN').ctx()).toMatchObject({ lang: 'hindi', crop: '', key: '', file: null, result: null });
    const t = start();
    expect(t.value()).toBe('noFile');
    expect(t.ctx()).toMatchObject({ lang: 'marathi', crop: '', key: '', file: null, refused: null, refusedWhy: null, outboxId: null, queueFailed: false, pastFailed: false });
    expect(t.busy()).toBe(false);
  });

  it('a file that is not an image is refused by name and nothing is prepared; a crop may be chosen before a photo', () => {
    const t = start();
    t.send({ type: 'disease.cropChosen', crop: 'soybean' });
    t.send({ type: 'disease.fileChosen', file: new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }) });
    expect(t.value()).toBe('noFile');
    expect(t.ctx()).toMatchObject({ refused: 'report.pdf', refusedWhy: 'notImage', crop: 'soybean' });
    expect(t.count('prepare')).toBe(0);
  });

  it('an image is prepared (busy) and then shown; one the browser cannot read is refused as unreadable', async () => {
    const t = start();
    const file = leaf('broken.jpg');
    t.send({ type: 'disease.fileChosen', file });
    expect(t.value()).toBe('preparing');
    expect(t.busy()).toBe(true);
    expect(t.last('prepare').input).toEqual({ file });
    expect(t.ctx().refused).toBe('broken.jpg');
    await t.fail('prepare', new Error('cannot decode'));
    expect(t.value()).toBe('noFile');
    expect(t.ctx()).toMatchObject({ refused: 'broken.jpg', refusedWhy: 'unreadable', file: null });
    t.send({ type: 'disease.fileChosen', file: leaf() });
    expect(t.ctx()).toMatchObject({ refusedWhy: null });
    await t.answer('prepare', PREPARED);
    expect(t.value()).toBe('selected');
    expect(t.ctx()).toMatchObject({ file: PREPARED, refused: null });
  });
});

describe('disease upload: sending', () => {
  it('sends the prepared photo with the language, the crop and a fresh key, shows its progress, then the result', async () => {
    const t = await selected();
    t.send({ type: 'disease.cropChosen', crop: 'soybean' });
    t.send({ type: 'disease.analyse' });
    expect(t.value()).toBe('uploading');
    expect(t.busy()).toBe(true);
    const input = t.last('detect').input as { file: File; lang: string; crop: string; key: string; onProgress: (p: { sent: number; total: number }) => void };
    expect(input).toMatchObject({ file: PREPARED, lang: 'marathi', crop: 'soybean' });
    expect(input.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.ctx().key).toBe(input.key);
    input.onProgress({ sent: 400, total: 1000 });
    expect(t.ctx().progress).toEqual({ sent: 400, total: 1000 });
    await t.answer('detect', RESULT);
    expect(t.value()).toBe('result');
    expect(t.ctx().result).toEqual(RESULT);
    expect(t.busy()).toBe(false);
  });

  it("a refusal shows the server's reason in the page's language; analysing again sends with a new key", async () => {
    const t = await uploading();
    const first = t.ctx().key;
    await t.fail('detect', refusal(400));
    expect(t.value()).toBe('error');
    expect(t.ctx().failure).toBe('पानाचा फोटो नाही');
    t.send({ type: 'disease.cropChosen', crop: 'cotton' });
    t.send({ type: 'disease.analyse' });
    expect(t.value()).toBe('uploading');
    expect(t.ctx()).toMatchObject({ failure: null, progress: null, crop: 'cotton' });
    expect((t.last('detect').input as { key: string }).key).not.toBe(first);
  });

  it('a time-out, a rate limit and a server error are failures to try again, with the same key', async () => {
    for (const status of [408, 429, 500]) {
      const t = await uploading();
      const key = t.ctx().key;
      await t.fail('detect', new HttpError(status, status === 429 ? 'tooMany' : status === 500 ? 'server' : 'timeout'));
      expect(t.value()).toBe('failed');
      (t.last('detect').input as { onProgress: (p: object) => void }).onProgress({ sent: 1, total: 2 });
      t.send({ type: 'disease.retry' });
      expect(t.value()).toBe('uploading');
      expect(t.ctx()).toMatchObject({ progress: null, key });
      expect((t.last('detect').input as { key: string }).key).toBe(key);
    }
  });

  it('a dropped upload while online fails (Try again or send later); offline, or out of time, it goes to the outbox with its key', async () => {
    const t = await uploading();
    await t.fail('detect', new HttpError(0, 'network'));
    expect(t.value()).toBe('failed');

    const u = await uploading('en-IN');
    await u.fail('detect', new HttpError(0, 'timeout'));
    expect(u.value()).toBe('queueing');
    expect(u.busy()).toBe(true);
    expect(u.last('queuePhoto').input).toMatchObject({ file: PREPARED, lang: 'english', crop: '', key: u.ctx().key });

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const v = await uploading();
    await v.fail('detect', new HttpError(0, 'network'));
    expect(v.value()).toBe('queueing');
    await v.answer('queuePhoto', { id: 'q-9' });
    expect(v.value()).toBe('queued');
    expect(v.ctx().outboxId).toBe('q-9');
    expect(v.last('watchQueued').input).toEqual({ outboxId: 'q-9', lang: 'marathi' });
  });

  it('send later queues the failed photo with its key; an outbox that cannot keep it leaves only Try again', async () => {
    const t = await uploading();
    const key = t.ctx().key;
    await t.fail('detect', new HttpError(0, 'network'));
    t.send({ type: 'disease.sendLater' });
    expect(t.value()).toBe('queueing');
    expect((t.last('queuePhoto').input as { key: string }).key).toBe(key);
    await t.fail('queuePhoto', new Error('QuotaExceededError'));
    expect(t.value()).toBe('failed');
    expect(t.ctx().queueFailed).toBe(true);
    t.send({ type: 'disease.sendLater' });
    expect(t.value()).toBe('failed');
    expect(t.count('queuePhoto')).toBe(1);
    t.send({ type: 'disease.retry' });
    expect(t.ctx().queueFailed).toBe(false);
  });

  it('a photo on screen (chosen, refused or failed) can be cleared, and the crop changed', async () => {
    const s = await selected();
    s.send({ type: 'disease.cropChosen', crop: 'tur' });
    expect(s.ctx().crop).toBe('tur');
    s.send({ type: 'disease.clear' });
    expect(s.value()).toBe('noFile');
    expect(s.ctx()).toMatchObject({ file: null, crop: 'tur' });
    for (const end of ['error', 'failed'] as const) {
      const t = await uploading();
      await t.fail('detect', end === 'error' ? refusal(422) : new HttpError(503, 'server'));
      expect(t.value()).toBe(end);
      t.send({ type: 'disease.cropChosen', crop: 'tur' });
      expect(t.ctx().crop).toBe('tur');
      t.send({ type: 'disease.clear' });
      expect(t.value()).toBe('noFile');
      expect(t.ctx()).toMatchObject({ file: null, failure: null, result: null, progress: null, refused: null });
    }
  });
});

describe('disease upload: a photo in the outbox', () => {
  async function queued() {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const t = await uploading('mr-IN', ['watchQueued']);
    await t.fail('detect', new HttpError(0, 'network'));
    // The outbox item the screen watches (a real one, delivered below to a real server).
    const item = await queueRequest('disease', { method: 'post', url: '/disease/detect?lang=marathi', body: { photo: 'IMG_2041.jpg' } }, 'IMG_2041.jpg', t.ctx().key);
    await t.answer('queuePhoto', item);
    vi.restoreAllMocks();
    return { t, item };
  }

  it('answered when the network returns: the result is shown', async () => {
    await startApiServer(() => ({ status: 200, body: RESULT }));
    const { t, item } = await queued();
    const other = await queueRequest('chat', { method: 'post', url: '/chatbot', body: { message: 'hi' } }, 'hi', 'k-other');
    await deliver(other);
    await tick();
    expect(t.value()).toBe('queued');
    await deliver(item);
    await vi.waitFor(() => expect(t.value()).toBe('result'));
    expect(t.ctx()).toMatchObject({ result: RESULT, outboxId: null });
  });

  it("refused when it is sent: the server's reason in the page's language", async () => {
    await startApiServer(() => ({ status: 422, body: { statusCode: 422, error: 'Unprocessable', message: { english: 'Not a leaf', marathi: 'पानाचा फोटो नाही', hindi: 'x' } } }));
    const { t, item } = await queued();
    await deliver(item);
    await vi.waitFor(() => expect(t.value()).toBe('error'));
    expect(t.ctx()).toMatchObject({ failure: 'पानाचा फोटो नाही', outboxId: null });
  });

  it('refused without a reason in that language: the failure line alone', async () => {
    await startApiServer(() => ({ status: 422, body: { statusCode: 422, error: 'Unprocessable', message: 'Not a leaf' } }));
    const { t, item } = await queued();
    await deliver(item);
    await vi.waitFor(() => expect(t.value()).toBe('error'));
    expect(t.ctx().failure).toBeNull();
  });

  it('the outbox keeps the photo itself, to send to the same address with the same key', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const t = await selected('mr-IN', ['queuePhoto']);
    t.send({ type: 'disease.cropChosen', crop: 'soybean' });
    t.send({ type: 'disease.analyse' });
    await t.fail('detect', new HttpError(0, 'network'));
    await vi.waitFor(() => expect(t.value()).toBe('queued'));
    const items = await listOutbox('u1');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: t.ctx().outboxId,
      kind: 'disease',
      summary: 'IMG_2041.jpg',
      idempotencyKey: t.ctx().key,
      request: { method: 'post', url: '/disease/detect?lang=marathi&crop=soybean', upload: { file: PREPARED, filename: 'IMG_2041.jpg' } },
    });
  });

  it('given up from the outbox panel: nothing is sent, and the photo waits on screen to analyse again', async () => {
    const { t, item } = await queued();
    const other = await queueRequest('chat', { method: 'post', url: '/chatbot', body: { message: 'hi' } }, 'hi', 'k-other');
    await discard(other);
    await tick();
    expect(t.value()).toBe('queued');
    await discard(item);
    await vi.waitFor(() => expect(t.value()).toBe('selected'));
    expect(t.ctx()).toMatchObject({ file: PREPARED, outboxId: null, result: null, failure: null });
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('can be cleared from the page (the outbox still sends it: it lands in the history)', async () => {
    const { t } = await queued();
    t.send({ type: 'disease.clear' });
    expect(t.value()).toBe('noFile');
    expect(t.ctx().outboxId).toBeNull();
  });
});

describe('disease upload: a past diagnosis', () => {
  it('opens by id from the history (busy), with its photo and date; one that cannot be opened says so', async () => {
    const t = await selected();
    t.send({ type: 'disease.openPast', id: 'p-1' });
    expect(t.value()).toBe('openingPast');
    expect(t.busy()).toBe(true);
    expect(t.last('openPast').input).toEqual({ id: 'p-1' });
    expect(t.ctx().file).toBeNull();
    await t.answer('openPast', PAST);
    expect(t.value()).toBe('result');
    expect(t.ctx()).toMatchObject({ result: PAST.result, past: { _id: 'p-1', createdAt: PAST.createdAt, thumbnail: PAST.thumbnail } });
    expect(t.ctx().past).not.toHaveProperty('result');
    t.send({ type: 'disease.openPast', id: 'p-2' });
    await t.fail('openPast', new HttpError(404, 'notFound'));
    expect(t.value()).toBe('noFile');
    expect(t.ctx()).toMatchObject({ pastFailed: true, result: null, past: null });
    t.send({ type: 'disease.openPast', id: 'p-1' });
    expect(t.ctx().pastFailed).toBe(false);
  });

  it('opens from no photo, a refused or failed photo, a waiting one and a result', async () => {
    const n = start();
    n.send({ type: 'disease.openPast', id: 'p-1' });
    expect(n.value()).toBe('openingPast');
    for (const end of ['error', 'failed'] as const) {
      const t = await uploading();
      await t.fail('detect', end === 'error' ? refusal(400) : new HttpError(500, 'server'));
      t.send({ type: 'disease.openPast', id: 'p-1' });
      expect(t.value()).toBe('openingPast');
    }
    const r = await uploading();
    await r.answer('detect', RESULT);
    r.send({ type: 'disease.openPast', id: 'p-1' });
    expect(r.value()).toBe('openingPast');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const q = await uploading();
    await q.fail('detect', new HttpError(0, 'network'));
    await q.answer('queuePhoto', { id: 'q-1' });
    q.send({ type: 'disease.openPast', id: 'p-1' });
    expect(q.value()).toBe('openingPast');
    expect(q.ctx().outboxId).toBeNull();
  });

  it('a result is cleared back to no photo', async () => {
    const t = await uploading();
    await t.answer('detect', RESULT);
    t.send({ type: 'disease.clear' });
    expect(t.value()).toBe('noFile');
    expect(t.ctx().result).toBeNull();
  });
});
