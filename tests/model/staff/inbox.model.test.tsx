/**
 * Generated paths over inboxMachine, each driving the real Inbox (/messages). The list load and mark-as-read are
 * faked at their actors (the recipe); a message pushed while the inbox is shown comes through the machine's own
 * socket feed from a socket.io server on 127.0.0.1, the way the API pushes `message:new`; that server also drops the
 * socket as a restart does (`feed.stale`: the feed's catch-up after a reconnect it could not recover reads the page
 * again, once a mark-as-read under way is done). Offline: a load lost to the network shows the kept first page with
 * its banner (messages open to read, nothing marked), and the browser's 'online' event loads again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { inboxMachine } from '@/machines/inbox.machine';
import { InboxContext } from '@/machines/inbox.context';
import { Inbox } from '@/views/farmer/InboxView';
import type { InboxMessage, MessageNew } from '@/services/messages';
import { HttpError } from '@/services/http';
import { startApiServer } from '../../support/apiServer';
import { describeModel, leafPaths, modelPaths, pendingActors, renderView } from '../../support/modelHarness';
import { socketServer } from '../../support/socketServer';

const UNREAD: InboxMessage = { _id: 'm-1', subject: 'Spray today', message: 'Spray neem oil\nbefore 10 am.', senderName: 'Sunil Pawar', createdAt: '2026-03-02T04:30:00.000Z', readAt: null };
const READ: InboxMessage = { _id: 'm-2', subject: 'Soil test', message: 'Your soil card is ready.', senderName: null, createdAt: '2026-03-01T04:30:00.000Z', readAt: '2026-03-01T05:00:00.000Z' };
// What the load answers: the list kit's page of the server's answer (14 messages, 3 of them unread).
const PAGE = { items: [UNREAD, READ], totalPages: 2, unread: 3 };
const PUSHED: MessageNew = { _id: 'm-3', subject: 'Rain tomorrow', message: 'Cover the harvest.', senderName: 'Sunil Pawar', createdAt: '2026-03-03T04:30:00.000Z' };
const FAIL = new HttpError(500, 'server');
const NETWORK = new HttpError(0, 'network');
/** The first page as the phone kept it. */
const KEPT = { value: { messages: [UNREAD, READ], unread: 3 }, savedAt: '2026-03-03T05:00:00.000Z' };

const EVENTS = [
  { type: 'xstate.done.actor.load', output: PAGE },
  { type: 'xstate.error.actor.load', error: FAIL },
  { type: 'xstate.error.actor.load', error: NETWORK },
  { type: 'xstate.done.actor.recallInbox', output: KEPT },
  { type: 'xstate.done.actor.recallInbox', output: null },
  { type: 'xstate.error.actor.recallInbox', error: new Error('no IndexedDB') },
  { type: 'network.online' },
  { type: 'inbox.retry' },
  { type: 'page.go', page: 2 },
  { type: 'page.go', page: 1 },
  { type: 'message.open', id: UNREAD._id },
  { type: 'message.open', id: READ._id },
  { type: 'message.close' },
  { type: 'xstate.done.actor.markRead', output: {} },
  { type: 'xstate.error.actor.markRead', error: FAIL },
  { type: 'message.new', message: PUSHED },
  { type: 'feed.stale' },
];
type Ev = { type: string; page?: number; id?: string; message?: MessageNew; error?: unknown; output?: unknown };
type Snap = SnapshotFrom<typeof inboxMachine>;
const label = (e: Ev) =>
  `${e.type}${e.page ? `(${e.page})` : ''}${e.id ? `(${e.id})` : ''}${e.error === NETWORK ? '(network)' : ''}${
    e.type === 'xstate.done.actor.recallInbox' ? (e.output ? '(kept)' : '(none)') : ''
  }`;

const all = modelPaths(inboxMachine, {
  events: EVENTS,
  filterEvents: (s: Snap, e) => {
    const c = s.context;
    if (!s.can(e)) return false;
    // The pager is behind the open message; a message's button needs its row.
    if (e.type === 'page.go') return c.openId === null && c.totalPages >= 2 && c.page !== e.page;
    // Page 2 shows the same rows (one fake answer): its messages are opened on page 1 only.
    if (e.type === 'message.open') return c.openId === null && c.page === 1 && c.messages.some((m) => m._id === e.id);
    if (e.type === 'message.close') return c.openId !== null;
    // One push, onto a shown list (while the list loads, the load's answer replaces it).
    if (e.type === 'message.new') return s.matches('ready') && c.page === 1 && c.openId === null && !c.messages.some((m) => m._id === PUSHED._id);
    // One lost connection a walk, on a shown page or while a message is marked read.
    if (e.type === 'feed.stale') return !c.stale && (s.matches('ready') || s.matches('marking'));
    return true;
  },
  serializeEvent: (e) => label(e as Ev),
  serializeState: (s: Snap, e) => {
    const c = s.context;
    // The count is the last load's plus what was pushed since: never more (it once grew with every failed reload).
    if (c.unread > PAGE.unread + 1) throw new Error(`unread count ran away: ${c.unread}`);
    // Ways back to a list already seen (closing, either answer to mark-as-read) are kept apart by their event.
    const keyed = s.matches('loading') || e?.type === 'message.close' || e?.type.endsWith('.markRead') || e?.type.endsWith('.recallInbox');
    const via = keyed ? label((e ?? { type: '' }) as Ev) : '';
    const list = c.messages.map((m) => `${m._id}${m.readAt ? '' : '*'}`).join();
    return [JSON.stringify(s.value), c.page, list, c.unread, c.openId, c.loadFailed, c.stale, via].join('|');
  },
});

const server = socketServer();
const io = server.io;
beforeAll(() => server.start());
afterAll(() => server.stop());

describeModel('inbox model', {
  // Every step of every path is walked by a leaf path (each path's prefixes are paths too; see leafPaths).
  paths: leafPaths(all),
  all,
  events: EVENTS,
  eventKey: (e) => label(e as Ev),
  machine: inboxMachine,
  states: ['loading', 'ready', 'marking', 'offline.reading', 'offline.shown', 'offline.nothingSaved'],
  name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
  render: () => {
    const { actor, settle, inputs } = pendingActors();
      const logic = inboxMachine.provide({
        actors: { load: actor('load'), markRead: actor('markRead'), recallInbox: actor('recallInbox') },
        actions: { rememberPage: () => {} },
      });
      renderView(
        <InboxContext.Provider logic={logic}>
          <Inbox />
        </InboxContext.Provider>,
        { catalog: false },
      );
      /** The state the last step left (a catch-up while marking waits for the mark). */
      let last: Snap | null = null;
      const exec = async (e: Ev) => {
        if (await settle(e)) return;
        switch (e.type) {
          case 'xstate.init':
            return;
          case 'network.online':
            return act(() => void window.dispatchEvent(new Event('online')));
          // The banner's Retry (a timed-out slow network never fires 'online'): page 1 is read again.
          case 'inbox.retry':
            return fireEvent.click(within(screen.getByTestId('offline-banner')).getByRole('button', { name: 'Retry' }));
          case 'page.go':
            return fireEvent.click(screen.getByRole('button', { name: `Page ${e.page}` }));
          case 'message.open':
            return fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${[UNREAD, READ].find((m) => m._id === e.id)!.subject}`) }));
          case 'message.close':
            return fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
          case 'message.new':
            io.emit('message:new', e.message!);
            return void (await screen.findByRole('button', { name: /^Rain tomorrow/ }, { timeout: 5000 }));
          case 'feed.stale': {
            // The server drops the socket; back on a new session, the page is read again, after a mark under way.
            const before = inputs.load.length;
            await server.dropAll();
            if (!last?.matches('marking')) return vi.waitFor(() => expect(inputs.load).toHaveLength(before + 1));
            await act(async () => {});
            return expect(inputs.load).toHaveLength(before);
          }
        }
        throw new Error(`no executor for ${e.type}`);
      };
      const check = (s: Snap) => {
        last = s;
        const c = s.context;
        const status = screen.getByRole('status');
        if (s.hasTag('loading')) {
          expect(status).toHaveTextContent('Loading messages...');
          expect(inputs.load.at(-1)).toEqual({ page: c.page });
        } else if (c.loadFailed) {
          // A failed load claims no count at all, and offers no pages of a list that is not there.
          expect(status).toBeEmptyDOMElement();
          expect(c.totalPages).toBe(1);
        } else expect(status).toHaveTextContent(c.unread === 0 ? 'No unread messages' : c.unread === 1 ? '1 unread message' : `${c.unread} unread messages`);
        if (c.loadFailed) expect(screen.getByRole('alert')).toHaveTextContent('Failed to load messages.');
        else expect(screen.queryByRole('alert')).toBeNull();
        const offline = s.matches({ offline: 'shown' }) || s.matches({ offline: 'nothingSaved' });
        expect(screen.queryByText('No messages yet.') !== null).toBe(!s.hasTag('loading') && !c.loadFailed && !offline && c.messages.length === 0);
        const banner = screen.queryByTestId('offline-banner');
        const bannerText = banner?.querySelector('span')?.textContent;
        if (s.matches({ offline: 'shown' })) expect(bannerText).toMatch(/^Offline — last updated \S.*\d\d:\d\d$/);
        else if (s.matches({ offline: 'nothingSaved' })) expect(bannerText).toBe('Offline — nothing saved on this phone yet.');
        else expect(banner).toBeNull();
        // Offline with the banner, its Retry is there (the 'online' event may never come on a slow network).
        if (banner) expect(within(banner).getByRole('button', { name: 'Retry' })).toBeEnabled();
        // Offline, nothing is marked read (the server is out of reach).
        if (s.hasTag('offline')) expect(s.matches('marking')).toBe(false);
        // Newest first, unread ones marked; each says who sent it and when.
        const items = document.querySelectorAll('.inbox-list li');
        expect([...items].map((li) => li.querySelector('span')!.textContent)).toEqual(c.messages.map((m) => m.subject));
        expect([...items].map((li) => li.classList.contains('unread'))).toEqual(c.messages.map((m) => m.readAt === null));
        c.messages.forEach((m, i) => expect(items[i]).toHaveTextContent(`From ${m.senderName ?? '--'} · `));
        const pager = screen.queryByRole('navigation');
        if (c.totalPages > 1) expect(within(pager!).getByRole('button', { name: `Page ${c.page}` })).toHaveAttribute('aria-current', 'page');
        else expect(pager).toBeNull();
        const open = c.messages.find((m) => m._id === c.openId);
        const dialog = screen.queryByRole('dialog');
        if (!open) expect(dialog).toBeNull();
        else {
          expect(dialog).toHaveAccessibleName(open.subject);
          expect(within(dialog!).getByRole('heading')).toHaveTextContent(open.subject);
          expect(dialog).toHaveTextContent(`From ${open.senderName ?? '--'} · `);
          expect(dialog!.querySelector('p[style]')!.textContent).toBe(open.message);
        }
        // Opening an unread message records it as read for that message.
        if (s.matches('marking')) expect(inputs.markRead.at(-1)).toEqual({ id: UNREAD._id });
      };
    return { exec, check: (step) => check(step.state as Snap) };
  },
});

describe('inbox sent for real', () => {
  it('reads GET /messages page by page, and opening an unread message POSTs it read (the machine’s own calls)', async () => {
    const api = await startApiServer(({ method, path, query: q }) => {
      if (method === 'GET' && path === '/api/v1/messages') {
        const page = Number(q.page);
        return { status: 200, body: { messages: page === 1 ? [UNREAD, READ] : [PUSHED], unread: 3, pagination: { page, limit: 10, total: 14, totalPages: 2 } } };
      }
      if (method === 'POST' && path === `/api/v1/messages/${UNREAD._id}/read`) return { status: 200, body: { success: true } };
      return { status: 404 };
    });
    try {
      renderView(
        <InboxContext.Provider>
          <Inbox />
        </InboxContext.Provider>,
        { catalog: false, session: 'farmer' },
      );
      expect(await screen.findByRole('button', { name: /^Spray today/ })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('3 unread messages');
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      expect(await screen.findByRole('button', { name: /^Rain tomorrow/ })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
      fireEvent.click(await screen.findByRole('button', { name: /^Spray today/ }));
      expect(screen.getByRole('dialog')).toHaveAccessibleName('Spray today');
      await waitFor(() => expect(api.calls(`/messages/${UNREAD._id}/read`)).toMatchObject([{ method: 'POST' }]));
      expect(screen.getByRole('status')).toHaveTextContent('2 unread messages');
      expect(api.calls('/messages').map((r) => r.query)).toEqual([
        { page: '1', limit: '10' },
        { page: '2', limit: '10' },
        { page: '1', limit: '10' },
      ]);
    } finally {
      await api.close();
    }
  }, 20_000);
});
