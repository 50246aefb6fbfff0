/**
 * Generated paths over yieldTrendsMachine, each driving the real YieldTrendsPanel and checking the
 * screen after every step. The two regions are walked separately so the graph stays small: the field
 * health summary on its own (the trends left loading), then the yield trends with the summary loaded.
 * A state is its value, the event that led there, the state before, and the context its guards read.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { shownTable, yieldTrendsMachine, type ChartImage, type HealthSummary } from '@/machines/yieldTrends.machine';
import { YieldTrendsContext } from '@/machines/yieldTrends.context';
import { hasYields, yieldCsv } from '@/machines/yieldTrendsRules';
import { HttpError } from '@/services/http';
import type { YieldTrendsResponse } from '@/services/analytics';
import { YieldTrendsPanel } from '@/views/admin/YieldTrendsPanel';
import { startApiServer } from '../../support/apiServer';
import { getLabelled } from '../../support/dom';
import { coveringPaths, deferred, describeModel, leafPaths, leafValues, modelPaths, renderView } from '../../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof yieldTrendsMachine>;

const TODAY = { year: 2026, month: 11 };
const SOY = { crop: 'soybean', data: [{ year: 2025, month: 10, averageYield: 9 }, { year: 2026, month: 10, averageYield: 12.5 }] };
const WHEAT = { crop: 'wheat', data: [{ year: 2026, month: 3, averageYield: 16 }] };
const CROPS = ['soybean', 'wheat'];
/** What the server answers for a crop choice: the chosen crops' trends, and always every crop. */
const ANSWERS: Record<string, YieldTrendsResponse> = {
  all: { yieldTrends: [SOY, WHEAT], crops: CROPS },
  soybean: { yieldTrends: [SOY], crops: CROPS },
  wheat: { yieldTrends: [WHEAT], crops: CROPS },
};
const answerFor = (selected: string[]) => (selected.length === 1 ? selected[0] : 'all');
const SUMMARY: HealthSummary = { healthy: 7, needsAttention: 5, critical: 1 };
const FAIL = new HttpError(500, 'server');
const PNG = new Blob(['png'], { type: 'image/png' });
const IMAGE: ChartImage = { svg: '<svg/>', width: 760, height: 340 };

const SUMMARY_EVENTS: Ev[] = [
  { type: 'summary.retry' },
  { type: 'xstate.done.actor.loadSummary', output: SUMMARY },
  { type: 'xstate.error.actor.loadSummary', error: FAIL },
];
const TREND_EVENTS: Ev[] = [
  { type: 'period.change', period: 'last6months' },
  { type: 'period.change', period: 'last12months' },
  { type: 'period.change', period: 'thisYear' },
  { type: 'crops.toggle', crop: 'soybean' },
  { type: 'crops.toggle', crop: 'wheat' },
  { type: 'crops.all' },
  { type: 'chart.kind', kind: 'line' },
  { type: 'chart.kind', kind: 'bar' },
  { type: 'chart.points' },
  { type: 'chart.smooth' },
  { type: 'export.csv' },
  { type: 'export.image', image: IMAGE },
  { type: 'notice.dismiss' },
  { type: 'trends.retry' },
  ...Object.entries(ANSWERS).map(([k, output]) => ({ type: 'xstate.done.actor.loadTrends', output, answer: k })),
  { type: 'xstate.error.actor.loadTrends', error: FAIL },
  { type: 'xstate.done.actor.renderImage', output: PNG },
  { type: 'xstate.error.actor.renderImage', error: FAIL },
];

const keyOf = (e: Ev): string => {
  if (e.type === 'period.change') return `period.change(${e.period})`;
  if (e.type === 'crops.toggle') return `crops.toggle(${e.crop})`;
  if (e.type === 'chart.kind') return `chart.kind(${e.kind})`;
  if (e.type === 'xstate.done.actor.loadTrends') return `loadTrends.done(${e.answer})`;
  return e.type;
};
const isSummaryEvent = (e: Ev) => SUMMARY_EVENTS.some((x) => x.type === e.type);
const leaves = (s: Snap) => leafValues(s.value);
const region = (s: Snap, name: 'summary' | 'trends') => leaves(s).find((l) => l.startsWith(`${name}.`))!.slice(name.length + 1);

function canSend(s: Snap, e: Ev) {
  if (!s.can(e as never)) return false;
  const c = s.context;
  switch (e.type) {
    case 'period.change':
      return e.period !== c.period;
    case 'chart.kind':
      return e.kind !== c.kind;
    case 'crops.toggle':
      return c.crops.includes(e.crop);
    case 'notice.dismiss':
      return c.notice !== null;
    case 'xstate.done.actor.loadTrends':
      return e.answer === answerFor(c.selected);
    default:
      return true;
  }
}

/** The context the guards and the screen's branches read; everything else is checked but not told apart. */
const projection = (s: Snap) => {
  const c = s.context;
  return [c.period, c.kind, c.selected.join('+'), c.crops.length, hasYields(shownTable(c)), c.notice].join(',');
};
const serializeState = (s: Snap, e?: Ev, prev?: Snap) => `${JSON.stringify(s.value)}|${e ? keyOf(e) : ''}|${prev ? JSON.stringify(prev.value) : ''}|${projection(s)}`;

const summaryOptions = {
  input: { today: TODAY },
  events: SUMMARY_EVENTS,
  filterEvents: (s: Snap, e: Ev) => canSend(s, e),
  serializeEvent: (e: Ev) => keyOf(e),
};
const trendOptions = {
  input: { today: TODAY },
  events: [...SUMMARY_EVENTS, ...TREND_EVENTS],
  // The summary settles first (loaded), then only the trends move. To keep the walk small, each kind of
  // choice is explored from one base: chart options at the default period with All Crops, periods on
  // the line chart with All Crops, crops and exports on the line chart over the last 6 months.
  filterEvents: (s: Snap, e: Ev) => {
    if (isSummaryEvent(e)) return e.type === 'xstate.done.actor.loadSummary' && canSend(s, e);
    if (region(s, 'summary') !== 'ready') return false;
    const c = s.context;
    const allCrops = c.selected.length === 0 && !c.notice;
    if (['chart.kind', 'chart.points', 'chart.smooth'].includes(e.type) && !(allCrops && c.period === 'last6months')) return false;
    if (e.type === 'period.change' && !(allCrops && c.kind === 'line')) return false;
    if (/^(crops|export)\./.test(e.type) && !(c.kind === 'line' && c.period === 'last6months')) return false;
    return canSend(s, e);
  },
  serializeEvent: (e: Ev) => keyOf(e),
};
const summaryPaths = modelPaths(yieldTrendsMachine, { ...summaryOptions, serializeState });
const trendPaths = modelPaths(yieldTrendsMachine, { ...trendOptions, serializeState });
/**
 * The walks end one path at every (state, event that led there, state before); many of those paths repeat the
 * same steps. Render the fewest that still take every step the walks take: every (screen before, event, screen
 * after), a screen being the state value and the context the checks read. The guard test holds them to it.
 */
const all = [...summaryPaths, ...trendPaths];
const screenOf = (s: Snap) => `${JSON.stringify(s.value)}|${projection(s)}`;
const transition = (before: Snap | null, e: Ev, after: Snap) => [before && screenOf(before), keyOf(e), screenOf(after)].join(' ');
const paths = coveringPaths(leafPaths(all), transition);

const drive = {
  summary: deferred<HealthSummary>(),
  trends: deferred<YieldTrendsResponse>(),
  image: deferred<Blob>(),
  trendCalls: [] as string[][],
  images: [] as ChartImage[],
  download: vi.fn(),
};

function render() {
  drive.trendCalls = [];
  drive.images = [];
  drive.download = vi.fn();
  const logic = yieldTrendsMachine.provide({
    actors: {
      loadSummary: fromPromise(() => (drive.summary = deferred<HealthSummary>()).promise),
      loadTrends: fromPromise<YieldTrendsResponse, { crops: string[] }>(({ input }) => {
        drive.trendCalls.push(input.crops);
        return (drive.trends = deferred<YieldTrendsResponse>()).promise;
      }),
      renderImage: fromPromise<Blob, ChartImage>(({ input }) => {
        drive.images.push(input);
        return (drive.image = deferred<Blob>()).promise;
      }),
    },
    actions: { download: (_, p) => drive.download(p) },
  });
  renderView(<YieldTrendsContext.Provider logic={logic} options={{ input: { today: TODAY } }}>
      <YieldTrendsPanel />
    </YieldTrendsContext.Provider>);
}

const settle = (fn: () => void) => act(async () => fn());
const checkbox = (name: string) => getLabelled(name) as HTMLInputElement;
const button = (name: string, inside: HTMLElement = document.body) => within(inside).getByText(name, { selector: 'button' }) as HTMLButtonElement;
const CROP_LABEL: Record<string, string> = { soybean: 'Soybean', wheat: 'Wheat' };

const exec: Record<string, (e: Ev, before: Snap) => unknown> = {
  'summary.retry': () => fireEvent.click(button('Retry', healthRegion())),
  'xstate.done.actor.loadSummary': (e) => settle(() => drive.summary.resolve(e.output)),
  'xstate.error.actor.loadSummary': (e) => settle(() => drive.summary.reject(e.error)),
  'period.change(last6months)': () => fireEvent.change(getLabelled('Period'), { target: { value: 'last6months' } }),
  'period.change(last12months)': () => fireEvent.change(getLabelled('Period'), { target: { value: 'last12months' } }),
  'period.change(thisYear)': () => fireEvent.change(getLabelled('Period'), { target: { value: 'thisYear' } }),
  'crops.toggle(soybean)': (_, before) => {
    fireEvent.click(checkbox('Soybean'));
    expect(drive.trendCalls.at(-1)).toEqual(toggled(before.context.selected, 'soybean'));
  },
  'crops.toggle(wheat)': (_, before) => {
    fireEvent.click(checkbox('Wheat'));
    expect(drive.trendCalls.at(-1)).toEqual(toggled(before.context.selected, 'wheat'));
  },
  'crops.all': () => {
    fireEvent.click(checkbox('All Crops'));
    expect(drive.trendCalls.at(-1)).toEqual([]);
  },
  'chart.kind(line)': () => fireEvent.click(button('Line')),
  'chart.kind(bar)': () => fireEvent.click(button('Bar')),
  'chart.points': () => fireEvent.click(checkbox('Show Points')),
  'chart.smooth': () => fireEvent.click(checkbox('Smooth Lines')),
  'export.csv': (_, before) => {
    fireEvent.click(button('Export CSV'));
    // The headings are the page's words: the crops as the chart names them ('Soybean', not the key 'soybean').
    const headings = { month: 'Month', year: 'Year', crops: { soybean: 'Soybean', wheat: 'Wheat' } };
    expect(drive.download).toHaveBeenLastCalledWith({ name: 'yield-trends.csv', data: yieldCsv(shownTable(before.context), headings) });
    const [header, ...rows] = (drive.download.mock.lastCall![0].data as string).replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe(['Month', 'Year', ...before.context.trends.map((t) => headings.crops[t.crop as 'soybean' | 'wheat'])].join(','));
    expect(rows).toHaveLength({ last6months: 6, last12months: 12, thisYear: 11 }[before.context.period]);
  },
  'export.image': () => {
    fireEvent.click(button('Export Image'));
    const image = drive.images.at(-1)!;
    expect(image.svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(image.svg).toContain('width="760"');
    expect(image.width).toBe(760);
  },
  'notice.dismiss': () => fireEvent.click(button('Dismiss')),
  'trends.retry': () => fireEvent.click(button('Retry', screen.getByTestId('yield-trends'))),
  'loadTrends.done(all)': (e) => settle(() => drive.trends.resolve(e.output)),
  'loadTrends.done(soybean)': (e) => settle(() => drive.trends.resolve(e.output)),
  'loadTrends.done(wheat)': (e) => settle(() => drive.trends.resolve(e.output)),
  'xstate.error.actor.loadTrends': (e) => settle(() => drive.trends.reject(e.error)),
  'xstate.done.actor.renderImage': (e) => settle(() => drive.image.resolve(e.output)),
  'xstate.error.actor.renderImage': (e) => settle(() => drive.image.reject(e.error)),
};
const toggled = (selected: string[], crop: string) => (selected.includes(crop) ? selected.filter((c) => c !== crop) : [...selected, crop]);

const healthRegion = () => document.querySelector<HTMLElement>('section[aria-label="Field Health Summary"]')!;
const tile = (label: string) => within(healthRegion()).getByText(label, { selector: '.stat-label' }).nextSibling?.textContent;

const assertSummary: Record<string, (s: Snap) => void> = {
  loading: () => {
    expect(within(healthRegion()).getByText('Loading field health summary…')).toBeInTheDocument();
    expect(within(healthRegion()).queryByText('Healthy')).toBeNull();
  },
  ready: () => {
    expect([tile('Healthy'), tile('Needs Attention'), tile('Critical')]).toEqual(['7', '5', '1']);
    expect(healthRegion().querySelector('[role=alert]')).toBeNull();
  },
  failed: () => {
    expect(healthRegion().querySelector('[role=alert]')).toHaveTextContent('Failed to load field health summary');
    expect(within(healthRegion()).queryByText('Healthy')).toBeNull();
  },
};

function controls(s: Snap) {
  const c = s.context;
  expect((getLabelled('Period') as HTMLSelectElement).value).toBe(c.period);
  expect(button('Line')).toHaveAttribute('aria-pressed', String(c.kind === 'line'));
  expect(button('Bar')).toHaveAttribute('aria-pressed', String(c.kind === 'bar'));
  expect(checkbox('Show Points').checked).toBe(c.showPoints);
  expect(checkbox('Smooth Lines').checked).toBe(c.smooth);
  expect(checkbox('Show Points').disabled).toBe(c.kind === 'bar');
  expect(checkbox('All Crops').checked).toBe(c.selected.length === 0);
  const crops = [...document.querySelectorAll('fieldset.crop-choices input[type=checkbox]')].map((x) => x.parentElement!.textContent!.trim());
  expect(crops).toEqual(['All Crops', ...c.crops.map((k) => CROP_LABEL[k])]);
  for (const k of c.crops) expect(checkbox(CROP_LABEL[k]).checked).toBe(c.selected.includes(k));
  const notice = screen.queryByText('Could not export the chart image.');
  if (c.notice) expect(notice).toBeInTheDocument();
  else expect(notice).toBeNull();
}

function chart(s: Snap) {
  const c = s.context;
  const table = shownTable(c);
  const svg = document.querySelector<SVGSVGElement>('svg[aria-label="Average yield per crop and month, in quintals"]');
  if (!hasYields(table)) {
    expect(svg).toBeNull();
    expect(screen.getByText('No harvests recorded in this period.')).toBeInTheDocument();
    expect(button('Export CSV')).toBeDisabled();
    expect(button('Export Image')).toBeDisabled();
    return;
  }
  expect(svg).not.toBeNull();
  const shown = table.rows.flatMap((r) => r.values).filter((v) => v !== null).length;
  for (const name of table.crops.map((k) => CROP_LABEL[k])) expect(within(svg as unknown as HTMLElement).getByText(name)).toBeInTheDocument();
  if (c.kind === 'bar') {
    expect(svg!.querySelectorAll('[data-testid="yield-bar"]')).toHaveLength(shown);
    expect(svg!.querySelectorAll('[data-testid="yield-line"]')).toHaveLength(0);
  } else {
    const lines = svg!.querySelectorAll('[data-testid="yield-line"]');
    expect(lines).toHaveLength(table.crops.length);
    for (const l of lines) expect(l.getAttribute('data-smooth')).toBe(String(c.smooth));
    expect(svg!.querySelectorAll('[data-testid="yield-point"]')).toHaveLength(c.showPoints ? shown : 0);
    expect(svg!.querySelectorAll('[data-testid="yield-bar"]')).toHaveLength(0);
  }
}

const assertTrends: Record<string, (s: Snap) => void> = {
  loading: (s) => {
    controls(s);
    expect(screen.getByText('Loading yield trends…')).toBeInTheDocument();
    expect(document.querySelector('.yield-chart')).toBeNull();
    expect(button('Export CSV')).toBeDisabled();
  },
  'ready.idle': (s) => {
    controls(s);
    expect(screen.queryByText('Loading yield trends…')).toBeNull();
    expect(screen.queryByText('Failed to load yield trends')).toBeNull();
    chart(s);
    const exportable = hasYields(shownTable(s.context));
    expect(button('Export Image').disabled).toBe(!exportable);
    expect(button('Export CSV').disabled).toBe(!exportable);
  },
  'ready.exporting': (s) => {
    controls(s);
    chart(s);
    expect(button('Export Image')).toBeDisabled();
    expect(button('Export CSV')).toBeDisabled();
  },
  failed: (s) => {
    controls(s);
    expect(screen.getByText('Failed to load yield trends').closest('[role="alert"]')).not.toBeNull();
    expect(document.querySelector('.yield-chart')).toBeNull();
    expect(button('Export CSV')).toBeDisabled();
  },
};

function check(s: Snap) {
  assertSummary[region(s, 'summary')](s);
  assertTrends[region(s, 'trends')](s);
}

const name = (steps: { event: Ev }[]) => steps.slice(1).map((x) => keyOf(x.event)).join(' → ') || 'start';

describeModel('yield trends model', {
  paths,
  all,
  transitions: transition,
  screen: screenOf,
  events: [...SUMMARY_EVENTS, ...TREND_EVENTS],
  eventKey: keyOf,
  machine: yieldTrendsMachine,
  states: [...Object.keys(assertSummary).map((k) => `summary.${k}`), ...Object.keys(assertTrends).map((k) => `trends.${k}`)],
  name: (p) => name(p.steps),
  render: (path) => {
    render();
    return {
      // Some executors read the state before their step (what a toggle or an export starts from).
      exec: (e: Ev, step) => {
        if (e.type === 'xstate.init') return;
        const run = exec[keyOf(e)];
        if (!run) throw new Error(`no executor for ${keyOf(e)}`);
        return run(e, path.steps[path.steps.indexOf(step) - 1].state as Snap);
      },
      check: ({ state }) => check(state as Snap),
    };
  },
});

describe('yield trends against the API', () => {
  it('reads the field status counts and the chosen crops’ trends through its own calls', async () => {
    const api = await startApiServer(({ path, query }) => {
      if (path === '/api/v1/fields/analytics/overview')
        return { status: 200, body: { analytics: { byStatus: { active: 7, maintenance: 3, inactive: 2, harvested: 1 } } } };
      if (path === '/api/v1/fields/analytics/yield-trends') return { status: 200, body: ANSWERS[query.crops ?? 'all'] };
      return { status: 404 };
    });
    try {
      renderView(<YieldTrendsContext.Provider logic={yieldTrendsMachine} options={{ input: { today: TODAY } }}>
          <YieldTrendsPanel />
        </YieldTrendsContext.Provider>);
      await waitFor(() => expect([tile('Healthy'), tile('Needs Attention'), tile('Critical')]).toEqual(['7', '5', '1']));
      await waitFor(() => expect(checkbox('Wheat')).toBeInTheDocument());
      fireEvent.click(checkbox('Soybean'));
      await waitFor(() => expect(api.calls('/fields/analytics/yield-trends')).toHaveLength(2));
      await waitFor(() => expect(checkbox('Soybean')).toBeChecked());
      expect(api.calls('/fields/analytics/yield-trends').map((r) => r.query)).toEqual([{}, { crops: 'soybean' }]);
    } finally {
      await api.close();
    }
  });
});
