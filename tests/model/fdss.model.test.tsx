/**
 * Generated path tests over the decision-support statechart (with its parallel weather/insights), driven on the real
 * view. Offline (issue 17): the advice shown is kept on the phone; fields or advice lost to the network show the kept
 * advice under the offline banner (or 'nothing saved'), and 'online' or the banner's Retry loads afresh. Each field's
 * advice is kept on its own: offline the farmer switches to the other field and sees its kept advice, or 'nothing saved
 * for this field' (the hill plot has no copy), and from there to a kept field again.
 * The recall stand-in answers by key, as the phone's store does: the copy kept under the key asked for, or null. Two
 * phones are walked: one that kept the last advice and two of the three fields' own, and one that kept nothing.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fromPromise, getNextSnapshot, type AnyEventObject } from 'xstate';
import { fdssFieldKey, fdssMachine, FDSS_KEY, type CachedAdvice } from '@/machines/fdss.machine';
import type { Cached } from '@/machines/offline';
import { HttpError } from '@/shared/httpError';
import { FdssContext } from '@/machines/fdss.context';
import type { FieldChoice, Insight, WeatherNow } from '@/services/fdss';
import { FarmDecisionSupport } from '@/views/tools/fdss/FarmDecisionSupport';
import { todayAgo } from '../support/today';
import { deferred, describeModel, eventKey, leafPaths, leafValues, modelPaths, renderView, replay, serializeWith, variants, type ModelPath } from '../support/modelHarness';

/** What the machine keeps on the phone, as the store would hold it (its own rule of what to keep runs as written). */
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/machines/offline', async (actual) => ({
  ...(await actual<typeof import('@/machines/offline')>()),
  keep: (what: string, value: unknown) => void kept.set(what, value),
}));

const FIELDS: FieldChoice[] = [
  { _id: 'a1', fieldId: 'FLD000001ABC', name: 'North plot' },
  { _id: 'a2', fieldId: 'FLD000002XYZ', name: 'River plot' },
  { _id: 'a3', fieldId: 'FLD000003HIL', name: 'Hill plot' },
];
const WEATHER: WeatherNow = { temperature: 29.4, humidity: 71, rainChance: 40, rainMmNext48h: 3, maxTemperatureNext3d: 32, estimated: true, source: 'seasonal-estimate', at: '2026-07-15T06:00:00Z' };
const INSIGHTS: Insight[] = [
  { id: 'irrigate-now', type: 'alert', priority: 'high', message: { english: 'Irrigate today.', marathi: 'आजच पाणी द्या.', hindi: 'आज ही सिंचाई करें।' }, basis: { moisture: 18 }, timestamp: '2026-07-15T06:00:00.000Z' },
  { id: 'no-spray', type: 'recommendation', priority: 'low', message: { english: 'Postpone spraying.', marathi: 'फवारणी पुढे ढकला.', hindi: 'छिड़काव टालें।' }, basis: { rainChance: 75 }, timestamp: '2026-07-15T06:00:00.000Z' },
];

/** The advice the phone kept, seen 3 hours ago: the river plot, its weather and one insight. */
const todayHoursAgo = (hours: number) => todayAgo(hours * 3600_000);
const KEPT: Cached<CachedAdvice> = {
  value: {
    fields: FIELDS,
    fieldId: 'FLD000002XYZ',
    weather: { ...WEATHER, temperature: 24.5 },
    insights: [{ ...INSIGHTS[1], id: 'kept', message: { english: 'Cover the seedlings tonight.', marathi: 'आज रात्री रोपे झाका.', hindi: 'आज रात पौधे ढकें।' } }],
  },
  savedAt: todayHoursAgo(3),
};
/** The north plot's own advice, kept 5 hours ago (the phone holds it beside the river plot's). */
const KEPT_NORTH: Cached<CachedAdvice> = {
  value: {
    fields: FIELDS,
    fieldId: 'FLD000001ABC',
    weather: { ...WEATHER, temperature: 31.5 },
    insights: [{ ...INSIGHTS[0], id: 'kept-north', message: { english: 'Water the north plot at dawn.', marathi: 'उत्तर शेताला पहाटे पाणी द्या.', hindi: 'उत्तर खेत में सुबह पानी दें।' } }],
  },
  savedAt: todayHoursAgo(5),
};
type Copies = Record<string, Cached<CachedAdvice>>;
/**
 * A phone's store: what a recall answers for the key it asked (the asked field's own copy, or the last advice), null
 * for a key not there. This phone kept the last advice, the river plot's and the north plot's, not the hill plot's.
 */
const COPIES: Copies = { [FDSS_KEY]: KEPT, [fdssFieldKey('FLD000002XYZ')]: KEPT, [fdssFieldKey('FLD000001ABC')]: KEPT_NORTH };
/** The key a recall asks for in a state's context (the machine's own rule: the chosen field's, else the last advice). */
const recallKey = (fieldId: string | null) => (fieldId === null ? FDSS_KEY : fdssFieldKey(fieldId));
const NETWORK = new HttpError(0, 'network');
const lostToNetwork = (e: AnyEventObject) => e.error instanceof HttpError && e.error.status === 0;

const EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadFields', output: FIELDS },
  { type: 'xstate.done.actor.loadFields', output: [] },
  { type: 'xstate.error.actor.loadFields', error: new Error('offline') },
  { type: 'fdss.fieldChosen', fieldId: 'FLD000002XYZ' },
  { type: 'fdss.fieldChosen', fieldId: 'FLD000001ABC' },
  { type: 'fdss.fieldChosen', fieldId: 'FLD000003HIL' },
  { type: 'xstate.done.actor.loadWeather', output: WEATHER },
  { type: 'xstate.error.actor.loadWeather', error: new Error('503') },
  { type: 'xstate.done.actor.loadInsights', output: INSIGHTS },
  { type: 'xstate.done.actor.loadInsights', output: [] },
  { type: 'xstate.error.actor.loadInsights', error: new Error('503') },
  { type: 'xstate.error.actor.loadFields', error: NETWORK },
  { type: 'xstate.error.actor.loadInsights', error: NETWORK },
  { type: 'xstate.done.actor.recallAdvice', output: KEPT },
  { type: 'xstate.done.actor.recallAdvice', output: null },
  { type: 'xstate.error.actor.recallAdvice', error: new Error('no IndexedDB') },
  { type: 'fdss.retry' },
  { type: 'network.online' },
];
/**
 * A phone's walk. A field is chosen when it is not the one shown (choosing the shown one again changes nothing on the
 * screen); a recall answers what the phone holds under the key it asks (a copy, or null). The walk is keyed on the
 * field list too (none, the user's fields, the sample plots): 'nothing saved for this field' over the user's fields,
 * where another field has its copy, is a node of its own, not the same state reached over the sample plots.
 */
const walk = (copies: Copies) =>
  finishRecalls(copies, modelPaths(fdssMachine, {
    events: EVENTS,
    filterEvents: (s, e) =>
      s.can(e) &&
      (e.type !== 'fdss.fieldChosen' || e.fieldId !== s.context.fieldId) &&
      (e.type !== 'xstate.done.actor.recallAdvice' || (e.output !== null) === recallKey(s.context.fieldId) in copies),
    serializeState: serializeWith((c: { fields: FieldChoice[] }) => c.fields.map((f) => f.fieldId).join(',')),
  }));
/**
 * A path that ends while the phone is being read (offline.reading) ends with the store's answer: the answer is the
 * phone's, not a choice of the walk. Without it, a shortest walk stops at 'reading' after 'nothing saved for this
 * field' → another field, because 'shown' is reached sooner from elsewhere (the state is the same, the route is not).
 */
function finishRecalls(copies: Copies, ps: ModelPath[]): ModelPath[] {
  return ps.map((p) => {
    const last = replay(fdssMachine, p.steps.map((s) => s.event)).at(-1)!;
    if (!last.matches({ offline: 'reading' })) return p;
    const event = { type: 'xstate.done.actor.recallAdvice', output: recallKey(last.context.fieldId) in copies ? KEPT : null };
    const state = getNextSnapshot(fdssMachine, last, event as never);
    return { ...p, steps: [...p.steps, { event, state }], state };
  });
}
const PHONES = [
  ['a phone with kept advice', COPIES, walk(COPIES)],
  ['a phone with nothing kept', {}, walk({})],
] as const satisfies readonly (readonly [string, Copies, ModelPath[]])[];
// Every step of every path is driven by the paths no other path extends.
const all = variants(PHONES);
const paths = variants(PHONES.map(([label, phone, ps]) => [label, phone, leafPaths(ps)] as const));

const banner = () => screen.queryByTestId('offline-banner');
/** The keys the recalls asked for, in order, and the phone's store (both set per path). */
let recalled: string[] = [];
let copies: Copies = {};
const timeOf = (iso: string) => new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

const weatherHeading = () => screen.queryByRole('heading', { name: 'Weather' });
const ASSERT: Record<string, () => void> = {
  loadingFields: () => {
    expect(screen.getByRole('status')).toHaveTextContent('Loading fields…');
    expect(banner()).toBeNull();
  },
  'offline.reading': () => {
    expect(screen.getByRole('status')).toHaveTextContent('Loading fields…');
    expect(banner()).toBeNull();
  },
  'offline.shown': () => {
    // The copy of the key the screen asked for: the field's own, or the last advice (the fields did not load).
    const copy = copies[recalled.at(-1)!];
    expect(banner()).toHaveTextContent(`Offline — last updated ${timeOf(copy.savedAt)}`);
    expect(within(banner()!).getByRole('button', { name: 'Retry' })).toBeEnabled();
    // The field the advice is for; another kept field can be chosen.
    expect(screen.getByRole('combobox')).toHaveValue(copy.value.fieldId);
    expect(screen.getByRole('combobox')).toBeEnabled();
    expect(screen.getByTestId('weather-temperature')).toHaveTextContent(`${copy.value.weather!.temperature} °C`);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(copy.value.insights[0].message.english);
    expect(screen.queryByText('Please choose a field')).toBeNull();
  },
  'offline.fieldNothingSaved': () => {
    expect(banner()).toHaveTextContent('Offline — nothing saved on this phone for this field yet.');
    expect(within(banner()!).getByRole('button', { name: 'Retry' })).toBeEnabled();
    // The field chosen stays chosen, the others can be; nothing of another field's advice is shown.
    expect(screen.getByRole('combobox')).toHaveValue(recalled.at(-1)!.replace(`${FDSS_KEY}.`, ''));
    expect(screen.getByRole('combobox')).toBeEnabled();
    expect(weatherHeading()).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.queryByText('Please choose a field')).toBeNull();
  },
  'offline.nothingSaved': () => {
    expect(banner()).toHaveTextContent('Offline — nothing saved on this phone yet.');
    expect(within(banner()!).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(weatherHeading()).toBeNull();
    expect(screen.queryByText('No insights available')).toBeNull();
  },
  noFields: () => {
    expect(screen.getByText('No fields available. Please contact the administrator.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  },
  'ready.choosing': () => {
    expect(screen.getByText('Please choose a field')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'North plot (FLD000001ABC)' })).toBeInTheDocument();
  },
  'ready.field.weather.loading': () => expect(screen.getByText('Loading weather…')).toBeInTheDocument(),
  'ready.field.weather.shown': () => {
    expect(screen.getByTestId('weather-temperature')).toHaveTextContent('29.4 °C');
    expect(screen.getByTestId('weather-humidity')).toHaveTextContent('71 %');
    expect(screen.getByTestId('weather-rain')).toHaveTextContent('40 %');
    expect(screen.getByText(/no live forecast/)).toBeInTheDocument();
  },
  'ready.field.weather.cleared': () => expect(weatherHeading()).toBeNull(),
  'ready.field.insights.loading': () => expect(screen.getByText('Loading advice…')).toBeInTheDocument(),
  'ready.field.insights.shown': () => {
    const items = screen.queryAllByRole('listitem');
    if (items.length === 0) return expect(screen.getByText('No insights available')).toBeInTheDocument();
    expect(items[0]).toHaveAttribute('data-priority', 'high');
    expect(items[0]).toHaveTextContent('Irrigate today.');
    expect(screen.getByRole('img', { name: 'Alert' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Recommendation' })).toBeInTheDocument();
    // Indian English medium date and short time (spec), on the app's 24-hour clock: no AM/PM.
    expect(items[0].querySelector('time')).toHaveTextContent(
      new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(INSIGHTS[0].timestamp)),
    );
    expect(items[0].querySelector('time')?.textContent).not.toMatch(/[AP]M/i);
  },
  // Spec: on advice failure the insights are cleared and the loading message stays.
  'ready.field.insights.failed': () => {
    expect(screen.getByText('Loading advice…')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  },
};

describeModel('decision support model', {
  paths,
  all,
  events: EVENTS,
  // Both failures of a load (an answer, and none) are driven.
  eventKey,
  machine: fdssMachine,
  states: Object.keys(ASSERT),
  // Offline over the user's fields: from 'nothing saved for this field' the farmer chooses a kept field and sees it.
  walk: (ps) =>
    expect(
      ps.some((p) =>
        p.steps.some(
          (s, i) =>
            s.event.type === 'fdss.fieldChosen' &&
            p.steps[i - 1].state.matches({ offline: 'fieldNothingSaved' }) &&
            s.state.context.fields === FIELDS &&
            p.steps[i + 1]?.state.matches({ offline: 'shown' }),
        ),
      ),
    ).toBe(true),
  render: (path) => {
    const pending = { fields: deferred<FieldChoice[]>(), weather: deferred<WeatherNow>(), insights: deferred<Insight[]>(), recall: deferred<Cached<CachedAdvice> | null>() };
    kept.clear();
    recalled = [];
    copies = path.variant!.value as Copies;
    const asked: string[] = [];
    const logic = fdssMachine.provide({
      actors: {
        loadFields: fromPromise(() => (pending.fields = deferred<FieldChoice[]>()).promise),
        loadWeather: fromPromise(({ input }: { input: { fieldId: string } }) => (asked.push(input.fieldId), (pending.weather = deferred<WeatherNow>()).promise)),
        loadInsights: fromPromise(() => (pending.insights = deferred<Insight[]>()).promise),
        recallAdvice: fromPromise(({ input }: { input: { fieldId: string | null } }) => {
          recalled.push(recallKey(input.fieldId));
          return (pending.recall = deferred<Cached<CachedAdvice> | null>()).promise;
        }),
        // watchOnline is the real one: the executor fires the window's 'online' event.
      },
      actions: { logError: () => {} },
    });
    renderView(
      <FdssContext.Provider logic={logic}>
        <FarmDecisionSupport />
      </FdssContext.Provider>,
    );
    return {
      exec: {
        'xstate.init': () => {},
        'xstate.done.actor.loadFields': (e: AnyEventObject) => act(async () => pending.fields.resolve(e.output)),
        'xstate.error.actor.loadFields': (e: AnyEventObject) => act(async () => pending.fields.reject(e.error)),
        // The user picks the event's field (the sample plots have other ids: then another plot than the one shown).
        'fdss.fieldChosen': (e: AnyEventObject) => {
          const select = screen.getByRole('combobox') as HTMLSelectElement;
          const values = [...select.options].map((o) => o.value).filter(Boolean);
          const other = values.includes(e.fieldId) ? e.fieldId : values.filter((v) => v !== select.value).at(-1)!;
          fireEvent.change(select, { target: { value: other } });
        },
        'xstate.done.actor.loadWeather': (e: AnyEventObject) => act(async () => pending.weather.resolve(e.output)),
        'xstate.error.actor.loadWeather': (e: AnyEventObject) => act(async () => pending.weather.reject(e.error)),
        'xstate.done.actor.loadInsights': (e: AnyEventObject) => act(async () => pending.insights.resolve(e.output)),
        'xstate.error.actor.loadInsights': (e: AnyEventObject) => act(async () => pending.insights.reject(e.error)),
        // The store answers by key: the copy kept under the key asked for, or null (the walk's event says which, by
        // the same rule; a walk that disagreed with the store would fail here).
        'xstate.done.actor.recallAdvice': async (e: AnyEventObject) => {
          const answer = copies[recalled.at(-1)!] ?? null;
          expect(answer === null).toBe(e.output === null);
          await act(async () => pending.recall.resolve(answer));
        },
        'xstate.error.actor.recallAdvice': (e: AnyEventObject) => act(async () => pending.recall.reject(e.error)),
        'fdss.retry': () => fireEvent.click(within(banner()!).getByRole('button', { name: 'Retry' })),
        'network.online': () => act(() => void window.dispatchEvent(new Event('online'))),
      },
      check: (step) => {
        for (const leaf of leafValues(step.state.value)) ASSERT[leaf]();
        // The advice shown is what the phone keeps (the fields, the field, its weather and insights).
        if (step.state.matches({ ready: { field: { insights: 'shown' } } })) {
          const k = kept.get(FDSS_KEY) as CachedAdvice;
          const select = screen.getByRole('combobox') as HTMLSelectElement;
          expect(k.fields.map((f) => f.fieldId)).toEqual([...select.options].map((o) => o.value).filter(Boolean));
          expect(k.fieldId).toBe(select.value);
          expect(k.insights).toHaveLength(screen.queryAllByRole('listitem').length);
          expect(k.weather === null ? null : `${k.weather.temperature} °C`).toBe(weatherHeading() && screen.getByTestId('weather-temperature').textContent);
          // The field's own copy too, the same advice.
          expect(kept.get(fdssFieldKey(select.value))).toEqual(k);
        }
        // Offline, the field chosen asks for its own copy; the first recall asks for the field shown, else the last advice.
        if (step.event.type === 'fdss.fieldChosen' && step.state.matches('offline')) {
          expect(recalled.at(-1)).toBe(fdssFieldKey((screen.getByRole('combobox') as HTMLSelectElement).value));
        }
        if (!step.state.matches('ready')) expect(screen.queryByText('Please choose a field')).toBeNull();
        if (step.event.type === 'xstate.error.actor.loadFields' && !lostToNetwork(step.event)) {
          // Spec: three sample plots, plot1 selected, and its advice is asked for.
          expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Plot 1 (plot1)', 'Plot 2 (plot2)', 'Plot 3 (plot3)']);
          expect(screen.getByRole('combobox')).toHaveValue('plot1');
          expect(asked.at(-1)).toBe('plot1');
        }
      },
    };
  },
});
