/**
 * Generated path tests for Analytics & Reports: every shortest path through analyticsMachine (load,
 * period and report selects, Apply Filters, Export Report's notice, failure and the empty state),
 * each driven through the real view and checked on screen.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { analyticsMachine } from '@/machines/analytics.machine';
import type { Analytics, Period } from '@/services/analytics';
import { HttpError } from '@/services/http';
import { AnalyticsView } from '@/views/analytics/AnalyticsView';
import { get, getLabelled, query } from '../support/dom';
import { byKey, coveringPaths, deferred, describeModel, leafPaths, modelPaths, renderView, type ModelPath } from '../support/modelHarness';
import { startApiServer } from '../support/apiServer';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof analyticsMachine>;

const DATA: Analytics = {
  totalFarmers: 12,
  totalFields: 20,
  averageYield: 81.5,
  yieldFields: 4,
  waterUsage: { current: 364217, change: 87.5, estimated: true },
  pestIssues: { current: 1, change: -50 },
  fieldHealth: { excellent: 9, good: 6, fair: 3, poor: 2 },
  cropDistribution: { Soybean: 60, Cotton: 40 },
};
const EMPTY: Analytics = { ...DATA, totalFarmers: 0, totalFields: 0, cropDistribution: {} };

const EVENTS: Ev[] = [
  { type: 'period.change', period: 'week' },
  { type: 'period.change', period: 'month' },
  { type: 'report.change', report: 'performance' },
  { type: 'filters.apply' },
  { type: 'export.click' },
  { type: 'notice.dismiss' },
  { type: 'xstate.done.actor.load', output: DATA },
  { type: 'xstate.done.actor.load', output: EMPTY },
  { type: 'xstate.error.actor.load', error: new HttpError(500, 'server') },
];
const keyOf = (e: Ev) =>
  e.type === 'period.change'
    ? `period.change(${e.period})`
    : e.type === 'xstate.done.actor.load'
      ? `load.done(${(e.output as Analytics).totalFields ? 'data' : 'empty'})`
      : e.type;
const ctxKey = (s: Snap) => JSON.stringify([s.context.period, s.context.report, s.context.exportNotice, s.context.analytics?.totalFields ?? null]);
const stateName = (s: Snap) => String(s.value);

const all = modelPaths(analyticsMachine, {
  events: EVENTS,
  filterEvents: (s: Snap, e: Ev) => {
    if (!s.can(e as never)) return false;
    if (e.type === 'period.change') return e.period !== s.context.period;
    if (e.type === 'report.change') return e.report !== s.context.report;
    if (e.type === 'export.click') return !s.context.exportNotice;
    if (e.type === 'notice.dismiss') return s.context.exportNotice;
    return true;
  },
  serializeEvent: keyOf,
  serializeState: (s: Snap, e?: Ev, prev?: Snap) => `${stateName(s)}|${ctxKey(s)}|${e ? keyOf(e) : ''}|${prev ? stateName(prev) : ''}`,
});
/**
 * The walk ends one path at every (screen, event that led there, state before); many of those paths repeat the
 * same steps. Render the fewest that still take every step the walk takes: every (screen before, event, screen
 * after), a screen being the state and the context the checks read. The guard test holds them to it.
 */
const screenOf = (s: Snap) => `${stateName(s)}|${ctxKey(s)}`;
const transition = (before: Snap | null, e: Ev, after: Snap) => [before && screenOf(before), keyOf(e), screenOf(after)].join(' ');
const paths = coveringPaths(leafPaths(all), transition);

const drive = { load: deferred<Analytics>(), requested: [] as Period[] };

function render() {
  drive.requested = [];
  const logic = analyticsMachine.provide({
    actors: {
      load: fromPromise<Analytics, { period: Period }>(({ input }) => {
        drive.requested.push(input.period);
        return (drive.load = deferred<Analytics>()).promise;
      }),
    },
  });
  renderView(<AnalyticsView logic={logic} />, { session: 'coordinator', intlLocale: 'en', path: '/analytics' });
}

const periodSelect = () => getLabelled('Time Period') as HTMLSelectElement;
const reportSelect = () => getLabelled('Report Type') as HTMLSelectElement;
const settle = (fn: () => void) => act(async () => fn());

const exec: Record<string, (e: Ev) => unknown> = {
  'period.change(week)': () => fireEvent.change(periodSelect(), { target: { value: 'week' } }),
  'period.change(month)': () => fireEvent.change(periodSelect(), { target: { value: 'month' } }),
  'report.change': () => fireEvent.change(reportSelect(), { target: { value: 'performance' } }),
  'filters.apply': () => fireEvent.click(get('button', 'Apply Filters')),
  'export.click': () => fireEvent.click(get('button', 'Export Report')),
  'notice.dismiss': () => fireEvent.click(get('button', 'Dismiss')),
  'load.done(data)': (e) => settle(() => drive.load.resolve(e.output)),
  'load.done(empty)': (e) => settle(() => drive.load.resolve(e.output)),
  'xstate.error.actor.load': (e) => settle(() => drive.load.reject(e.error)),
};

const stat = (label: string) => screen.getByText(label, { selector: '.stat-label' }).nextSibling?.textContent;

function common(s: Snap) {
  expect(periodSelect().value).toBe(s.context.period);
  expect(reportSelect().value).toBe(s.context.report);
  const notice = query('status');
  if (s.context.exportNotice) expect(notice).toHaveTextContent('Report export feature coming soon!');
  else expect(notice).toBeNull();
}

const assertState: Record<string, (s: Snap) => void> = {
  loading: (s) => {
    common(s);
    expect(screen.getByText('Loading analytics…')).toBeInTheDocument();
    expect(get('button', 'Apply Filters')).toBeDisabled();
    expect(query('alert')).toBeNull();
  },
  failed: (s) => {
    common(s);
    expect(get('alert')).toHaveTextContent('Failed to load analytics');
    expect(screen.getByText('No analytics data available')).toBeInTheDocument();
    expect(get('button', 'Apply Filters')).toBeEnabled();
  },
  ready: (s) => {
    common(s);
    expect(query('alert')).toBeNull();
    if (!s.context.analytics!.totalFields) {
      expect(screen.getByText('No analytics data available')).toBeInTheDocument();
      return;
    }
    expect(stat('Total Farmers')).toBe('12');
    expect(stat('Total Fields')).toBe('20');
    expect(stat('Avg Yield (%)')).toBe('81.5%');
    expect(stat('Active Fields')).toBe('20');
    expect(screen.getByTestId('water')).toHaveTextContent('3,64,217 litres ▲ +87.5% vs previous period');
    expect(screen.getByTestId('water').querySelector('.trend-up')).not.toBeNull();
    expect(screen.getByTestId('pests').querySelector('.trend-down')).toHaveTextContent('▼ -50% vs previous period');
    expect(screen.getByText('Poor').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Soybean').nextElementSibling).toHaveTextContent('60%');
    expect(screen.getByText('Seasonal Analysis')).toBeInTheDocument();
  },
};

/**
 * What the user should see after the first `upTo` steps of a path, worked out from its events (what they chose, what
 * the server answered), not read from the machine's snapshot: a check against the snapshot agrees with a wrong machine.
 */
function expectedAfter(path: ModelPath, upTo: number) {
  const seen = { period: 'month' as Period, report: 'overview', exportNotice: false, analytics: null as Analytics | null };
  for (const { event: e } of path.steps.slice(0, upTo + 1)) {
    if (e.type === 'period.change') seen.period = e.period;
    else if (e.type === 'report.change') seen.report = e.report;
    else if (e.type === 'export.click') seen.exportNotice = true;
    else if (e.type === 'notice.dismiss') seen.exportNotice = false;
    else if (e.type === 'xstate.done.actor.load') seen.analytics = e.output;
    else if (e.type === 'xstate.error.actor.load') seen.analytics = null;
  }
  return seen;
}

function followsThePath(s: Snap, path: ModelPath, i: number) {
  const seen = expectedAfter(path, i);
  expect(s.context).toEqual(seen);
  expect(periodSelect().value).toBe(seen.period);
  expect(reportSelect().value).toBe(seen.report);
  expect(query('status') != null).toBe(seen.exportNotice);
  // A reload keeps the last answer until the next one (an empty one still says so); a failure forgets it.
  expect(screen.queryByText('No analytics data available') != null).toBe(
    stateName(s) === 'failed' || (seen.analytics != null && seen.analytics.totalFields === 0),
  );
}

describeModel('analytics model', {
  paths,
  all,
  transitions: transition,
  screen: screenOf,
  events: EVENTS,
  eventKey: keyOf,
  machine: analyticsMachine,
  states: Object.keys(assertState),
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: () => {
    render();
    return {
      exec: byKey(exec, keyOf),
      check: ({ state }, i, path) => {
        assertState[stateName(state as Snap)](state as Snap);
        followsThePath(state as Snap, path, i);
      },
    };
  },
});

describe('analytics filters', () => {
  it('Apply Filters loads the chosen period (default month)', async () => {
    render();
    expect(drive.requested).toEqual(['month']);
    await exec['load.done(data)']({ type: 'x', output: DATA });
    fireEvent.change(periodSelect(), { target: { value: 'year' } });
    expect(drive.requested).toEqual(['month']);
    fireEvent.click(get('button', 'Apply Filters'));
    expect(drive.requested).toEqual(['month', 'year']);
  });

  // Steps a generated walk cannot show missing (it follows the machine: a wrong machine's 'nothing happens' is not
  // walked), as fixed scenarios.
  it('starts on the month and the overview, without the export notice', () => {
    render();
    expect(periodSelect().value).toBe('month');
    expect(reportSelect().value).toBe('overview');
    expect(query('status')).toBeNull();
  });

  it('after a failure, Apply Filters loads again', async () => {
    render();
    await exec['xstate.error.actor.load']({ type: 'x', error: new HttpError(500, 'server') });
    expect(get('alert')).toHaveTextContent('Failed to load analytics');
    fireEvent.click(get('button', 'Apply Filters'));
    expect(drive.requested).toEqual(['month', 'month']);
    expect(screen.getByText('Loading analytics…')).toBeInTheDocument();
    await exec['load.done(data)']({ type: 'x', output: DATA });
    expect(stat('Total Fields')).toBe('20');
  });
});

describe('analytics loaded for real', () => {
  it('GETs /coordinator/analytics and shows the answer (the machine’s own call, no actor replaced)', async () => {
    const api = await startApiServer(({ path }) =>
      path === '/api/v1/coordinator/analytics' ? { status: 200, body: { analytics: DATA, period: 'month' } } : { status: 404 },
    );
    try {
      renderView(<AnalyticsView />, { session: 'coordinator', intlLocale: 'en', path: '/analytics' });
      expect(await screen.findByText('Seasonal Analysis')).toBeInTheDocument();
      expect(stat('Total Farmers')).toBe('12');
      expect(api.calls('/coordinator/analytics').map((r) => r.method)).toEqual(['GET']);
    } finally {
      await api.close();
    }
  });
});
