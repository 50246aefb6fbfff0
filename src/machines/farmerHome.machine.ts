/**
 * Farmer home (spec 'Farmer home', section 4): load the fields, select the first, then load its latest
 * reading and 24-hour series; live readings from the field's feed move the tiles and extend the chart.
 * Load failures are only logged, as the spec says: the screen then shows '--' and the empty message.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { last24h, latestReading, listMyFields, type FieldReadingSummary, type LatestReading, type ReadingEvent, type SeriesPoint } from '@/services/sensors';
import type { Translated } from '../../contracts/common';
import { sensorFeedMachine, type FeedStatus, type SensorFeedParentEvent } from './sensorFeed.machine';

export type { LatestReading, SeriesPoint } from '@/services/sensors';

export const SERIES_WINDOW_MS = 24 * 3600_000;
/** Spec section 9: below 25 % the banner shows; with no data 100 is assumed. */
export const LOW_MOISTURE = 25;

export type FieldData = { latest: LatestReading | null; series: SeriesPoint[]; emptyMessage: Translated | null };

export type FarmerHomeContext = {
  fields: FieldReadingSummary[];
  selectedFieldId: string | null;
  latest: LatestReading | null;
  series: SeriesPoint[];
  emptyMessage: Translated | null;
  connection: FeedStatus;
  /** Why the field list could not be loaded (a timeout on a slow network, no network): shown with a retry. */
  fieldsError: unknown;
};

export type FarmerHomeEvent = { type: 'field.select'; fieldId: string } | { type: 'fields.retry' } | SensorFeedParentEvent;

/** Latest and 24 h together; a failed half leaves its part empty and is reported in `failures` for the log. */
export const loadFieldData = fromPromise<FieldData & { failures: Array<{ what: string; error: unknown }> }, { fieldId: string }>(
  async ({ input, signal }) => {
    const [latest, series] = await Promise.allSettled([latestReading(input.fieldId, signal), last24h(input.fieldId, undefined, signal)]);
    const failures: Array<{ what: string; error: unknown }> = [];
    if (latest.status === 'rejected') failures.push({ what: 'latest reading', error: latest.reason });
    if (series.status === 'rejected') failures.push({ what: '24h series', error: series.reason });
    return {
      latest: latest.status === 'fulfilled' ? latest.value : null,
      series: series.status === 'fulfilled' ? series.value.data : [],
      emptyMessage: series.status === 'fulfilled' ? (series.value.message ?? null) : null,
      failures,
    };
  },
);

export const loadFields = fromPromise<FieldReadingSummary[]>(({ signal }) => listMyFields(signal));

/** Points merged by timestamp (a catch-up may repeat what a push already brought), oldest first, last 24 h only. */
export function mergeSeries(series: SeriesPoint[], points: SeriesPoint[], now = Date.now()): SeriesPoint[] {
  const byTime = new Map(series.map((p) => [p.timestamp, p]));
  for (const p of points) byTime.set(p.timestamp, { ...byTime.get(p.timestamp), ...p });
  const from = new Date(now - SERIES_WINDOW_MS).toISOString();
  return [...byTime.values()].filter((p) => p.timestamp >= from).sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1));
}

const pointOf = (r: ReadingEvent): SeriesPoint | null =>
  r.type === 'moisture' ? { timestamp: r.timestamp, moisture: r.value } : r.type === 'temperature' ? { timestamp: r.timestamp, temperature: r.value } : null;

const latestWith = (latest: LatestReading | null, r: ReadingEvent): LatestReading | null => {
  if (r.type !== 'moisture' && r.type !== 'temperature') return latest;
  const base = latest ?? { moisture: null, temperature: null, timestamp: null };
  // A sensor that reports is no longer silent, whatever the value.
  const silentSensors = base.silentSensors?.filter((s) => s.sensorId !== r.sensorId);
  const at = `${r.type}At` as const;
  if (base.timestamp && r.timestamp < base.timestamp && base[r.type] !== null) return { ...base, silentSensors };
  return {
    ...base,
    [r.type]: r.value,
    [at]: base[at] && base[at] > r.timestamp ? base[at] : r.timestamp,
    timestamp: base.timestamp && base.timestamp > r.timestamp ? base.timestamp : r.timestamp,
    silentSensors,
  };
};

/** The field's offline limit when the server did not say (spec default: 2 hours). */
export const DEFAULT_STALE_AFTER_MINUTES = 120;

/** A value measured longer ago than the field's offline limit is stale: shown, but never as live. */
export const isStale = (at: string | null | undefined, staleAfterMinutes: number | undefined, now: number) =>
  !!at && now - Date.parse(at) > (staleAfterMinutes ?? DEFAULT_STALE_AFTER_MINUTES) * 60_000;

const lastTimestamp = (series: SeriesPoint[]) => (series.length ? series[series.length - 1].timestamp : null);

export const farmerHomeMachine = setup({
  types: {
    context: {} as FarmerHomeContext,
    events: {} as FarmerHomeEvent,
  },
  actors: { loadFields, loadFieldData, sensorFeed: sensorFeedMachine },
  actions: {
    /**
     * Spec: farmer-home load failures are logged (console in the app). The reading failures are only logged;
     * a failed field list also shows its retry (issue 17: nothing on a slow network ends in a wrong 'no fields').
     */
    logError: (_, _params: { what: string; error: unknown }) => {},
  },
}).createMachine({
  id: 'farmerHome',
  context: { fields: [], selectedFieldId: null, latest: null, series: [], emptyMessage: null, connection: 'offline', fieldsError: null },
  initial: 'loadingFields',
  states: {
    loadingFields: {
      tags: ['loading'],
      invoke: {
        id: 'loadFields',
        src: 'loadFields',
        onDone: [
          {
            guard: ({ event }) => event.output.length > 0,
            target: 'field',
            actions: assign({ fields: ({ event }) => event.output, selectedFieldId: ({ event }) => event.output[0]._id }),
          },
          { target: 'noFields' },
        ],
        // Not 'no fields': the farmer is told the list did not come (slow or no network) and can retry (issue 17).
        onError: {
          target: 'fieldsFailed',
          actions: [assign({ fieldsError: ({ event }) => event.error }), { type: 'logError', params: ({ event }) => ({ what: 'fields', error: event.error }) }],
        },
      },
    },
    noFields: {},
    fieldsFailed: {
      on: { 'fields.retry': { target: 'loadingFields', actions: assign({ fieldsError: null }) } },
    },
    field: {
      initial: 'loading',
      on: {
        'field.select': {
          guard: ({ context, event }) => event.fieldId !== context.selectedFieldId && context.fields.some((f) => f._id === event.fieldId),
          target: 'field',
          reenter: true,
          actions: assign({ selectedFieldId: ({ event }) => event.fieldId, latest: null, series: [], emptyMessage: null }),
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadFieldData',
            src: 'loadFieldData',
            input: ({ context }) => ({ fieldId: context.selectedFieldId! }),
            onDone: {
              target: 'live',
              actions: [
                assign({
                  latest: ({ event }) => event.output.latest,
                  series: ({ event }) => mergeSeries([], event.output.series),
                  emptyMessage: ({ event }) => event.output.emptyMessage,
                }),
                enqueueActions(({ event, enqueue }) => {
                  for (const f of event.output.failures) enqueue({ type: 'logError', params: f });
                }),
              ],
            },
            onError: { target: 'live', actions: { type: 'logError', params: ({ event }) => ({ what: 'field data', error: event.error }) } },
          },
        },
        live: {
          invoke: {
            id: 'sensorFeed',
            src: 'sensorFeed',
            input: ({ context }) => ({ fieldId: context.selectedFieldId!, lastSeenAt: lastTimestamp(context.series) }),
          },
          on: {
            'feed.status': { actions: assign({ connection: ({ event }) => event.status }) },
            'feed.reading': {
              actions: assign(({ context, event }) => {
                const point = pointOf(event.reading);
                return {
                  latest: latestWith(context.latest, event.reading),
                  series: point ? mergeSeries(context.series, [point]) : context.series,
                };
              }),
            },
            'feed.points': { actions: assign({ series: ({ context, event }) => mergeSeries(context.series, event.points) }) },
          },
        },
      },
    },
  },
});

/** The banner rule: latest moisture below 25 %, with no data counting as 100. */
export const isMoistureLow = (latest: LatestReading | null) => (latest?.moisture ?? 100) < LOW_MOISTURE;
