/**
 * The admin dashboard's yield trends and field health panel (spec sections 2, 7 and 8).
 *
 * Two regions load side by side. `summary` fetches the field status counts for the three health tiles;
 * on failure the summary is emptied ('Failed to load field health summary'). `trends` fetches the yield
 * trends of the chosen crops (none chosen = All Crops); choosing crops fetches again, and on failure the
 * trends and the crop list are emptied ('Failed to load yield trends'). Period, chart type, points and
 * smoothing only change what is drawn. Export CSV downloads the shown table; Export Image turns the
 * chart's SVG (sent by the view) into a PNG and downloads it.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getFieldStatusCounts, getYieldTrends, type YieldTrend, type YieldTrendsResponse } from '@/services/analytics';
import { svgToPng } from '@/services/chartImage';
import {
  healthSummary,
  hasYields,
  monthOf,
  monthsOf,
  yieldCsv,
  yieldTable,
  type HealthSummary,
  type Month,
  type YieldCsvHeadings,
  type YieldPeriod,
} from './yieldTrendsRules';

export type { HealthSummary, YieldPeriod, YieldTrend };
export type ChartKind = 'line' | 'bar';
export type ChartImage = { svg: string; width: number; height: number };

export type YieldTrendsEvent =
  | { type: 'period.change'; period: YieldPeriod }
  | { type: 'crops.toggle'; crop: string }
  | { type: 'crops.all' }
  | { type: 'chart.kind'; kind: ChartKind }
  | { type: 'chart.points' }
  | { type: 'chart.smooth' }
  /** `headings`: the CSV's column names in the page's language (the view's words). */
  | { type: 'export.csv'; headings?: YieldCsvHeadings }
  | { type: 'export.image'; image: ChartImage }
  | { type: 'notice.dismiss' }
  | { type: 'summary.retry' }
  | { type: 'trends.retry' };

export type YieldTrendsInput = { today?: Month };

type Ctx = {
  today: Month;
  period: YieldPeriod;
  /** Chosen crops; empty means All Crops. */
  selected: string[];
  crops: string[];
  trends: YieldTrend[];
  kind: ChartKind;
  showPoints: boolean;
  smooth: boolean;
  summary: HealthSummary | null;
  notice: 'imageFailed' | null;
};

/** The table the chart draws and the CSV holds: the period's months × the loaded crops. */
export const shownTable = (c: Pick<Ctx, 'trends' | 'period' | 'today'>) => yieldTable(c.trends, monthsOf(c.period, c.today));

export const yieldTrendsMachine = setup({
  types: { context: {} as Ctx, events: {} as YieldTrendsEvent, input: {} as YieldTrendsInput },
  actors: {
    loadSummary: fromPromise<HealthSummary>(({ signal }) => getFieldStatusCounts(signal).then(healthSummary)),
    loadTrends: fromPromise<YieldTrendsResponse, { crops: string[] }>(({ input, signal }) => getYieldTrends(input.crops, signal)),
    renderImage: fromPromise<Blob, ChartImage>(({ input }) => svgToPng(input.svg, input.width, input.height)),
  },
  actions: {
    download: (_, _params: { name: string; data: Blob | string }) => {},
    toggleCrop: assign({
      selected: ({ context, event }) => {
        const crop = (event as Extract<YieldTrendsEvent, { type: 'crops.toggle' }>).crop;
        return context.selected.includes(crop) ? context.selected.filter((c) => c !== crop) : [...context.selected, crop];
      },
    }),
    chooseAllCrops: assign({ selected: [] }),
  },
  guards: {
    hasYields: ({ context }) => hasYields(shownTable(context)),
    anySelected: ({ context }) => context.selected.length > 0,
    isLine: ({ context }) => context.kind === 'line',
  },
}).createMachine({
  id: 'yieldTrends',
  context: ({ input }) => ({
    today: input?.today ?? monthOf(new Date()),
    period: 'last6months',
    selected: [],
    crops: [],
    trends: [],
    kind: 'line',
    showPoints: true,
    smooth: true,
    summary: null,
    notice: null,
  }),
  type: 'parallel',
  on: {
    'period.change': { actions: assign({ period: ({ event }) => event.period }) },
    'chart.kind': { actions: assign({ kind: ({ event }) => event.kind }) },
    'chart.points': { guard: 'isLine', actions: assign({ showPoints: ({ context }) => !context.showPoints }) },
    'chart.smooth': { guard: 'isLine', actions: assign({ smooth: ({ context }) => !context.smooth }) },
    'notice.dismiss': { actions: assign({ notice: null }) },
  },
  states: {
    summary: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['summaryLoading'],
          invoke: {
            id: 'loadSummary',
            src: 'loadSummary',
            onDone: { target: 'ready', actions: assign({ summary: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ summary: null }) },
          },
        },
        ready: {},
        failed: { on: { 'summary.retry': 'loading' } },
      },
    },
    trends: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['trendsLoading'],
          // A new choice while loading restarts the request (only this state is re-entered, not the panel).
          on: {
            'crops.toggle': { target: 'loading', reenter: true, actions: 'toggleCrop' },
            'crops.all': { guard: 'anySelected', target: 'loading', reenter: true, actions: 'chooseAllCrops' },
          },
          invoke: {
            id: 'loadTrends',
            src: 'loadTrends',
            input: ({ context }) => ({ crops: context.selected }),
            onDone: { target: 'ready', actions: assign({ trends: ({ event }) => event.output.yieldTrends, crops: ({ event }) => event.output.crops }) },
            onError: { target: 'failed', actions: assign({ trends: [], crops: [] }) },
          },
        },
        ready: {
          on: {
            'crops.toggle': { target: 'loading', actions: 'toggleCrop' },
            'crops.all': { guard: 'anySelected', target: 'loading', actions: 'chooseAllCrops' },
          },
          initial: 'idle',
          states: {
            idle: {
              on: {
                'export.csv': {
                  guard: 'hasYields',
                  actions: { type: 'download', params: ({ context, event }) => ({ name: 'yield-trends.csv', data: yieldCsv(shownTable(context), event.headings) }) },
                },
                'export.image': { guard: 'hasYields', target: 'exporting', actions: assign({ notice: null }) },
              },
            },
            exporting: {
              tags: ['exporting'],
              invoke: {
                id: 'renderImage',
                src: 'renderImage',
                input: ({ event }) => (event as Extract<YieldTrendsEvent, { type: 'export.image' }>).image,
                onDone: { target: 'idle', actions: { type: 'download', params: ({ event }) => ({ name: 'yield-trends.png', data: event.output }) } },
                onError: { target: 'idle', actions: assign({ notice: 'imageFailed' }) },
              },
            },
          },
        },
        failed: {
          on: {
            'trends.retry': 'loading',
            'crops.toggle': { target: 'loading', actions: 'toggleCrop' },
            'crops.all': { guard: 'anySelected', target: 'loading', actions: 'chooseAllCrops' },
          },
        },
      },
    },
  },
});
