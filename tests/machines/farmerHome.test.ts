/**
 * The farmer's home (the machine) in fixed scenarios whose expectations are written out here, not read from the
 * machine (the generated paths of tests/model/farmerHome.model.test.tsx check the view against the machine's own
 * snapshots): the real loaders against a real HTTP server (the fields, then the field's latest reading and 24 hours,
 * half of it failing or lost to the network, all of it lost), what is kept on the phone and what is shown from it
 * offline (and for which field), Retry with nothing kept, choosing a field, coming back online, the real feed over a
 * real socket.io server, the feed's readings and points merged into the tiles and the chart, and the feed's chunk
 * that cannot be loaded. The phone's store (services/offlineCache: IndexedDB, which jsdom lacks) is
 * stood in for by a map.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, toPromise, type AnyEventObject } from 'xstate';
import {
  DEFAULT_STALE_AFTER_MINUTES,
  farmerHomeMachine,
  HOME_FIELDS,
  homeFieldKey,
  isMoistureLow,
  isStale,
  loadFieldData,
  mergeSeries,
  recallHome,
  relayFeed,
  sensorFeed,
  SERIES_WINDOW_MS,
  type FieldData,
} from '@/machines/farmerHome.machine';
import { setAuthBridge } from '@/services/http';
import type { FieldReadingSummary } from '@/services/sensors';
import { HttpError } from '@/shared/httpError';
import { startApiServer, type ApiAnswer, type ApiRequest } from '../support/apiServer';
import { socketServer } from '../support/socketServer';

const store = vi.hoisted(() => new Map<string, { value: unknown; savedAt: string }>());
vi.mock('@/services/offlineCache', () => ({
  remember: async (what: string, value: unknown, savedAt = new Date()) => void store.set(what, { value, savedAt: savedAt.toISOString() }),
  recall: async (what: string) => store.get(what) ?? null,
  forgetAll: async () => store.clear(),
}));
// Loaded once before any scenario: two first imports of a replaced module at once can give the second the real one.
await import('@/services/offlineCache');

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const FIELDS: FieldReadingSummary[] = [
  { _id: 'f1', fieldId: 'FLD000001AAA', name: 'North plot', health: 'good', lastSensorData: null },
  { _id: 'f2', fieldId: 'FLD000002AAA', name: 'South plot', health: 'good', lastSensorData: null },
];
const LATEST = { moisture: 30, temperature: 28, timestamp: ago(5), moistureAt: ago(5), temperatureAt: ago(6) };
const SERIES = [
  { timestamp: ago(30), moisture: 31, temperature: 27 },
  { timestamp: ago(90), moisture: 33, temperature: 26 },
];
const EMPTY_MESSAGE = { english: 'No sensor data available for the last 24 hours', marathi: 'म', hindi: 'ह' };
const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  store.clear();
  setAuthBridge({ getAccessToken: () => 'h.e30.s', refresh: async () => null });
});
/** Every home started by a test, stopped after it (a running one would hear the next test's 'online' event). */
const started: { stop(): void }[] = [];
afterEach(() => {
  started.splice(0).forEach((a) => a.stop());
  vi.restoreAllMocks();
});

/** The API: the farmer's fields, and per field its latest reading and 24 hours (each answer replaceable). */
async function api(over: Partial<Record<'fields' | 'latest' | 'series', ApiAnswer | ((r: ApiRequest) => ApiAnswer)>> = {}) {
  const pick = (k: 'fields' | 'latest' | 'series', r: ApiRequest, fallback: ApiAnswer) => {
    const a = over[k];
    return typeof a === 'function' ? a(r) : (a ?? fallback);
  };
  return startApiServer((r) => {
    if (r.path === '/api/v1/sensor-data') return pick('fields', r, { status: 200, body: { fields: FIELDS } });
    if (r.path === '/api/v1/sensor-data/latest') return pick('latest', r, { status: 200, body: { data: LATEST } });
    if (r.path === '/api/v1/sensor-data/24h') return pick('series', r, { status: 200, body: { data: SERIES } });
    return { status: 404 };
  });
}

/** The home with its real loaders and store; the feed and the log stood in for (what the feed was given, what was logged). */
function start(sensorFeed?: ReturnType<typeof relayFeed>, fieldData?: typeof loadFieldData) {
  const feeds: { input: { fieldId: string; lastSeenAt: string | null }; sendBack: (e: AnyEventObject) => void }[] = [];
  const logged: { what: string; error: unknown }[] = [];
  const actor = createActor(
    farmerHomeMachine.provide({
      actors: {
        sensorFeed: (sensorFeed ??
          fromCallback(({ input, sendBack }) => {
            feeds.push({ input: input as never, sendBack });
          })) as never,
        ...(fieldData && { loadFieldData: fieldData }),
      },
      actions: { logError: (_, p: { what: string; error: unknown }) => void logged.push(p) },
    }),
  ).start();
  started.push(actor);
  const snap = () => actor.getSnapshot();
  return {
    actor,
    feeds,
    logged,
    send: actor.send.bind(actor),
    value: () => snap().value,
    ctx: () => snap().context,
    until: (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000 }),
    /**
     * What the live feed tells the home, then a tick for what it keeps to land (vitest's replaced module can answer a
     * first dynamic import after the next ones: copies kept in one tick could land out of order here, not in a browser).
     */
    feed: async (e: AnyEventObject) => (feeds.at(-1)!.sendBack(e), tick()),
  };
}

describe('farmer home: loading', () => {
  it("loads the fields, then the first field's latest reading and 24 hours, keeps both on the phone and starts its feed", async () => {
    const server = await api({ series: { status: 200, body: { data: SERIES, message: EMPTY_MESSAGE } } });
    const t = start();
    await t.until(() => t.value() !== 'loadingFields' && JSON.stringify(t.value()) === '{"field":"live"}');
    expect(server.calls('/sensor-data/latest').map((r) => r.query)).toEqual([{ fieldId: 'f1' }]);
    expect(server.calls('/sensor-data/24h').map((r) => r.query)).toEqual([{ fieldId: 'f1' }]);
    const oldestFirst = [SERIES[1], SERIES[0]];
    expect(t.ctx()).toMatchObject({ fields: FIELDS, selectedFieldId: 'f1', latest: LATEST, series: oldestFirst, emptyMessage: EMPTY_MESSAGE, offlineAt: null, fieldsError: null });
    expect(t.logged).toEqual([]);
    // The feed catches up from the last point shown.
    expect(t.feeds.map((f) => f.input)).toEqual([{ fieldId: 'f1', lastSeenAt: SERIES[0].timestamp }]);
    await tick();
    expect(store.get(HOME_FIELDS)?.value).toEqual(FIELDS);
    expect(store.get(homeFieldKey('f1'))?.value).toEqual({ latest: LATEST, series: oldestFirst, emptyMessage: EMPTY_MESSAGE } satisfies FieldData);
  });

  it('a failed half leaves its part empty and is logged; the other half is shown', async () => {
    await api({ latest: { status: 503, body: { statusCode: 503, message: 'busy' } } });
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    expect(t.ctx()).toMatchObject({ latest: null, series: [SERIES[1], SERIES[0]], emptyMessage: null });
    expect(t.logged).toEqual([{ what: 'latest reading', error: expect.objectContaining({ status: 503 }) }]);

    await api({ series: { status: 500, body: { statusCode: 500, message: 'broken' } } });
    const u = start();
    await u.until(() => JSON.stringify(u.value()) === '{"field":"live"}');
    expect(u.ctx()).toMatchObject({ latest: LATEST, series: [], emptyMessage: null });
    expect(u.logged).toEqual([{ what: '24h series', error: expect.objectContaining({ status: 500 }) }]);
    expect(u.feeds.at(-1)!.input).toEqual({ fieldId: 'f1', lastSeenAt: null });
  });

  it('one half lost to the network is not offline: the other half is shown, the lost one logged', async () => {
    // The connection cut with no answer for one of the two calls (the client's status 0).
    const lost = { status: 0, drop: true };
    await api({ series: lost });
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    expect(t.ctx()).toMatchObject({ latest: LATEST, series: [], emptyMessage: null });
    expect(t.logged).toEqual([{ what: '24h series', error: expect.objectContaining({ status: 0 }) }]);

    await api({ latest: lost });
    const u = start();
    await u.until(() => JSON.stringify(u.value()) === '{"field":"live"}');
    expect(u.ctx()).toMatchObject({ latest: null, series: [SERIES[1], SERIES[0]] });
    expect(u.logged).toEqual([{ what: 'latest reading', error: expect.objectContaining({ status: 0 }) }]);

    // One half refused by the server and the other lost: the server answered, so the home is not offline.
    await api({ latest: { status: 500, body: {} }, series: lost });
    const v = start();
    await v.until(() => JSON.stringify(v.value()) === '{"field":"live"}');
    expect(v.logged.map((l) => [l.what, (l.error as HttpError).status])).toEqual([['latest reading', 500], ['24h series', 0]]);
  });

  it("the loader's own answer: a failed half is an empty part and a failure, never a made-up point", async () => {
    await api({ series: { status: 500, body: { statusCode: 500, message: 'broken' } } });
    const out = await toPromise(createActor(loadFieldData, { input: { fieldId: 'f1' } }).start());
    expect(out).toEqual({ latest: LATEST, series: [], emptyMessage: null, failures: [{ what: '24h series', error: expect.objectContaining({ status: 500 }) }] });
  });

  it("field data that fails for another reason than the network is logged and the field stays live, not offline", async () => {
    await api();
    const broken = new Error('malformed answer');
    const t = start(undefined, fromPromise(() => Promise.reject(broken)) as never);
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    expect(t.logged).toEqual([{ what: 'field data', error: broken }]);
    expect(t.ctx()).toMatchObject({ latest: null, series: [], offlineAt: null });
    expect(t.feeds.map((f) => f.input)).toEqual([{ fieldId: 'f1', lastSeenAt: null }]);
  });

  it('both halves refused by the server is not offline: both are logged and the field shows empty', async () => {
    await api({ latest: { status: 404, body: {} }, series: { status: 500, body: {} } });
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    expect(t.ctx()).toMatchObject({ latest: null, series: [], emptyMessage: null });
    expect(t.logged.map((l) => l.what)).toEqual(['latest reading', '24h series']);
  });

  it('a field list the server refuses is told with its reason and logged; Retry loads it again', async () => {
    let answers = 0;
    await api({ fields: () => (answers++ === 0 ? { status: 503, body: { statusCode: 503, message: 'busy' } } : { status: 200, body: { fields: FIELDS } }) });
    const t = start();
    await t.until(() => t.value() === 'fieldsFailed');
    expect(t.ctx().fieldsError).toBeInstanceOf(HttpError);
    expect((t.ctx().fieldsError as HttpError).status).toBe(503);
    expect(t.logged).toEqual([{ what: 'fields', error: t.ctx().fieldsError }]);
    t.send({ type: 'fields.retry' });
    expect(t.value()).toBe('loadingFields');
    expect(t.ctx().fieldsError).toBeNull();
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
  });

  it('no fields: said so, and the phone keeps that there are none', async () => {
    store.set(HOME_FIELDS, { value: FIELDS, savedAt: ago(60) });
    await api({ fields: { status: 200, body: { fields: [] } } });
    const t = start();
    await t.until(() => t.value() === 'noFields');
    expect(t.ctx()).toMatchObject({ fields: [], selectedFieldId: null, offlineAt: null });
    await tick();
    expect(store.get(HOME_FIELDS)?.value).toEqual([]);
  });
});

describe('farmer home: offline', () => {
  /** The API unreachable: every request's connection refused (the client's status 0). */
  async function unreachable() {
    const server = await api();
    await server.close();
  }

  it('nothing kept: offline with nothing saved, nothing shown', async () => {
    await unreachable();
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"nothingSaved"}');
    expect(t.ctx()).toMatchObject({ latest: null, series: [], emptyMessage: null, offlineAt: null });
  });

  it('nothing kept: Retry loads afresh and shows the fields once the network answers', async () => {
    await unreachable();
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"nothingSaved"}');
    const server = await api();
    t.send({ type: 'fields.retry' });
    expect(t.value()).toBe('loadingFields');
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    expect(server.calls('/sensor-data').length).toBe(1);
    expect(t.ctx()).toMatchObject({ fields: FIELDS, selectedFieldId: 'f1', latest: LATEST });
  });

  it("the kept copy asked for a field it does not know shows the first kept field's; a known one its own", async () => {
    const f2: FieldData = { latest: { moisture: 12, temperature: 33, timestamp: ago(200) }, series: SERIES, emptyMessage: null };
    store.set(HOME_FIELDS, { value: FIELDS, savedAt: ago(100) });
    store.set(homeFieldKey('f2'), { value: f2, savedAt: ago(40) });
    const recall = (fieldId: string | null) => toPromise(createActor(recallHome, { input: { fieldId } }).start());
    expect(await recall('f9')).toMatchObject({ selectedFieldId: 'f1', latest: null, series: [], savedAt: store.get(HOME_FIELDS)!.savedAt });
    expect(await recall(null)).toMatchObject({ selectedFieldId: 'f1' });
    expect(await recall('f2')).toMatchObject({ selectedFieldId: 'f2', latest: f2.latest, series: SERIES, savedAt: store.get(homeFieldKey('f2'))!.savedAt });
  });

  it('a kept list with no fields is nothing saved too', async () => {
    store.set(HOME_FIELDS, { value: [], savedAt: ago(60) });
    await unreachable();
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"nothingSaved"}');
  });

  it("shows the kept fields with the first field's kept readings and their time; another field's on choosing it", async () => {
    const f2: FieldData = { latest: { moisture: 12, temperature: 33, timestamp: ago(200) }, series: SERIES, emptyMessage: null };
    store.set(HOME_FIELDS, { value: FIELDS, savedAt: ago(100) });
    store.set(homeFieldKey('f2'), { value: f2, savedAt: ago(40) });
    await unreachable();
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"shown"}');
    // The first field was never kept: its tiles are empty, the time is the list's.
    expect(t.ctx()).toMatchObject({ fields: FIELDS, selectedFieldId: 'f1', latest: null, series: [], emptyMessage: null, offlineAt: store.get(HOME_FIELDS)!.savedAt });
    t.send({ type: 'field.select', fieldId: 'f1' });
    t.send({ type: 'field.select', fieldId: 'f9' });
    expect(t.value()).toEqual({ offline: 'shown' });
    t.send({ type: 'field.select', fieldId: 'f2' });
    expect(t.value()).toEqual({ offline: 'reading' });
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"shown"}');
    expect(t.ctx()).toMatchObject({ selectedFieldId: 'f2', latest: f2.latest, series: SERIES, offlineAt: store.get(homeFieldKey('f2'))!.savedAt });
    // Retry: a fresh load, the kept copy off the screen.
    t.send({ type: 'fields.retry' });
    expect(t.value()).toBe('loadingFields');
    expect(t.ctx()).toMatchObject({ latest: null, series: [], emptyMessage: null, offlineAt: null, selectedFieldId: 'f2' });
  });

  it('a field chosen online and then lost to the network shows that field’s kept copy; online again it stays chosen', async () => {
    const f2: FieldData = { latest: { moisture: 12, temperature: 33, timestamp: ago(200) }, series: [], emptyMessage: EMPTY_MESSAGE };
    store.set(homeFieldKey('f2'), { value: f2, savedAt: ago(40) });
    const server = await api();
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    await server.close();
    t.send({ type: 'field.select', fieldId: 'f2' });
    expect(t.ctx()).toMatchObject({ selectedFieldId: 'f2', latest: null, series: [], emptyMessage: null });
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"shown"}');
    expect(t.ctx()).toMatchObject({ selectedFieldId: 'f2', latest: f2.latest, emptyMessage: EMPTY_MESSAGE });
    const back = await api();
    window.dispatchEvent(new Event('online'));
    expect(t.value()).toBe('loadingFields');
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    expect(t.ctx().selectedFieldId).toBe('f2');
    expect(back.calls('/sensor-data/latest').map((r) => r.query)).toEqual([{ fieldId: 'f2' }]);
  });

  it('online again with the chosen field gone from the list: the first field', async () => {
    store.set(HOME_FIELDS, { value: FIELDS, savedAt: ago(100) });
    await unreachable();
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"shown"}');
    t.send({ type: 'field.select', fieldId: 'f2' });
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"shown"}');
    await api({ fields: { status: 200, body: { fields: [FIELDS[0]] } } });
    window.dispatchEvent(new Event('online'));
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    expect(t.ctx().selectedFieldId).toBe('f1');
  });
});

describe('farmer home: choosing a field and the live feed', () => {
  async function live() {
    await api();
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    return t;
  }

  it('another of the fields loads afresh (tiles cleared meanwhile); the same one or an unknown one changes nothing', async () => {
    const t = await live();
    t.send({ type: 'field.select', fieldId: 'f1' });
    t.send({ type: 'field.select', fieldId: 'f9' });
    expect(t.value()).toEqual({ field: 'live' });
    expect(t.ctx().latest).toEqual(LATEST);
    t.send({ type: 'field.select', fieldId: 'f2' });
    expect(t.value()).toEqual({ field: 'loading' });
    expect(t.ctx()).toMatchObject({ selectedFieldId: 'f2', latest: null, series: [], emptyMessage: null });
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    expect(t.feeds.map((f) => f.input.fieldId)).toEqual(['f1', 'f2']);
  });

  it('the feed’s status, readings and points move the tiles and the chart, and what is shown is kept', async () => {
    const t = await live();
    await t.feed({ type: 'feed.status', status: 'live' });
    expect(t.ctx().connection).toBe('live');
    const now = new Date().toISOString();
    await t.feed({ type: 'feed.reading', reading: { fieldId: 'f1', sensorId: 'M-1', type: 'moisture', value: 18, timestamp: now } });
    expect(t.ctx().latest).toMatchObject({ moisture: 18, moistureAt: now, temperature: 28, temperatureAt: LATEST.temperatureAt, timestamp: now });
    expect(t.ctx().series.at(-1)).toEqual({ timestamp: now, moisture: 18 });
    await t.feed({ type: 'feed.reading', reading: { fieldId: 'f1', sensorId: 'T-1', type: 'temperature', value: 35, timestamp: now } });
    expect(t.ctx().latest).toMatchObject({ moisture: 18, temperature: 35, temperatureAt: now, timestamp: now });
    expect(t.ctx().series.at(-1)).toEqual({ timestamp: now, moisture: 18, temperature: 35 });
    // Another kind of reading moves neither.
    const before = t.ctx();
    await t.feed({ type: 'feed.reading', reading: { fieldId: 'f1', sensorId: 'H-1', type: 'humidity', value: 70, timestamp: ago(-1) } });
    expect(t.ctx().latest).toBe(before.latest);
    expect(t.ctx().series).toBe(before.series);
    const points = [
      { timestamp: ago(10), moisture: 25 },
      { timestamp: SERIES[0].timestamp, temperature: 99 },
    ];
    await t.feed({ type: 'feed.points', points });
    expect(t.ctx().series).toEqual([SERIES[1], { ...SERIES[0], temperature: 99 }, points[0], { timestamp: now, moisture: 18, temperature: 35 }]);
    await t.until(() => store.get(homeFieldKey('f1'))?.value !== undefined && JSON.stringify(store.get(homeFieldKey('f1'))!.value) === JSON.stringify({ latest: t.ctx().latest, series: t.ctx().series, emptyMessage: null }));
  });

  it('an older reading does not replace a newer value, but its sensor is no longer silent', async () => {
    await api({
      latest: {
        status: 200,
        body: { data: { ...LATEST, silentSensors: [{ sensorId: 'M-1', type: 'moisture', lastSeenAt: ago(300) }, { sensorId: 'T-1', type: 'temperature', lastSeenAt: ago(300) }] } },
      },
    });
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    await t.feed({ type: 'feed.reading', reading: { fieldId: 'f1', sensorId: 'M-1', type: 'moisture', value: 5, timestamp: ago(60) } });
    expect(t.ctx().latest).toMatchObject({ moisture: 30, moistureAt: LATEST.moistureAt, timestamp: LATEST.timestamp });
    expect(t.ctx().latest!.silentSensors!.map((s) => s.sensorId)).toEqual(['T-1']);
  });

  it('an older reading fills a value the tiles do not have yet, keeping the newer times', async () => {
    await api({ latest: { status: 200, body: { data: { moisture: null, temperature: 28, timestamp: ago(5), temperatureAt: ago(5) } } } });
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    const latestAt = t.ctx().latest!.timestamp;
    const older = ago(60);
    await t.feed({ type: 'feed.reading', reading: { fieldId: 'f1', sensorId: 'M-1', type: 'moisture', value: 22, timestamp: older } });
    expect(t.ctx().latest).toMatchObject({ moisture: 22, moistureAt: older, temperature: 28, timestamp: latestAt });
  });

  it('a first reading with no latest at all starts the tiles', async () => {
    await api({ latest: { status: 404, body: {} } });
    const t = start();
    await t.until(() => JSON.stringify(t.value()) === '{"field":"live"}');
    const now = new Date().toISOString();
    await t.feed({ type: 'feed.reading', reading: { fieldId: 'f1', sensorId: 'M-1', type: 'moisture', value: 40, timestamp: now } });
    expect(t.ctx().latest).toEqual({ moisture: 40, moistureAt: now, temperature: null, timestamp: now, silentSensors: undefined });
  });

  it("the real feed (its code loaded after the page) joins the field's room over a real socket and its pushes reach the tiles", async () => {
    const sockets = socketServer();
    sockets.io.on('connection', (socket) => {
      socket.on('field:watch', async (fieldId: string, ack: (r: unknown) => void) => {
        await socket.join(`field:${fieldId}`);
        ack({ ok: true, fieldId });
      });
    });
    await sockets.start();
    try {
      await api();
      const t = start(sensorFeed);
      await t.until(() => t.ctx().connection === 'live');
      const now = new Date().toISOString();
      sockets.io.to('field:f1').emit('reading:new', { fieldId: 'f1', sensorId: 'M-1', type: 'moisture', value: 17, timestamp: now });
      await t.until(() => t.ctx().latest?.moisture === 17);
      expect(t.ctx().series.at(-1)).toEqual({ timestamp: now, moisture: 17 });
    } finally {
      await sockets.stop();
    }
  });

  it("a feed whose code cannot be loaded (an old release's chunk gone) says 'failed'", async () => {
    await api();
    const t = start(relayFeed(() => Promise.reject(new Error('chunk gone'))));
    await t.until(() => t.ctx().connection === 'failed');
    expect(t.value()).toEqual({ field: 'live' });
  });
});

describe('farmer home: the rules it shows by', () => {
  it('merges points by time, oldest first, only the last 24 hours (the first instant of the window kept)', () => {
    const now = Date.parse('2026-11-28T12:00:00.000Z');
    const edge = new Date(now - SERIES_WINDOW_MS).toISOString();
    const before = new Date(now - SERIES_WINDOW_MS - 1).toISOString();
    const a = { timestamp: '2026-11-28T10:00:00.000Z', moisture: 30 };
    const b = { timestamp: '2026-11-28T11:00:00.000Z', moisture: 31 };
    expect(mergeSeries([b, { timestamp: before, moisture: 1 }], [a, { timestamp: edge, moisture: 2 }, { timestamp: b.timestamp, temperature: 20 }], now)).toEqual([
      { timestamp: edge, moisture: 2 },
      a,
      { ...b, temperature: 20 },
    ]);
    expect(mergeSeries([b, a], [], now)).toEqual([a, b]);
  });

  it('moisture is low below 25 %, and no reading counts as 100', () => {
    expect(isMoistureLow({ moisture: 24.9, temperature: null, timestamp: null })).toBe(true);
    expect(isMoistureLow({ moisture: 25, temperature: null, timestamp: null })).toBe(false);
    expect(isMoistureLow({ moisture: null, temperature: 30, timestamp: null })).toBe(false);
    expect(isMoistureLow(null)).toBe(false);
  });

  it("a value older than the field's offline limit is stale (the spec's two hours when the server did not say)", () => {
    const now = Date.parse('2026-11-28T12:00:00.000Z');
    const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
    expect(DEFAULT_STALE_AFTER_MINUTES).toBe(120);
    expect(isStale(minutesAgo(120), undefined, now)).toBe(false);
    expect(isStale(minutesAgo(121), undefined, now)).toBe(true);
    expect(isStale(minutesAgo(31), 30, now)).toBe(true);
    expect(isStale(minutesAgo(30), 30, now)).toBe(false);
    expect(isStale(null, 30, now)).toBe(false);
  });
});
