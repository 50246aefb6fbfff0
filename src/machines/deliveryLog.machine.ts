/**
 * The admins' notification delivery log (issue 16): every queued delivery (recipient, channel, kind, status,
 * attempts, last error), filtered by status, channel and kind, in server pages, and exported as CSV with the
 * same filters. A staff list (staffList.ts); the server refuses anyone but admins.
 */
import { assign, fromPromise, setup } from 'xstate';
import { exportDeliveries, listDeliveries, type DeliveryFilters, type DeliveryItem } from '@/services/notifications';
import { asPage, firstPage, pageLoader, STAFF_PAGE_SIZE, staffList, type Failed, type Paged } from './staffList';

/** The delivery log's filters (its view and stories set them). */
export type { DeliveryFilters } from '@/services/notifications';

type DeliveryLogContext = Paged<'deliveries', DeliveryItem> &
  DeliveryFilters & {
    notice: Failed<'loadFailed' | 'exportFailed'> | null;
    pending: null;
  };

export type DeliveryLogEvent =
  | { type: 'page.go'; page: number }
  | { type: 'filter.status'; value: DeliveryFilters['status'] }
  | { type: 'filter.channel'; value: DeliveryFilters['channel'] }
  | { type: 'filter.kind'; value: DeliveryFilters['kind'] }
  | { type: 'export.start' }
  | { type: 'notice.dismiss' };

const filters = (c: DeliveryFilters): DeliveryFilters => ({ status: c.status, channel: c.channel, kind: c.kind });
/** A filter event sets its part, or is refused when it changes nothing. */
const filter =
  <K extends keyof DeliveryFilters>(key: K) =>
  (e: { value: DeliveryFilters[K] }, c: DeliveryLogContext) =>
    c[key] === e.value ? null : ({ [key]: e.value } as Partial<DeliveryLogContext>);

const list = staffList<DeliveryLogContext, DeliveryLogEvent>({
  id: 'deliveryLog',
  rows: 'deliveries',
  query: (c) => ({ page: c.page, ...filters(c) }),
  queryEvents: { 'filter.status': filter('status'), 'filter.channel': filter('channel'), 'filter.kind': filter('kind') },
  loaded: () => ({ notice: null }),
  loadFailed: { notice: 'loadFailed' },
  notices: true,
});

export const deliveryLogMachine = setup({
  types: { context: {} as DeliveryLogContext, events: {} as DeliveryLogEvent },
  actors: {
    load: pageLoader(async (q: DeliveryFilters & { page: number }, signal) => {
      const r = await listDeliveries({ ...q, limit: STAFF_PAGE_SIZE }, signal);
      return asPage(r.deliveries, r.pagination);
    }),
    exportAll: fromPromise<Blob, DeliveryFilters>(({ input }) => exportDeliveries(input)),
  },
  actions: {
    /** Provided by the app: save a file for the user. */
    download: (_, _params: { name: string; data: Blob | string }) => {},
  },
}).createMachine({
  id: 'deliveryLog',
  context: { ...firstPage('deliveries'), status: null, channel: null, kind: null, notice: null, pending: null },
  initial: 'loading',
  states: {
    loading: list.loading,
    ready: { on: { ...list.ready, 'export.start': { target: 'exporting', actions: assign({ notice: null }) } } },
    exporting: list.task<Blob>({
      src: 'exportAll',
      input: ({ context }) => filters(context),
      done: {
        target: '#deliveryLog.ready',
        actions: [{ type: 'download', params: ({ event }: { event: { output: Blob } }) => ({ name: 'notification-deliveries.csv', data: event.output }) }],
      },
      failed: 'exportFailed',
    }),
  },
});
