/**
 * The login-history dialog: load → list, filtered (all / last 7 days / suspicious or failed), rows
 * expand; revoke a session or report a sign-in, then the history reloads. Errors show in a banner.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getLoginHistory, reportSuspicious, revokeSession, type LoginHistoryEntry } from '../services/account';
import { LOGIN_HISTORY_CSV, loginHistoryCsv } from '../services/loginHistoryCsv';

export type { LoginHistoryEntry };
export type HistoryFilter = 'all' | 'lastWeek' | 'suspicious';
export type HistoryError = 'load' | 'revoke' | 'report';
export const RECENT_DAYS = 7;

type Context = {
  history: LoginHistoryEntry[];
  filter: HistoryFilter;
  expanded: string | null;
  error: HistoryError | null;
  errorCause: unknown;
};

export type LoginHistoryEvent =
  | { type: 'history.retry' }
  | { type: 'history.filter'; filter: HistoryFilter }
  | { type: 'history.toggle'; id: string }
  | { type: 'history.export' }
  /** Revokes the session of the expanded row. */
  | { type: 'history.revoke' }
  /** Reports the expanded (suspicious) row. */
  | { type: 'history.report' };

const expandedRow = (c: Context) => c.history.find((h) => h._id === c.expanded);

/** The rows a filter shows, newest first as the server sends them. */
export function filterHistory(history: LoginHistoryEntry[], filter: HistoryFilter, now = Date.now()) {
  if (filter === 'lastWeek') return history.filter((h) => now - Date.parse(h.timestamp) <= RECENT_DAYS * 86_400_000);
  if (filter === 'suspicious') return history.filter((h) => h.status !== 'success');
  return history;
}

export const loginHistoryMachine = setup({
  types: { context: {} as Context, events: {} as LoginHistoryEvent },
  actors: {
    loadHistory: fromPromise<{ history: LoginHistoryEntry[] }>(({ signal }) => getLoginHistory(signal)),
    revokeSession: fromPromise<unknown, string>(({ input, signal }) => revokeSession(input, signal)),
    reportSuspicious: fromPromise<unknown, string>(({ input, signal }) => reportSuspicious(input, signal)),
  },
  guards: {
    rowShown: ({ context, event }) =>
      event.type === 'history.toggle' && filterHistory(context.history, context.filter).some((h) => h._id === event.id),
    hasRows: ({ context }) => filterHistory(context.history, context.filter).length > 0,
    canRevoke: ({ context }) => !!expandedRow(context)?.sessionActive,
    canReport: ({ context }) => {
      const row = expandedRow(context);
      return row?.status === 'suspicious' && !row.reported;
    },
  },
  actions: {
    /** Provided by the view: the browser saves the file. */
    download: (_, _file: { filename: string; text: string }) => {},
  },
}).createMachine({
  id: 'loginHistory',
  context: { history: [], filter: 'all', expanded: null, error: null, errorCause: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        onDone: { target: 'list', actions: assign({ history: ({ event }) => event.output.history, error: null, errorCause: null }) },
        onError: { target: 'failed', actions: assign({ error: 'load', errorCause: ({ event }) => event.error }) },
      },
    },
    failed: { on: { 'history.retry': 'loading' } },
    list: {
      on: {
        'history.filter': { actions: assign({ filter: ({ event }) => event.filter, expanded: null }) },
        'history.toggle': {
          guard: 'rowShown',
          actions: assign({ expanded: ({ context, event }) => (context.expanded === event.id ? null : event.id) }) },
        'history.export': {
          guard: 'hasRows',
          actions: {
            type: 'download',
            params: ({ context }) => ({ filename: LOGIN_HISTORY_CSV, text: loginHistoryCsv(filterHistory(context.history, context.filter)) }),
          },
        },
        'history.revoke': { guard: 'canRevoke', target: 'revoking' },
        'history.report': { guard: 'canReport', target: 'reporting' },
      },
    },
    revoking: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => expandedRow(context)!.sessionId!,
        onDone: 'loading',
        onError: { target: 'list', actions: assign({ error: 'revoke', errorCause: ({ event }) => event.error }) },
      },
    },
    reporting: {
      invoke: {
        id: 'reportSuspicious',
        src: 'reportSuspicious',
        input: ({ context }) => context.expanded!,
        onDone: 'loading',
        onError: { target: 'list', actions: assign({ error: 'report', errorCause: ({ event }) => event.error }) },
      },
    },
  },
});
