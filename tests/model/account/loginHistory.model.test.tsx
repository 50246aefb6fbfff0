import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { filterHistory, loginHistoryMachine } from '../../../src/machines/loginHistory.machine';
import type { LoginHistoryEntry } from '../../../src/services/account';
import { LoginHistoryDialog } from '../../../src/views/account/LoginHistoryDialog';
import { startApiServer } from '../../support/apiServer';
import { get, getLabelled, query } from '../../support/dom';
import { deferred, describeModel, httpError, leafPaths, renderView, replay, SIGNED_IN_FARMER, stateKey, transitionPaths, typeNames } from '../../support/modelHarness';

const now = Date.now();
const entry = (id: string, daysAgo: number, over: Partial<LoginHistoryEntry>): LoginHistoryEntry => ({
  _id: id,
  timestamp: new Date(now - daysAgo * 86_400_000).toISOString(),
  status: 'success',
  reason: null,
  ipAddress: '10.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  deviceType: 'desktop',
  location: 'Pune, MH',
  sessionId: null,
  sessionActive: false,
  current: false,
  reported: false,
  ...over,
});
const HISTORY = [
  entry('11111111-1111-4111-8111-111111111111', 0, { sessionId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', sessionActive: true, current: true }),
  entry('22222222-2222-4222-8222-222222222222', 2, {
    status: 'suspicious',
    ipAddress: '203.0.113.9',
    deviceType: 'mobile',
    location: '=HYPERLINK("x")',
    sessionId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    sessionActive: true,
  }),
  entry('33333333-3333-4333-8333-333333333333', 10, { status: 'failed', reason: 'wrong-password' }),
];
const EVENTS = [
  { type: 'history.retry' },
  { type: 'history.filter', filter: 'all' },
  { type: 'history.filter', filter: 'lastWeek' },
  { type: 'history.filter', filter: 'suspicious' },
  ...HISTORY.map((h) => ({ type: 'history.toggle', id: h._id })),
  { type: 'history.export' },
  { type: 'history.revoke' },
  { type: 'history.report' },
  { type: 'xstate.done.actor.loadHistory', output: { history: HISTORY } },
  { type: 'xstate.done.actor.loadHistory', output: { history: [] } },
  { type: 'xstate.error.actor.loadHistory', error: httpError(500, 'Server error. Please try again later.') },
  { type: 'xstate.done.actor.revokeSession', output: { success: true } },
  { type: 'xstate.error.actor.revokeSession', error: httpError(404, 'The requested resource was not found.') },
  { type: 'xstate.done.actor.reportSuspicious', output: { success: true } },
  { type: 'xstate.error.actor.reportSuspicious', error: httpError(429) },
];
const FILTER_LABEL = { all: 'All', lastWeek: 'Last week', suspicious: 'Suspicious / failed' } as const;
const [TODAY, TWO_DAYS, TEN_DAYS] = HISTORY.map((h) => h._id);
/** The rows each filter shows of HISTORY, written out (not worked out by filterHistory, which the mutants change). */
const SHOWN = { all: [TODAY, TWO_DAYS, TEN_DAYS], lastWeek: [TODAY, TWO_DAYS], suspicious: [TWO_DAYS, TEN_DAYS] } as const;

const all = transitionPaths(
  loginHistoryMachine,
  EVENTS,
  (c) => ({ n: c.history.length, f: c.filter, x: c.expanded, e: c.error }),
  { unchanged: (c, e) => e.type === 'history.filter' && c.filter === e.filter },
);
// Each path is checked at every step, so a path that another one extends adds nothing, unless it ends in an
// export (the file is checked at the end of the path): run the leaves and those (every step of every
// generated path is still replayed and checked; the guard test holds them to every state of the walk).
const leaves = new Set(leafPaths(all));
const paths = all.filter((p) => leaves.has(p) || p.steps.at(-1)!.event.type === 'history.export');

describeModel('login-history dialog, generated paths', {
  paths: paths,
  events: EVENTS,
  states: ['loading', 'failed', 'list', 'revoking', 'reporting'],
  name: typeNames,
  all,
  machine: loginHistoryMachine,
  render: (path) => {
    let load = deferred<unknown>();
    let revoke = deferred<unknown>();
    let report = deferred<unknown>();
    const revoked: string[] = [];
    const reported: string[] = [];
    const downloads: { filename: string; text: string }[] = [];
    const logic = loginHistoryMachine.provide({
      actors: {
        loadHistory: fromPromise(() => (load = deferred()).promise) as never,
        revokeSession: fromPromise(({ input }: { input: string }) => {
          revoked.push(input);
          return (revoke = deferred()).promise;
        }),
        reportSuspicious: fromPromise(({ input }: { input: string }) => {
          reported.push(input);
          return (report = deferred()).promise;
        }),
      },
    });
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob.text().then((text) => downloads.push({ filename: 'login-history.csv', text }));
      return 'blob:x';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    renderView(<LoginHistoryDialog logic={logic} onClose={() => {}} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    const dialog = () => {
      const open = document.querySelectorAll<HTMLElement>('dialog, [role="dialog"]');
      if (open.length !== 1) throw new Error(`${open.length} dialogs`);
      return open[0];
    };
    const rowButton = (id: string) => dialog().querySelector(`li[data-id="${id}"] > button`) as HTMLElement;

    const exec: Record<string, (e: any) => unknown> = {
      'xstate.init': () => {},
      'history.retry': () => fireEvent.click(get('button', 'Retry', dialog())),
      'history.filter': (e) =>
        fireEvent.change(getLabelled('Show', dialog()), { target: { value: e.filter } }),
      'history.toggle': (e) => fireEvent.click(rowButton(e.id)),
      'history.export': () => fireEvent.click(get('button', 'Export CSV', dialog())),
      'history.revoke': () => fireEvent.click(get('button', 'Revoke session', dialog())),
      'history.report': () => fireEvent.click(get('button', 'Report', dialog())),
      'xstate.done.actor.loadHistory': (e) => act(async () => load.resolve(e.output)),
      'xstate.error.actor.loadHistory': (e) => act(async () => load.reject(e.error)),
      'xstate.done.actor.revokeSession': (e) => act(async () => revoke.resolve(e.output)),
      'xstate.error.actor.revokeSession': (e) => act(async () => revoke.reject(e.error)),
      'xstate.done.actor.reportSuspicious': (e) => act(async () => report.resolve(e.output)),
      'xstate.error.actor.reportSuspicious': (e) => act(async () => report.reject(e.error)),
    };
    const banner = (s: any) => {
      const text = { load: 'Failed to load login history', revoke: 'Failed to revoke the session', report: 'Too many requests' }[
        s.context.error as string
      ];
      if (text) expect(get('alert', undefined, dialog())).toHaveTextContent(text);
      else expect(query('alert', undefined, dialog())).toBeNull();
    };
    const assertState: Record<string, (s: any) => void> = {
      loading: (s) => {
        expect(get('status', undefined, dialog())).toHaveTextContent('Loading');
        banner(s);
      },
      failed: (s) => {
        banner(s);
        expect(get('button', 'Retry', dialog())).toBeEnabled();
      },
      list: (s) => {
        banner(s);
        const shown = filterHistory(s.context.history, s.context.filter);
        expect(getLabelled('Show', dialog())).toHaveDisplayValue(FILTER_LABEL[s.context.filter as keyof typeof FILTER_LABEL]);
        const items = dialog().querySelectorAll('li[data-id]');
        expect([...items].map((li) => li.getAttribute('data-id'))).toEqual(shown.map((h) => h._id));
        if (shown.length === 0) expect(within(dialog()).getByText('no login history found')).toBeInTheDocument();
        for (const h of shown) {
          const open = s.context.expanded === h._id;
          expect(rowButton(h._id)).toHaveAttribute('aria-expanded', String(open));
          if (open) {
            expect(within(dialog()).getByText(h.ipAddress!)).toBeInTheDocument();
            expect(within(dialog()).getByText(h.sessionId ?? '—')).toBeInTheDocument();
            expect(!!query('button', 'Revoke session', dialog())).toBe(h.sessionActive);
            expect(!!query('button', 'Report', dialog())).toBe(h.status === 'suspicious');
          }
        }
      },
      revoking: (s) => {
        expect(get('status', undefined, dialog())).toHaveTextContent('Please wait');
        expect(revoked.at(-1)).toBe(s.context.history.find((h: LoginHistoryEntry) => h._id === s.context.expanded).sessionId);
      },
      reporting: (s) => {
        expect(get('status', undefined, dialog())).toHaveTextContent('Please wait');
        expect(reported.at(-1)).toBe(s.context.expanded);
      },
    };

    // What the dialog should show, worked out from what the user did and the server answered along the path (not
    // read from the snapshot): so a machine that took a wrong step is caught where its snapshot and the view agree.
    const want = { state: 'loading', loaded: [] as LoginHistoryEntry[], filter: 'all' as keyof typeof SHOWN, expanded: null as string | null, error: '', words: '' };
    const shownIds = () => (want.loaded.length ? [...SHOWN[want.filter]] : []) as string[];
    const open = () => HISTORY.find((h) => h._id === want.expanded && shownIds().includes(h._id));
    // A 404 brings the server's words after the banner; a 500 and a 429 do not (src/i18n/httpErrors.ts).
    const failed = (kind: string, e: any) => ({ error: kind, words: e.error.status === 404 ? e.error.serverMessage('english') : '' });
    const follow = (e: any) => {
      const t = e.type as string;
      if (t === 'xstate.done.actor.loadHistory') Object.assign(want, { state: 'list', loaded: e.output.history, error: '', words: '' });
      else if (t === 'xstate.error.actor.loadHistory') Object.assign(want, { state: 'failed' }, failed('load', e));
      else if (t === 'history.retry' || t === 'xstate.done.actor.revokeSession' || t === 'xstate.done.actor.reportSuspicious') want.state = 'loading';
      else if (t === 'history.filter') Object.assign(want, { filter: e.filter, expanded: null });
      else if (t === 'history.toggle' && shownIds().includes(e.id)) want.expanded = want.expanded === e.id ? null : e.id;
      else if (t === 'history.revoke' && open()?.sessionActive) want.state = 'revoking';
      else if (t === 'history.report' && open()?.status === 'suspicious' && !open()?.reported) want.state = 'reporting';
      else if (t === 'xstate.error.actor.revokeSession') Object.assign(want, { state: 'list' }, failed('revoke', e));
      else if (t === 'xstate.error.actor.reportSuspicious') Object.assign(want, { state: 'list' }, failed('report', e));
    };
    const snaps = replay(loginHistoryMachine, path.steps.map((st: any) => st.event));
    return {
      exec,
      check: (step, i) => {
        follow(step.event);
        expect(stateKey(step.state.value)).toBe(want.state);
        const alert = query('alert', undefined, dialog());
        if (want.error) {
          const text = { load: 'Failed to load login history', revoke: 'Failed to revoke the session', report: 'Too many requests' }[want.error];
          expect(alert).toHaveTextContent(text!);
          // The server's own words follow the banner (the error the call failed with, kept in the context).
          if (want.words) expect(alert).toHaveTextContent(`(${want.words})`);
        } else expect(alert).toBeNull();
        if (want.state === 'list') {
          const ids = shownIds();
          expect(getLabelled('Show', dialog())).toHaveDisplayValue(FILTER_LABEL[want.filter]);
          expect([...dialog().querySelectorAll('li[data-id]')].map((li) => li.getAttribute('data-id'))).toEqual(ids);
          for (const id of ids) expect(rowButton(id)).toHaveAttribute('aria-expanded', String(want.expanded === id));
          // Export CSV is offered only when the filter shows rows.
          expect(get('button', 'Export CSV', dialog()))[ids.length ? 'toBeEnabled' : 'toBeDisabled']();
        }
        assertState[stateKey(snaps[i].value)](snaps[i]);
      },
      done: async () => {
        if (path.steps.at(-1)!.event.type === 'history.export') {
          expect(createObjectURL).toHaveBeenCalledOnce();
          await vi.waitFor(() => expect(downloads).toHaveLength(1));
          const lines = downloads[0].text.replace('\uFEFF', '').trim().split('\r\n');
          expect(lines[0]).toBe('date,time,device,location,IP address,status');
          const shown = filterHistory(snaps.at(-1)!.context.history, snaps.at(-1)!.context.filter);
          expect(lines).toHaveLength(shown.length + 1);
          expect(lines).toHaveLength(shownIds().length + 1);
          if (shown.some((h) => h.status === 'suspicious')) expect(downloads[0].text).toContain(`"'=HYPERLINK(""x"")"`);
        }
      },
    };
  },
});

describe('login-history dialog, fixed scenarios', () => {
  it('last week keeps a sign-in exactly seven days old and drops one a millisecond older', () => {
    const at = Date.parse('2026-11-20T10:00:00.000Z');
    const aged = (id: string, ms: number) => ({ ...HISTORY[0], _id: id, timestamp: new Date(at - ms).toISOString() });
    const rows = [aged('now', 0), aged('seven days', 7 * 86_400_000), aged('older', 7 * 86_400_000 + 1)];
    expect(filterHistory(rows, 'lastWeek', at).map((h) => h._id)).toEqual(['now', 'seven days']);
  });

  it('a failed load shows the server’s words after the banner', async () => {
    const logic = loginHistoryMachine.provide({
      actors: { loadHistory: fromPromise(() => Promise.reject(httpError(404, 'The requested resource was not found.'))) as never },
    });
    renderView(<LoginHistoryDialog logic={logic} onClose={() => {}} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load login history (The requested resource was not found.)');
    expect(get('button', 'Retry')).toBeEnabled();
  });

  it('reads the history, revokes a session and reports a sign-in through its own calls', async () => {
    const [today, suspicious] = HISTORY;
    const api = await startApiServer(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/auth/login-history') return { status: 200, body: { history: HISTORY } };
      if (method === 'DELETE' && path === `/api/v1/auth/sessions/${suspicious.sessionId}`) return { status: 200, body: { success: true } };
      if (method === 'POST' && path === `/api/v1/auth/suspicious/${suspicious._id}`) return { status: 200, body: { success: true } };
      return { status: 404 };
    });
    try {
      renderView(<LoginHistoryDialog onClose={() => {}} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
      await waitFor(() => expect(document.querySelectorAll('li[data-id]')).toHaveLength(3));
      expect(document.querySelector(`li[data-id="${today._id}"]`)).not.toBeNull();
      // The suspicious sign-in opened: its session revoked, then (the history read again, the row still open) reported.
      fireEvent.click(document.querySelector(`li[data-id="${suspicious._id}"] > button`)!);
      fireEvent.click(get('button', 'Revoke session'));
      await waitFor(() => expect(api.calls('/auth/login-history')).toHaveLength(2));
      await waitFor(() => expect(get('button', 'Report')).toBeEnabled());
      fireEvent.click(get('button', 'Report'));
      await waitFor(() => expect(api.calls('/auth/login-history')).toHaveLength(3));
      await waitFor(() => expect(query('status')).toBeNull());
      expect(api.calls(`/auth/sessions/${suspicious.sessionId}`).map((r) => r.method)).toEqual(['DELETE']);
      expect(api.calls(`/auth/suspicious/${suspicious._id}`).map((r) => r.method)).toEqual(['POST']);
      expect(query('alert')).toBeNull();
    } finally {
      await api.close();
    }
  });
});
