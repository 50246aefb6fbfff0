/**
 * The admins' audit trail (issue 19): every staff action (who, when, from where, what changed), filtered by
 * actor, action, target and a day range, in server pages, and exported as CSV with the same filters. A staff
 * list (staffList.ts); one entry at a time can be opened to read its before/after. The server refuses anyone
 * but admins, never shows an admin a superadmin's entries, and answers reversed dates with a 400 (its words
 * are the load's notice).
 */
import { assign, fromPromise, setup } from 'xstate';
import { exportAudit, listAudit, listAuditActors, type AuditActor, type AuditEntry, type AuditFilters } from '@/services/audit';
import { asPage, firstPage, pageLoader, staffList, type Failed, type Paged } from './staffList';

/** What the audit screen and its stories show and filter by. */
export type { AuditActor, AuditFilters } from '@/services/audit';

/** The audit page holds 20 entries (the admin alerts table's size). */
export const AUDIT_LIST_SIZE = 20;

type AuditTrailContext = Paged<'entries', AuditEntry> &
  AuditFilters & {
    actors: AuditActor[];
    /** The entry whose changes are open (its id), or null. */
    open: string | null;
    notice: Failed<'loadFailed' | 'exportFailed'> | null;
    pending: null;
  };

export type AuditTrailEvent =
  | { type: 'page.go'; page: number }
  | { type: 'filter.actor'; value: string | null }
  | { type: 'filter.action'; value: AuditFilters['action'] }
  | { type: 'filter.target'; value: AuditFilters['targetType'] }
  | { type: 'filter.from'; value: string | null }
  | { type: 'filter.to'; value: string | null }
  | { type: 'filters.clear' }
  | { type: 'entry.toggle'; id: string }
  | { type: 'export.start' }
  | { type: 'notice.dismiss' };

const NO_FILTERS: AuditFilters = { actor: null, action: null, targetType: null, from: null, to: null };
const filtersOf = (c: AuditFilters): AuditFilters => ({ actor: c.actor, action: c.action, targetType: c.targetType, from: c.from, to: c.to });
const hasFilters = (c: AuditFilters) => Object.values(filtersOf(c)).some((v) => v !== null);

/** A filter event sets its part (an empty value is "all"), or is refused when it changes nothing. */
const filter =
  <K extends keyof AuditFilters>(key: K) =>
  (e: { value: AuditFilters[K] }, c: AuditTrailContext) => {
    const value = (e.value || null) as AuditFilters[K];
    return c[key] === value ? null : ({ [key]: value, open: null } as Partial<AuditTrailContext>);
  };

const list = staffList<AuditTrailContext, AuditTrailEvent>({
  id: 'auditTrail',
  rows: 'entries',
  query: (c) => ({ page: c.page, ...filtersOf(c) }),
  queryEvents: {
    'filter.actor': filter('actor'),
    'filter.action': filter('action'),
    'filter.target': filter('targetType'),
    'filter.from': filter('from'),
    'filter.to': filter('to'),
    'filters.clear': (_, c) => (hasFilters(c) ? { ...NO_FILTERS, open: null } : null),
  },
  loaded: (output) => ({ notice: null, open: null, actors: (output as { actors?: AuditActor[] }).actors ?? [] }),
  loadFailed: { notice: 'loadFailed' },
  notices: true,
});

export const auditTrailMachine = setup({
  types: { context: {} as AuditTrailContext, events: {} as AuditTrailEvent },
  actors: {
    load: pageLoader(async (q: AuditFilters & { page: number }, signal) => {
      const [r, a] = await Promise.all([listAudit({ ...q, limit: AUDIT_LIST_SIZE }, signal), listAuditActors(signal)]);
      return { ...asPage(r.entries, r.pagination), actors: a.actors };
    }),
    exportAll: fromPromise<Blob, AuditFilters>(({ input }) => exportAudit(input)),
  },
  actions: {
    /** Provided by the app: save a file for the user. */
    download: (_, _params: { name: string; data: Blob | string }) => {},
  },
}).createMachine({
  id: 'auditTrail',
  context: { ...firstPage('entries'), ...NO_FILTERS, actors: [], open: null, notice: null, pending: null },
  initial: 'loading',
  states: {
    loading: list.loading,
    ready: {
      on: {
        ...list.ready,
        'entry.toggle': { actions: assign({ open: ({ context, event }) => (context.open === event.id ? null : event.id) }) },
        'export.start': { target: 'exporting', actions: assign({ notice: null }) },
      },
    },
    exporting: list.task<Blob>({
      src: 'exportAll',
      input: ({ context }) => filtersOf(context),
      done: {
        target: '#auditTrail.ready',
        actions: [{ type: 'download', params: ({ event }: { event: { output: Blob } }) => ({ name: 'audit-trail.csv', data: event.output }) }],
      },
      failed: 'exportFailed',
    }),
  },
});
