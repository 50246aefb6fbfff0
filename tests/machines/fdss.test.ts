/**
 * The decision-support machine in fixed scenarios whose expectations are written out here, not read from the machine
 * (tests/model/fdss.model.test.tsx checks the view against the machine's own snapshots): the calls it makes and for
 * which field, the sample plots when the fields fail, what it keeps on the phone and under which key, and offline
 * which copy it reads, what stays on the screen, and which fields the farmer may switch to. The phone's store is
 * stood in for (jsdom has no IndexedDB).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { fdssMachine } from '@/machines/fdss.machine';
import type { FieldChoice, Insight, WeatherNow } from '@/services/fdss';
import { HttpError } from '@/shared/httpError';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { heldCalls } from '../support/heldCalls';
import { phone, resetPhone } from '../support/phoneStore';

vi.mock('@/machines/offline', async (actual) => (await import('../support/phoneStore')).offlineOnPhone(await actual()));

const FIELDS: FieldChoice[] = [
  { _id: 'a1', fieldId: 'FLD1', name: 'North plot' },
  { _id: 'a2', fieldId: 'FLD2', name: 'River plot' },
];
const WEATHER = { temperature: 29.4, humidity: 71 } as WeatherNow;
const INSIGHTS = [{ id: 'irrigate-now', type: 'alert', priority: 'high' }] as Insight[];
const NETWORK = new HttpError(0, 'network');
const SAVED_AT = '2026-11-26T05:00:00.000Z';
/** A copy as the phone keeps it; its field list may be older than the one on the screen. */
const copy = (fieldId: string | null, fields: FieldChoice[] = FIELDS) => ({
  value: { fields, fieldId, weather: { ...WEATHER, temperature: 20 }, insights: [{ ...INSIGHTS[0], id: `kept-${fieldId}` }] },
  savedAt: SAVED_AT,
});
const tick = () => new Promise((r) => setTimeout(r, 0));

function start() {
  const { held, last, count } = heldCalls();
  const actor = createActor(
    fdssMachine.provide({
      actors: { loadFields: held('loadFields') as never, loadWeather: held('loadWeather') as never, loadInsights: held('loadInsights') as never },
    }),
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
    snap: () => actor.getSnapshot(),
    ctx: () => actor.getSnapshot().context,
    settle,
    stop: () => actor.stop(),
  };
}

/** Fields listed, the first chosen, and the advice lost to the network: offline, reading that field's copy. */
async function offlineOnField(fieldId = 'FLD1') {
  const t = start();
  await t.answer('loadFields', FIELDS);
  t.send({ type: 'fdss.fieldChosen', fieldId });
  await t.fail('loadInsights', NETWORK);
  return t;
}

let api: ApiServer | undefined;
beforeEach(resetPhone);
afterEach(async () => {
  vi.restoreAllMocks();
});

describe('decision support: the calls', () => {
  it("asks the server for the caller's fields, then the chosen field's weather and insights", async () => {
    api = await startApiServer((r) =>
      r.path === '/api/v1/fields'
        ? { status: 200, body: { data: { fields: FIELDS } } }
        : r.path === '/api/v1/fdss/weather/current'
          ? { status: 200, body: WEATHER }
          : { status: 200, body: { data: { fieldId: 'FLD2', insights: INSIGHTS, weatherEstimated: true } } },
    );
    const actor = createActor(fdssMachine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'choosing' })).toBe(true), { timeout: 10_000 });
    expect(actor.getSnapshot().context.fields).toEqual(FIELDS);
    actor.send({ type: 'fdss.fieldChosen', fieldId: 'FLD2' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { field: { weather: 'shown', insights: 'shown' } } })).toBe(true), { timeout: 10_000 });
    expect(actor.getSnapshot().context).toMatchObject({ fieldId: 'FLD2', weather: WEATHER, insights: INSIGHTS });
    expect(api.requests.map((r) => [r.path, r.query])).toEqual(
      expect.arrayContaining([
        ['/api/v1/fields', {}],
        ['/api/v1/fdss/weather/current', { fieldId: 'FLD2' }],
        ['/api/v1/fdss/insights', { fieldId: 'FLD2' }],
      ]),
    );
    expect(api.requests).toHaveLength(3);
    actor.stop();
  });

  it('no fields: says so and asks nothing more', async () => {
    const t = start();
    await t.answer('loadFields', []);
    expect(t.snap().value).toBe('noFields');
    expect(t.ctx().fields).toEqual([]);
  });

  it('fields that fail (not the network) give the three sample plots, plot 1 chosen and loading, and are logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = start();
    const error = new HttpError(500, 'server');
    await t.fail('loadFields', error);
    expect(t.ctx().fields).toEqual([
      { _id: 'plot1', fieldId: 'plot1', name: 'Plot 1' },
      { _id: 'plot2', fieldId: 'plot2', name: 'Plot 2' },
      { _id: 'plot3', fieldId: 'plot3', name: 'Plot 3' },
    ]);
    expect(t.ctx().fieldId).toBe('plot1');
    expect(t.input('loadWeather')).toEqual({ fieldId: 'plot1' });
    expect(t.input('loadInsights')).toEqual({ fieldId: 'plot1' });
    expect(logged).toHaveBeenCalledWith('fdss: fields failed', error);
  });

  it('choosing another field while one loads starts both loads again for the new one, its old advice gone', async () => {
    const t = start();
    await t.answer('loadFields', FIELDS);
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD1' });
    await t.answer('loadWeather', WEATHER);
    await t.answer('loadInsights', INSIGHTS);
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD2' });
    expect(t.ctx()).toMatchObject({ fieldId: 'FLD2', weather: null, insights: [] });
    expect(t.count('loadWeather')).toBe(2);
    expect(t.count('loadInsights')).toBe(2);
    expect(t.input('loadWeather')).toEqual({ fieldId: 'FLD2' });
    expect(t.snap().matches({ ready: { field: { weather: 'loading', insights: 'loading' } } })).toBe(true);
  });

  it('weather that fails clears the weather card; insights that fail (not the network) clear the insights', async () => {
    const t = start();
    await t.answer('loadFields', FIELDS);
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD1' });
    await t.fail('loadWeather', new Error('503'));
    await t.fail('loadInsights', new Error('503'));
    expect(t.snap().matches({ ready: { field: { weather: 'cleared', insights: 'failed' } } })).toBe(true);
    expect(t.ctx()).toMatchObject({ weather: null, insights: [] });
  });
});

describe('decision support: what the phone keeps', () => {
  it('keeps the advice once the insights are shown, as the last advice and as the field’s own; the weather after that too', async () => {
    const t = start();
    await t.answer('loadFields', FIELDS);
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD1' });
    await t.answer('loadWeather', WEATHER);
    // The weather alone does not replace the advice kept last with one that has no insights.
    expect(phone.writes).toEqual([]);
    await t.answer('loadInsights', INSIGHTS);
    const advice = { fields: FIELDS, fieldId: 'FLD1', weather: WEATHER, insights: INSIGHTS };
    await vi.waitFor(() => expect(phone.writes).toHaveLength(2), { timeout: 10_000 });
    expect(phone.writes).toEqual([
      ['fdss.advice', advice],
      ['fdss.advice.FLD1', advice],
    ]);
  });

  it('when the weather comes after the insights, the advice is kept again with it', async () => {
    const t = start();
    await t.answer('loadFields', FIELDS);
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD2' });
    await t.answer('loadInsights', INSIGHTS);
    await vi.waitFor(() => expect(phone.writes).toHaveLength(2), { timeout: 10_000 });
    await t.answer('loadWeather', WEATHER);
    await vi.waitFor(() => expect(phone.writes).toHaveLength(4), { timeout: 10_000 });
    expect(phone.writes.slice(2)).toEqual([
      ['fdss.advice', { fields: FIELDS, fieldId: 'FLD2', weather: WEATHER, insights: INSIGHTS }],
      ['fdss.advice.FLD2', { fields: FIELDS, fieldId: 'FLD2', weather: WEATHER, insights: INSIGHTS }],
    ]);
  });
});

describe('decision support offline', () => {
  it('fields lost to the network: reads the last advice kept, and shows it with its field list, field and time', async () => {
    phone.kept.set('fdss.advice', copy('FLD2'));
    const t = start();
    await t.fail('loadFields', NETWORK);
    expect(phone.reads).toEqual(['fdss.advice']);
    expect(t.snap().matches({ offline: 'shown' })).toBe(true);
    expect(t.snap().hasTag('offline')).toBe(true);
    expect(t.ctx()).toEqual({ ...copy('FLD2').value, offlineAt: SAVED_AT });
  });

  it('while the phone is read it is offline and loading', async () => {
    const t = start();
    await t.fail('loadFields', NETWORK);
    // (Read at once here; the tags are those of offline.reading and offline.)
    const reading = fdssMachine.resolveState({ value: { offline: 'reading' }, context: t.ctx() });
    expect(reading.hasTag('offline') && reading.hasTag('loading')).toBe(true);
    expect(t.snap().hasTag('loading')).toBe(false);
  });

  it("the advice lost to the network: reads that field's own copy and keeps the list and field on the screen", async () => {
    const older = [FIELDS[0]];
    phone.kept.set('fdss.advice.FLD1', copy('FLD1', older));
    phone.kept.set('fdss.advice', copy('FLD2'));
    const t = await offlineOnField('FLD1');
    expect(phone.reads).toEqual(['fdss.advice.FLD1']);
    expect(t.snap().matches({ offline: 'shown' })).toBe(true);
    expect(t.ctx()).toEqual({ fields: FIELDS, fieldId: 'FLD1', weather: copy('FLD1').value.weather, insights: copy('FLD1').value.insights, offlineAt: SAVED_AT });
  });

  it("a field with no copy says 'nothing saved for this field', its weather gone, and the farmer can switch to a kept one", async () => {
    phone.kept.set('fdss.advice.FLD2', copy('FLD2'));
    const t = await offlineOnField('FLD1');
    expect(t.snap().matches({ offline: 'fieldNothingSaved' })).toBe(true);
    expect(t.ctx()).toMatchObject({ fields: FIELDS, fieldId: 'FLD1', weather: null, insights: [], offlineAt: null });
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD2' });
    await t.settle();
    expect(phone.reads).toEqual(['fdss.advice.FLD1', 'fdss.advice.FLD2']);
    expect(t.snap().matches({ offline: 'shown' })).toBe(true);
    expect(t.ctx()).toMatchObject({ fieldId: 'FLD2', offlineAt: SAVED_AT, insights: copy('FLD2').value.insights });
  });

  it("the weather shown before the advice was lost leaves with it: 'nothing saved for this field' shows no weather", async () => {
    const t = start();
    await t.answer('loadFields', FIELDS);
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD1' });
    await t.answer('loadWeather', WEATHER);
    expect(t.ctx().weather).toEqual(WEATHER);
    await t.fail('loadInsights', NETWORK);
    expect(t.snap().matches({ offline: 'fieldNothingSaved' })).toBe(true);
    expect(t.ctx()).toMatchObject({ fieldId: 'FLD1', weather: null, insights: [], offlineAt: null });
  });

  it('a phone that cannot be read: nothing saved for the field, or nothing saved at all before any field', async () => {
    phone.broken = true;
    const onField = await offlineOnField('FLD1');
    expect(onField.snap().matches({ offline: 'fieldNothingSaved' })).toBe(true);
    const before = start();
    await before.fail('loadFields', NETWORK);
    expect(before.snap().matches({ offline: 'nothingSaved' })).toBe(true);
    expect(before.ctx()).toEqual({ fields: [], fieldId: null, weather: null, insights: [], offlineAt: null });
  });

  it('nothing kept before any field: nothing saved, and Retry loads the fields again', async () => {
    const t = start();
    await t.fail('loadFields', NETWORK);
    expect(t.snap().matches({ offline: 'nothingSaved' })).toBe(true);
    t.send({ type: 'fdss.retry' });
    expect(t.snap().value).toBe('loadingFields');
    expect(t.count('loadFields')).toBe(2);
  });

  it('switches only to another field of the list: the one shown, or one not listed, changes nothing', async () => {
    phone.kept.set('fdss.advice.FLD1', copy('FLD1'));
    phone.kept.set('fdss.advice.FLD2', copy('FLD2'));
    const t = await offlineOnField('FLD1');
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD1' });
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD9' });
    await t.settle();
    expect(phone.reads).toEqual(['fdss.advice.FLD1']);
    expect(t.ctx()).toMatchObject({ fieldId: 'FLD1', offlineAt: SAVED_AT });
    // The other field: its copy is read, nothing of the first stays on the screen meanwhile.
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD2' });
    expect(t.snap().matches({ offline: 'reading' })).toBe(true);
    expect(t.ctx()).toEqual({ fields: FIELDS, fieldId: 'FLD2', weather: null, insights: [], offlineAt: null });
    await t.settle();
    expect(phone.reads).toEqual(['fdss.advice.FLD1', 'fdss.advice.FLD2']);
  });

  it("from 'nothing saved for this field' only another listed field is read", async () => {
    const t = await offlineOnField('FLD1');
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD1' });
    t.send({ type: 'fdss.fieldChosen', fieldId: 'FLD9' });
    await t.settle();
    expect(phone.reads).toEqual(['fdss.advice.FLD1']);
    expect(t.snap().matches({ offline: 'fieldNothingSaved' })).toBe(true);
  });

  it('Retry from a copy, or from a field with none, loads afresh with the kept advice off the screen', async () => {
    phone.kept.set('fdss.advice.FLD1', copy('FLD1'));
    for (const kept of [true, false]) {
      if (!kept) phone.kept.clear();
      const t = await offlineOnField('FLD1');
      expect(t.snap().matches({ offline: kept ? 'shown' : 'fieldNothingSaved' })).toBe(true);
      t.send({ type: 'fdss.retry' });
      expect(t.snap().value).toBe('loadingFields');
      expect(t.ctx()).toEqual({ fields: [], fieldId: null, weather: null, insights: [], offlineAt: null });
      t.stop();
    }
  });

  it("the browser's online event loads afresh, the kept advice off the screen", async () => {
    phone.kept.set('fdss.advice', copy('FLD2'));
    const t = start();
    await t.fail('loadFields', NETWORK);
    expect(t.snap().matches({ offline: 'shown' })).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(t.snap().value).toBe('loadingFields');
    expect(t.ctx()).toEqual({ fields: [], fieldId: null, weather: null, insights: [], offlineAt: null });
    expect(t.count('loadFields')).toBe(2);
    t.stop();
    // Stopped, the machine no longer listens.
    window.dispatchEvent(new Event('online'));
    expect(t.count('loadFields')).toBe(2);
  });
});
