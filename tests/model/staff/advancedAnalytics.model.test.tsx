/**
 * Generated path tests for Advanced Analytics: every shortest path through advancedAnalyticsMachine
 * (fields load, none, or failure; analytics load with full or missing records, or failure with Retry;
 * field and range changes; Refresh Data; each card's report), driven through the real view and checked
 * on screen, including the honest 'not recorded' lines.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { advancedAnalyticsMachine, type AdvancedAnalytics, type Card, type FieldChoice, type Range } from '@/machines/advancedAnalytics.machine';
import { HttpError } from '@/services/http';
import { AdvancedAnalyticsView } from '@/views/analytics/advanced/AdvancedAnalyticsView';
import { FIELDS } from '../recommendationFixtures';
import { get, getLabelled, query, queryAll } from '../../support/dom';
import { startApiServer } from '../../support/apiServer';
import { byKey, coveringPaths, deferred, describeModel, leafPaths, leafValues, modelPaths, renderView } from '../../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof advancedAnalyticsMachine>;

const FULL: AdvancedAnalytics = {
  field: { _id: 'f-1', fieldId: 'FLD000001AAA', name: 'North plot' },
  range: '7d',
  from: '2026-11-14T00:00:00.000Z',
  to: '2026-11-21T00:00:00.000Z',
  sensorTrends: [
    {
      type: 'moisture',
      readings: 8,
      average: 29.13,
      min: 21,
      max: 50,
      latest: 21,
      latestAt: '2026-11-20T23:00:00.000Z',
      change: -21.5,
      series: [
        { bucket: '2026-11-15', average: 50, readings: 1 },
        { bucket: '2026-11-20', average: 23.5, readings: 6 },
      ],
    },
    { type: 'temperature', readings: 6, average: 28.25, min: 27, max: 29.5, latest: 29.5, latestAt: '2026-11-20T23:00:00.000Z', change: null, series: [] },
  ],
  crop: {
    cropName: 'Soybean',
    variety: 'JS 335',
    status: 'growing',
    plantedDate: '2026-06-20',
    expectedHarvest: '2026-10-15',
    yieldExpected: 20,
    yieldActual: 15,
    yieldUnit: 'quintal',
    achievedPercent: 75,
    history: [{ crop: 'Gram', season: 'rabi', harvestedDate: '2026-03-10', yield: 12, yieldUnit: 'quintal' }],
  },
  soil: { soilType: 'black', ph: 6.8, organicMatter: null, nitrogen: 240, phosphorus: 18, potassium: 300, lastTested: '2026-06-01', sensorPh: null },
  financial: {
    costs: { seeds: 4000, fertilizers: 6000, pesticides: 0, labor: 10000, irrigation: 0, other: 0 },
    totalCost: 20000,
    revenueExpected: 90000,
    revenueActual: null,
    profit: 70000,
    profitBasis: 'expected',
  },
  insights: [
    {
      id: 'irrigate-now',
      type: 'alert',
      priority: 'high',
      message: { english: 'Soil moisture is 21 %, below the 25 % limit. Irrigate today.', marathi: 'ओलावा कमी', hindi: 'नमी कम' },
      basis: {},
      timestamp: '2026-11-21T00:00:00.000Z',
    },
  ],
  weatherEstimated: true,
  recommendations: [{ _id: 'r-1', cropName: 'Gram', status: 'pending', confidence: 82, createdAt: '2026-11-20T00:00:00.000Z' }],
};
const BARE: AdvancedAnalytics = {
  ...FULL,
  field: { _id: 'f-2', fieldId: 'FLD000002BBB', name: 'River plot' },
  sensorTrends: [],
  crop: { ...FULL.crop, cropName: null, variety: null, yieldExpected: null, yieldActual: null, achievedPercent: null, history: [] },
  soil: { soilType: null, ph: null, organicMatter: null, nitrogen: null, phosphorus: null, potassium: null, lastTested: null, sensorPh: null },
  financial: null,
  insights: [],
  recommendations: [],
};

const CARDS: Card[] = ['sensors', 'crop', 'soil', 'financial'];
const EVENTS: Ev[] = [
  { type: 'field.select', fieldId: 'f-2' },
  { type: 'field.select', fieldId: 'f-1' },
  { type: 'range.select', range: '30d' },
  { type: 'range.select', range: '7d' },
  { type: 'data.refresh' },
  { type: 'data.retry' },
  ...CARDS.map((card) => ({ type: 'detail.open', card })),
  { type: 'detail.close' },
  { type: 'xstate.done.actor.fields', output: FIELDS },
  { type: 'xstate.done.actor.fields', output: [] },
  { type: 'xstate.error.actor.fields', error: new HttpError(500, 'server') },
  { type: 'xstate.done.actor.load', output: FULL },
  { type: 'xstate.done.actor.load', output: BARE },
  { type: 'xstate.error.actor.load', error: new HttpError(500, 'server') },
];

function keyOf(e: Ev): string {
  switch (e.type) {
    case 'field.select':
      return `field.select(${e.fieldId})`;
    case 'range.select':
      return `range.select(${e.range})`;
    case 'detail.open':
      return `detail.open(${e.card})`;
    case 'xstate.done.actor.fields':
      return `fields.done(${(e.output as FieldChoice[]).length})`;
    case 'xstate.done.actor.load':
      return `load.done(${(e.output as AdvancedAnalytics).sensorTrends.length ? 'full' : 'bare'})`;
    default:
      return e.type;
  }
}
const stateName = (s: Snap) => leafValues(s.value).join('+');
const ctxKey = (s: Snap) => {
  const c = s.context;
  return JSON.stringify([c.fieldId, c.range, c.failure, c.detail, c.analytics ? c.analytics.sensorTrends.length > 0 : null, c.fields.length]);
};

const all = modelPaths(advancedAnalyticsMachine, {
  events: EVENTS,
  filterEvents: (s: Snap, e: Ev) => {
    if (!s.can(e as never)) return false;
    // The selectors offer the loaded fields and the other range.
    if (e.type === 'field.select') return e.fieldId !== s.context.fieldId && s.context.fields.some((f) => f._id === e.fieldId);
    if (e.type === 'range.select') return e.range !== s.context.range;
    return true;
  },
  serializeEvent: keyOf,
  serializeState: (s: Snap, e?: Ev) => `${stateName(s)}|${ctxKey(s)}|${e ? keyOf(e) : ''}`,
});
/**
 * The walk ends one path at every (screen, event that led there); many of those paths repeat the same steps.
 * Render the fewest that still take every step the walk takes: every (screen before, event, screen after),
 * a screen being the state and the context the checks read. The guard test holds them to it.
 */
const screenOf = (s: Snap) => `${stateName(s)}|${ctxKey(s)}`;
const transition = (before: Snap | null, e: Ev, after: Snap) => [before && screenOf(before), keyOf(e), screenOf(after)].join(' ');
const paths = coveringPaths(leafPaths(all), transition);

const drive = { fields: deferred<FieldChoice[]>(), load: deferred<AdvancedAnalytics>() };
let asked: { fieldId: string; range: Range } | null = null;

function render() {
  const page = advancedAnalyticsMachine.provide({
    actors: {
      fields: fromPromise<FieldChoice[]>(() => (drive.fields = deferred<FieldChoice[]>()).promise),
      load: fromPromise<AdvancedAnalytics, { fieldId: string; range: Range }>(({ input }) => ((asked = input), (drive.load = deferred<AdvancedAnalytics>()).promise)),
    },
  });
  renderView(<AdvancedAnalyticsView logic={page} />, { session: 'admin', intlLocale: 'en', path: '/advanced-analytics' });
}

const click = (name: string | RegExp) => fireEvent.click(get('button', name));
const settle = (fn: () => void) => act(async () => fn());
const select = (label: string, value: string) => fireEvent.change(getLabelled(label), { target: { value } });
const TITLES: Record<Card, string> = { sensors: 'Sensor trends', crop: 'Crop performance', soil: 'Soil health', financial: 'Financial overview' };

const exec: Record<string, (e: Ev) => unknown> = {
  'field.select(f-2)': () => select('Field', 'f-2'),
  'field.select(f-1)': () => select('Field', 'f-1'),
  'range.select(30d)': () => select('Time range', '30d'),
  'range.select(7d)': () => select('Time range', '7d'),
  'data.refresh': () => click('Refresh Data'),
  'data.retry': () => click('Retry'),
  ...Object.fromEntries(CARDS.map((card) => [`detail.open(${card})`, () => click(`View report: ${TITLES[card]}`)])),
  'detail.close': () => click('Close'),
  'fields.done(2)': (e) => settle(() => drive.fields.resolve(e.output)),
  'fields.done(0)': (e) => settle(() => drive.fields.resolve(e.output)),
  'xstate.error.actor.fields': (e) => settle(() => drive.fields.reject(e.error)),
  'load.done(full)': (e) => settle(() => drive.load.resolve(e.output)),
  'load.done(bare)': (e) => settle(() => drive.load.resolve(e.output)),
  'xstate.error.actor.load': (e) => settle(() => drive.load.reject(e.error)),
};

const dialog = () => query('dialog');
const card = (c: Card) => get('article', TITLES[c]);

function commonChecks(s: Snap) {
  expect((getLabelled('Time range') as HTMLSelectElement).value).toBe(s.context.range);
  if (s.context.fields.length) expect((getLabelled('Field') as HTMLSelectElement).value).toBe(s.context.fieldId);
}

const assertState: Record<string, (s: Snap) => void> = {
  loadingFields: () => {
    expect(screen.getByText('Loading analytics…')).toBeInTheDocument();
    expect(query('article')).toBeNull();
    expect(get('button', 'Refresh Data')).toBeDisabled();
  },
  noFields: () => {
    expect(screen.getByText('No fields yet. Add a field to see its analytics.')).toBeInTheDocument();
    expect(get('button', 'Refresh Data')).toBeEnabled();
    expect(query('article')).toBeNull();
  },
  loading: (s) => {
    expect(screen.getByText('Loading analytics…')).toBeInTheDocument();
    expect(asked).toEqual({ fieldId: s.context.fieldId, range: s.context.range });
    expect(query('article')).toBeNull();
    expect(dialog()).toBeNull();
  },
  failed: (s) => {
    expect(get('alert')).toHaveTextContent(s.context.failure === 'fields' ? 'Failed to fetch fields' : 'Failed to fetch analytics data');
    expect(get('button', 'Retry')).toBeEnabled();
    expect(query('article')).toBeNull();
  },
  'ready.overview': (s) => {
    expect(dialog()).toBeNull();
    expect(query('alert')).toBeNull();
    expect(queryAll('article')).toHaveLength(4);
    const full = s.context.analytics!.sensorTrends.length > 0;
    if (full) {
      expect(card('sensors')).toHaveTextContent('Soil moisture: average 29.1%, latest 21% · falling 21.5%');
      expect(card('sensors')).toHaveTextContent('Temperature: average 28.3 °C, latest 29.5 °C · too few readings for a trend');
      expect(card('crop')).toHaveTextContent('Soybean · growing');
      expect(card('crop')).toHaveTextContent('75% of the expected yield');
      expect(card('soil')).toHaveTextContent('pH 6.8 · N 240 · P 18 · K 300');
      expect(card('financial')).toHaveTextContent('Expected profit ₹70,000');
      const insights = get('region', 'Insights');
      expect(insights).toHaveTextContent('Irrigate today.');
      expect(insights).toHaveTextContent('Chana · 82% confidence · pending');
      expect(insights).toHaveTextContent('Weather in this advice is estimated');
    } else {
      expect(card('sensors')).toHaveTextContent('No sensor readings from this field in this range.');
      expect(card('crop')).toHaveTextContent('No crop recorded for this field.');
      expect(card('soil')).toHaveTextContent('No soil test recorded for this field.');
      expect(card('financial')).toHaveTextContent('No costs or revenue recorded for this field.');
      expect(get('region', 'Insights')).toHaveTextContent('No advice for this field right now.');
    }
  },
  'ready.detail': (s) => {
    const d = dialog()!;
    const c = s.context.detail!;
    const full = s.context.analytics!.sensorTrends.length > 0;
    const name = s.context.analytics!.field.name;
    expect(d).toHaveTextContent(`${TITLES[c]} · ${name}`);
    const checks: Record<Card, () => void> = {
      sensors: () => {
        if (full) expect(queryAll('row', undefined, d).map((r) => r.textContent)).toContain('Nov 20, 202623.5%6');
        else expect(d).toHaveTextContent('No sensor readings from this field in this range.');
      },
      crop: () => expect(d).toHaveTextContent(full ? 'Chana' : 'No past harvests recorded.'),
      soil: () => expect(d).toHaveTextContent(full ? 'Organic matter (%)Not recorded' : 'pHNot recorded'),
      financial: () => expect(d).toHaveTextContent(full ? 'Total cost₹20,000' : 'No costs or revenue recorded for this field.'),
    };
    checks[c]();
  },
};

/**
 * What the page must be showing after these events, worked out from them alone (not read from the machine): the
 * screen, the field and range chosen, the open report, what failed, and which analytics answered.
 */
function expected(events: Ev[]) {
  let state = 'loadingFields';
  let [fieldId, range, detail, failure, shown] = ['', '7d', null as Card | null, null as string | null, null as boolean | null];
  for (const e of events) {
    const key = keyOf(e);
    if (key === 'fields.done(2)') [state, fieldId, failure] = ['loading', FIELDS[0]._id, null];
    else if (key === 'fields.done(0)') [state, failure] = ['noFields', null];
    else if (key === 'xstate.error.actor.fields') [state, failure] = ['failed', 'fields'];
    else if (e.type === 'xstate.done.actor.load') [state, failure, shown] = ['ready.overview', null, key === 'load.done(full)'];
    else if (key === 'xstate.error.actor.load') [state, failure, shown] = ['failed', 'analytics', null];
    else if (e.type === 'data.retry') state = fieldId ? 'loading' : 'loadingFields';
    else if (e.type === 'data.refresh') [state, detail] = [state === 'noFields' ? 'loadingFields' : 'loading', null];
    else if (e.type === 'field.select') [state, fieldId, detail] = ['loading', e.fieldId as string, null];
    else if (e.type === 'range.select') [state, range, detail] = ['loading', e.range as string, null];
    else if (e.type === 'detail.open') [state, detail] = ['ready.detail', e.card as Card];
    else if (e.type === 'detail.close') [state, detail] = ['ready.overview', null];
  }
  return { state, fieldId, range, detail, failure, full: shown };
}
const actual = (s: Snap) => ({
  state: stateName(s),
  fieldId: s.context.fieldId,
  range: s.context.range,
  detail: s.context.detail,
  failure: s.context.failure,
  full: s.context.analytics ? s.context.analytics.sensorTrends.length > 0 : null,
});

describeModel('advanced analytics model', {
  paths,
  all,
  transitions: transition,
  screen: screenOf,
  events: EVENTS,
  eventKey: keyOf,
  machine: advancedAnalyticsMachine,
  states: Object.keys(assertState),
  stateKeys: (s: Snap) => [stateName(s)],
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  timeout: 30_000,
  render: () => {
    asked = null;
    render();
    return {
      exec: byKey(exec, keyOf),
      check: ({ state }, i, path) => {
        const s = state as Snap;
        // The screen shows the state (the checks below); the state is the one the steps so far lead to.
        expect(actual(s)).toEqual(expected(path.steps.slice(0, i + 1).map((x) => x.event as Ev)));
        commonChecks(s);
        assertState[stateName(s)](s);
      },
    };
  },
});

describe('advanced analytics sent for real', () => {
  it('lists /fields, then reads /advanced-analytics for the first field and each range chosen (the machine’s own calls)', async () => {
    const api = await startApiServer(({ path, query: q }) => {
      if (path === '/api/v1/fields') return { status: 200, body: { data: { fields: FIELDS } } };
      if (path === '/api/v1/advanced-analytics') return { status: 200, body: { analytics: q.range === '30d' ? BARE : FULL } };
      return { status: 404 };
    });
    try {
      renderView(<AdvancedAnalyticsView />, { session: 'admin', intlLocale: 'en', path: '/advanced-analytics' });
      await waitFor(() => expect(card('sensors')).toHaveTextContent('Soil moisture: average 29.1%, latest 21% · falling 21.5%'));
      select('Time range', '30d');
      await waitFor(() => expect(card('sensors')).toHaveTextContent('No sensor readings from this field in this range.'));
      expect(api.calls('/fields')).toHaveLength(1);
      expect(api.calls('/advanced-analytics').map((r) => r.query)).toEqual([
        { fieldId: 'f-1', range: '7d' },
        { fieldId: 'f-1', range: '30d' },
      ]);
    } finally {
      await api.close();
    }
  }, 15_000);
});
