/**
 * Farmer home (spec 'Farmer home', section 4): load the fields, select the first, then load its latest
 * reading and 24-hour series; live readings from the field's feed move the tiles and extend the chart.
 * Reading failures are only logged, as the spec says: the screen then shows '--' and the empty message. A field list
 * that does not come (an answer of the server) is `fieldsFailed`: told, with a retry, never a wrong 'no fields'.
 *
 * Offline (issue 17): what the home shows is kept on the phone (services/offlineCache). When a load fails because
 * the network is away (not an answer of the server), `offline` shows the last seen fields, readings and series
 * with their time ('offline — last updated 10:42'); when the browser is online again, or the farmer retries (a
 * timed-out slow network never fires 'online'), it loads afresh, and the feed goes live again.
 */
import { assign, createActor, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { HttpError, isNetworkFailure } from '@/shared/httpError';
import { last24h, latestReading, listMyFields, type FieldReadingSummary, type LatestReading, type ReadingEvent, type SeriesPoint } from '@/services/sensors';
import type { Translated } from '../../contracts/common';
import { whenPageLoaded } from '@/shared/pageIdle';
import { watchOnline } from './offline';
import type { FeedStatus, SensorFeedParentEvent } from './sensorFeed.machine';

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
  /** When what is shown offline was last seen (null: live data, or nothing kept). */
  offlineAt: string | null;
  /** Why the field list could not be loaded (not the network: an answer of the server): shown with a retry. */
  fieldsError: unknown;
};

export type FarmerHomeEvent =
  | { type: 'field.select'; fieldId: string }
  | { type: 'fields.retry' }
  | { type: 'network.online' }
  | SensorFeedParentEvent;

/** What the phone keeps of the home: the fields, and per field what its tiles and chart last showed. */
export const HOME_FIELDS = 'home.fields';
export const homeFieldKey = (fieldId: string) => `home.field.${fieldId}`;
/** The phone's store (idb) comes after the first paint: it is not in the farmer's initial JavaScript (budget). */
const offlineCache = () => import('@/services/offlineCache');

export type CachedHome = FieldData & { fields: FieldReadingSummary[]; selectedFieldId: string; savedAt: string };

/** The last seen home (with `fieldId`'s data if it was seen, else the first field's), or null when nothing was kept. */
export const recallHome = fromPromise<CachedHome | null, { fieldId: string | null }>(async ({ input }) => {
  const { recall } = await offlineCache();
  const fields = await recall<FieldReadingSummary[]>(HOME_FIELDS);
  if (!fields || fields.value.length === 0) return null;
  const selectedFieldId = input.fieldId && fields.value.some((f) => f._id === input.fieldId) ? input.fieldId : fields.value[0]._id;
  const data = await recall<FieldData>(homeFieldKey(selectedFieldId));
  return {
    fields: fields.value,
    selectedFieldId,
    latest: data?.value.latest ?? null,
    series: data?.value.series ?? [],
    emptyMessage: data?.value.emptyMessage ?? null,
    savedAt: data?.savedAt ?? fields.savedAt,
  };
});


/** Latest and 24 h together; a failed half leaves its part empty and is reported in `failures` for the log. */
export const loadFieldData = fromPromise<FieldData & { failures: Array<{ what: string; error: unknown }> }, { fieldId: string }>(
  async ({ input, signal }) => {
    const [latest, series] = await Promise.allSettled([latestReading(input.fieldId, signal), last24h(input.fieldId, undefined, signal)]);
    // Both halves lost to the network: the home is offline (the machine shows what it kept).
    if (latest.status === 'rejected' && series.status === 'rejected' && isNetworkFailure(latest.reason) && isNetworkFailure(series.reason)) {
      throw new HttpError(0, 'network');
    }
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

/**
 * The field's live feed (sensorFeed.machine: joining the room, the catch-up after a reconnect, the live pushes),
 * invoked while `live`. Its code (the feed machine, the socket adapter, the socket client: ~1.7 KB gz) is not in
 * the farmer's first load (issue 17, ≤ 100 KB): it is imported once the page has loaded, and runs as this actor's
 * child, its `feed.*` events relayed to this machine. Until it runs the badge says 'offline' in its reserved
 * place, as it did while the socket connected; its first join catches up from the last point shown. A chunk that
 * cannot be loaded (an old release's chunk gone) says 'failed'.
 */
export const relayFeed = (load: () => Promise<SensorFeedMachine>) =>
  fromCallback<EventObject, { fieldId: string; lastSeenAt: string | null }>(({ input, sendBack }) => {
    let stopped = false;
    let feed: { stop: () => void } | null = null;
    void load().then(
      (machine) => {
        if (stopped) return;
        const relayed = machine.provide({ actions: { tellParent: (_, event: SensorFeedParentEvent) => sendBack(event) } });
        feed = createActor(relayed, { input }).start();
      },
      () => {
        if (!stopped) sendBack({ type: 'feed.status', status: 'failed' } satisfies SensorFeedParentEvent);
      },
    );
    return () => {
      stopped = true;
      feed?.stop();
    };
  });
type SensorFeedMachine = (typeof import('./sensorFeed.machine'))['sensorFeedMachine'];
export const sensorFeed = relayFeed(() =>
  whenPageLoaded()
    .then(() => import('./sensorFeed.machine'))
    .then((m) => m.sensorFeedMachine),
);

/** What the selected field's tiles and chart show, kept for the offline home. */
const rememberField = {
  type: 'remember',
  params: ({ context }: { context: FarmerHomeContext }) => ({
    what: homeFieldKey(context.selectedFieldId!),
    value: { latest: context.latest, series: context.series, emptyMessage: context.emptyMessage } satisfies FieldData,
  }),
} as const;

export const farmerHomeMachine = setup({
  types: {
    context: {} as FarmerHomeContext,
    events: {} as FarmerHomeEvent,
  },
  actors: { loadFields, loadFieldData, sensorFeed, recallHome, watchOnline },
  actions: {
    /**
     * Spec: farmer-home load failures are logged (console in the app). The reading failures are only logged;
     * a failed field list also shows its retry (issue 17: nothing on a slow network ends in a wrong 'no fields').
     */
    logError: (_, _params: { what: string; error: unknown }) => {},
    /** Keeps what the home shows on the phone (best effort, never fails). */
    remember: (_, params: { what: string; value: unknown }) =>
      void offlineCache()
        .then(({ remember }) => remember(params.what, params.value))
        .catch(() => undefined),
    /** Leaving the offline copy for a fresh load: the kept readings leave the screen. */
    forgetKeptCopy: assign({ latest: null, series: [], emptyMessage: null, offlineAt: null }),
  },
  guards: {
    networkAway: ({ event }) => isNetworkFailure((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'farmerHome',
  context: { fields: [], selectedFieldId: null, latest: null, series: [], emptyMessage: null, connection: 'offline', offlineAt: null, fieldsError: null },
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
            actions: [
              assign({
                fields: ({ event }) => event.output,
                // Coming back online keeps the field the farmer was looking at, if it is still theirs.
                selectedFieldId: ({ context, event }) =>
                  context.selectedFieldId && event.output.some((f) => f._id === context.selectedFieldId) ? context.selectedFieldId : event.output[0]._id,
                offlineAt: null,
              }),
              { type: 'remember', params: ({ event }) => ({ what: HOME_FIELDS, value: event.output }) },
            ],
          },
          { target: 'noFields', actions: [assign({ offlineAt: null }), { type: 'remember', params: { what: HOME_FIELDS, value: [] } }] },
        ],
        // A network failure (offline, dropped, timed out) shows the kept copy; any other failure is not 'no fields'
        // either: the farmer is told the list did not come and can retry (issue 17).
        onError: [
          { guard: 'networkAway', target: 'offline' },
          {
            target: 'fieldsFailed',
            actions: [assign({ fieldsError: ({ event }) => event.error }), { type: 'logError', params: ({ event }) => ({ what: 'fields', error: event.error }) }],
          },
        ],
      },
    },
    noFields: {},
    fieldsFailed: {
      on: { 'fields.retry': { target: 'loadingFields', actions: assign({ fieldsError: null }) } },
    },
    /** The network is away: the last seen home, until the browser is online again. */
    offline: {
      invoke: { id: 'watchOnline', src: 'watchOnline' },
      // Online again, or the farmer's Retry (a slow network that timed out never fires 'online'): load afresh (the
      // field shown stays chosen); the kept copy leaves the screen.
      // The Retry is the banner's, which shows once the kept copy was read (`shown`, `nothingSaved`).
      on: { 'network.online': { target: '#farmerHome.loadingFields', actions: 'forgetKeptCopy' } },
      initial: 'reading',
      states: {
        reading: {
          tags: ['loading'],
          invoke: {
            id: 'recallHome',
            src: 'recallHome',
            input: ({ context }) => ({ fieldId: context.selectedFieldId }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'shown',
                actions: assign(({ event }) => {
                  const home = event.output!;
                  return {
                    fields: home.fields,
                    selectedFieldId: home.selectedFieldId,
                    latest: home.latest,
                    series: home.series,
                    emptyMessage: home.emptyMessage,
                    offlineAt: home.savedAt,
                  };
                }),
              },
              { target: 'nothingSaved' },
            ],
            onError: { target: 'nothingSaved' },
          },
        },
        shown: {
          on: {
            'fields.retry': { target: '#farmerHome.loadingFields', actions: 'forgetKeptCopy' },
            'field.select': {
              guard: ({ context, event }) => event.fieldId !== context.selectedFieldId && context.fields.some((f) => f._id === event.fieldId),
              target: 'reading',
              actions: assign({ selectedFieldId: ({ event }) => event.fieldId }),
            },
          },
        },
        nothingSaved: {
          entry: assign({ latest: null, series: [], emptyMessage: null, offlineAt: null }),
          on: { 'fields.retry': { target: '#farmerHome.loadingFields', actions: 'forgetKeptCopy' } },
        },
      },
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
                rememberField,
              ],
            },
            onError: [
              { guard: 'networkAway', target: '#farmerHome.offline' },
              { target: 'live', actions: { type: 'logError', params: ({ event }) => ({ what: 'field data', error: event.error }) } },
            ],
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
              actions: [
                assign(({ context, event }) => {
                  const point = pointOf(event.reading);
                  return {
                    latest: latestWith(context.latest, event.reading),
                    series: point ? mergeSeries(context.series, [point]) : context.series,
                  };
                }),
                rememberField,
              ],
            },
            'feed.points': { actions: [assign({ series: ({ context, event }) => mergeSeries(context.series, event.points) }), rememberField] },
          },
        },
      },
    },
  },
});

/** The banner rule: latest moisture below 25 %, with no data counting as 100. */
export const isMoistureLow = (latest: LatestReading | null) => (latest?.moisture ?? 100) < LOW_MOISTURE;
