/**
 * The alerts list (the machine behind the admin's table, the coordinator's screen and the farmer's alerts) in fixed
 * scenarios whose expectations are written out here, not read from the machine (the generated paths of
 * tests/model/alertsList.model.test.tsx check the views against the machine's own snapshots): its real loaders, links,
 * marks and lifecycle against a real HTTP server; what each viewer's page asks for; pushes from a stand-in feed and
 * from the real socket feed over a real socket.io server; the details it opens and closes; a link to an alert on or
 * off the page; marking read, one and all, and what a refused mark undoes; and the farmer's first page kept on the
 * phone and shown offline. The phone's store is the shared stand-in (tests/support/phoneStore.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { ADMIN_PAGE_SIZE, alertsListMachine, FARMER_ALERTS_KEY, matchesView, PAGE_SIZE, urgentFirst, type AlertItem, type Viewer } from '@/machines/alertsList.machine';
import { setAuthBridge } from '@/services/http';
import { startApiServer, type ApiAnswer, type ApiRequest } from '../support/apiServer';
import { deferred, type Deferred } from '../support/deferred';
import { phone, resetPhone } from '../support/phoneStore';
import { socketServer } from '../support/socketServer';
import { COORDINATORS, makeAlert } from '../model/alertFixtures';

vi.mock('@/machines/offline', async (actual) => (await import('../support/phoneStore')).offlineOnPhone(await actual()));

/** Times before the file's start (fixed: two alerts made alike are equal). */
const NOW = Date.now();
const iso = (minAgo: number) => new Date(NOW - minAgo * 60_000).toISOString();
const alert = (id: string, over: Partial<AlertItem> = {}): AlertItem => makeAlert({ ...over, id });
const tick = () => new Promise((r) => setTimeout(r, 0));

/** No answer at all: the connection cut (the client's status 0, a network lost mid-request). */
const LOST: ApiAnswer = { status: 0, drop: true };
/** One page of `rows` as the API answers it (the coordinator's with its unread count). */
const pageAnswer = (rows: AlertItem[], { totalPages = 1, unread = 0 } = {}): ApiAnswer => ({ status: 200, body: { alerts: rows, pagination: { totalPages }, unread } });

/** A list answer each request of which waits until the test lets it go (`release`); `waiting()` says one waits. */
function heldAnswer(answer: ApiAnswer) {
  let gate: Deferred<void> | null = null;
  return {
    answer: async () => {
      gate = deferred<void>();
      await gate.promise;
      return answer;
    },
    waiting: () => gate !== null,
    release: () => {
      const g = gate!;
      gate = null;
      g.resolve();
    },
  };
}

beforeEach(() => {
  resetPhone();
  setAuthBridge({ getAccessToken: () => 'h.e30.s', refresh: async () => null });
});
const started: { stop(): void }[] = [];
afterEach(() => {
  started.splice(0).forEach((a) => a.stop());
});

type Answer = ApiAnswer | ((r: ApiRequest) => ApiAnswer | Promise<ApiAnswer>);
/**
 * The API: each viewer's list (one page of `rows`), the coordinators, one alert's details, the marks. `over` replaces
 * an answer by 'METHOD /path' (the path under /api/v1; an alert's own path as 'GET /alerts/:id').
 */
async function api(rows: AlertItem[] = [alert('a1')], over: Record<string, Answer> = {}) {
  const page = { alerts: rows, pagination: { page: 1, limit: 10, total: rows.length, totalPages: 3 } };
  const answer = (key: string, r: ApiRequest, fallback: ApiAnswer) => {
    const a = over[key];
    return typeof a === 'function' ? a(r) : (a ?? fallback);
  };
  return startApiServer((r) => {
    const path = r.path.replace('/api/v1', '');
    const one = /^\/alerts\/([^/]+)$/.exec(path);
    if (r.method === 'GET' && path === '/alerts') return answer('GET /alerts', r, { status: 200, body: page });
    if (r.method === 'GET' && path === '/admin/alerts') return answer('GET /admin/alerts', r, { status: 200, body: page });
    if (r.method === 'GET' && path === '/coordinator/alerts') return answer('GET /coordinator/alerts', r, { status: 200, body: { ...page, unread: 4 } });
    if (r.method === 'GET' && path === '/coordinators') return answer('GET /coordinators', r, { status: 200, body: { users: COORDINATORS } });
    if (r.method === 'GET' && one) {
      const id = decodeURIComponent(one[1]);
      return answer('GET /alerts/:id', r, { status: 200, body: { alert: rows.find((a) => a.id === id) ?? alert(id), timeline: [] } });
    }
    if (r.method === 'POST' && path === '/coordinator/alerts/read-all') return answer('POST read-all', r, { status: 200, body: { marked: 2, unread: 0 } });
    if (r.method === 'POST' && /^\/coordinator\/alerts\/[^/]+\/read$/.test(path)) return answer('POST read', r, { status: 200, body: { ok: true } });
    return { status: 404, body: {} };
  });
}

/** The list for `viewer` with its real loaders and calls; the feed stood in for (or the real one), the log recorded. */
function start(viewer: Viewer, { realSocket = false } = {}) {
  const feeds: ((e: AnyEventObject) => void)[] = [];
  const logged: { what: string; error: unknown }[] = [];
  const machine = alertsListMachine.provide({
    ...(realSocket ? {} : { actors: { alertSocket: fromCallback(({ sendBack }) => void feeds.push(sendBack)) as never } }),
    actions: { logError: (_, p: { what: string; error: unknown }) => void logged.push(p) },
  });
  const actor = createActor(machine, { input: { viewer } }).start();
  started.push(actor);
  const snap = () => actor.getSnapshot();
  return {
    actor,
    logged,
    send: actor.send.bind(actor),
    value: () => snap().value,
    ctx: () => snap().context,
    ids: () => snap().context.alerts.map((a) => a.id),
    until: (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000 }),
    ready: () => vi.waitFor(() => expect(snap().value).toBe('ready'), { timeout: 10_000 }),
    /** What the socket feed tells the list. */
    push: (e: AnyEventObject) => feeds.at(-1)!(e),
    details: () => snap().context.details,
  };
}

describe('alerts list: what each viewer asks for', () => {
  it("the farmer's own alerts: 10 a page, only the filters set; no unread count, no coordinators", async () => {
    const server = await api();
    const t = start('farmer');
    await t.ready();
    expect(t.ctx()).toMatchObject({ alerts: [alert('a1')], totalPages: 3, unread: 0, coordinators: [], offlineAt: null });
    t.send({ type: 'alerts.filterStatus', status: 'cleared_unack' });
    await t.ready();
    t.send({ type: 'alerts.filterType', alertType: 'offline' });
    await t.ready();
    // The farmer's screen does not search.
    t.send({ type: 'alerts.search', search: 'north' });
    expect(t.value()).toBe('ready');
    expect(t.ctx().search).toBe('');
    expect(server.calls('/alerts').map((r) => r.query)).toEqual([
      { page: '1', limit: String(PAGE_SIZE) },
      { page: '1', limit: '10', status: 'cleared_unack' },
      { page: '1', limit: '10', status: 'cleared_unack', type: 'offline' },
    ]);
    expect(server.calls('/coordinators')).toEqual([]);
  });

  it("the admin's table: 20 a page with the coordinators to assign to; no search", async () => {
    const server = await api();
    const t = start('admin');
    // Until the page has come, there is nobody to assign to (a linked alert may open before it).
    expect(t.ctx().coordinators).toEqual([]);
    await t.ready();
    expect(t.ctx()).toMatchObject({ coordinators: COORDINATORS, unread: 0, totalPages: 3 });
    t.send({ type: 'alerts.filterSeverity', severity: 'critical' });
    await t.ready();
    t.send({ type: 'alerts.search', search: 'north' });
    expect(t.value()).toBe('ready');
    t.send({ type: 'alerts.page', page: 2 });
    await t.until(() => t.value() === 'ready' && t.ctx().page === 2);
    expect(server.calls('/admin/alerts').map((r) => r.query)).toEqual([
      { page: '1', limit: String(ADMIN_PAGE_SIZE) },
      { page: '1', limit: '20', severity: 'critical' },
      { page: '2', limit: '20', severity: 'critical' },
    ]);
    expect(server.calls('/coordinators')).toHaveLength(3);
  });

  it("the coordinator's screen: 10 a page, the search trimmed (a blank one not sent) and the server's unread count", async () => {
    const server = await api();
    const t = start('coordinator');
    await t.ready();
    expect(t.ctx()).toMatchObject({ unread: 4, coordinators: [] });
    t.send({ type: 'alerts.search', search: '  ramesh ' });
    expect(t.ctx()).toMatchObject({ search: '  ramesh ', page: 1 });
    await t.ready();
    t.send({ type: 'alerts.search', search: '   ' });
    await t.ready();
    expect(server.calls('/coordinator/alerts').map((r) => r.query)).toEqual([
      { page: '1', limit: '10' },
      { page: '1', limit: '10', search: 'ramesh' },
      { page: '1', limit: '10' },
    ]);
  });

  it('a list the server refuses is told and logged; Retry loads it again, and so does a filter chosen meanwhile', async () => {
    let answers = 0;
    const server = await api([alert('a1')], {
      'GET /coordinator/alerts': () => (answers++ % 2 === 0 ? { status: 500, body: { statusCode: 500, message: 'down' } } : pageAnswer([alert('a1')], { unread: 1 })),
    });
    const t = start('coordinator');
    await t.until(() => t.value() === 'failed');
    expect(t.logged).toEqual([{ what: 'alerts', error: expect.objectContaining({ status: 500 }) }]);
    t.send({ type: 'alerts.retry' });
    await t.ready();
    expect(t.ids()).toEqual(['a1']);

    t.send({ type: 'alerts.filterType', alertType: 'offline' });
    await t.until(() => t.value() === 'failed');
    t.send({ type: 'alerts.filterSeverity', severity: 'critical' });
    expect(t.value()).toBe('loading');
    await t.ready();
    expect(server.calls('/coordinator/alerts').at(-1)!.query).toEqual({ page: '1', limit: '10', type: 'offline', severity: 'critical' });
  });
});

describe('alerts list: the farmer’s page on the phone', () => {
  it('keeps the first page as shown (and as pushes change it); not a filtered page, another page, nor staff lists', async () => {
    await api([alert('a1')]);
    const t = start('farmer');
    await t.ready();
    expect(phone.writes).toEqual([[FARMER_ALERTS_KEY, { alerts: [alert('a1')], totalPages: 3 }]]);
    const changed = alert('a1', { status: 'active_ack' });
    t.send({ type: 'alert.changed', alert: changed });
    expect(phone.writes.at(-1)).toEqual([FARMER_ALERTS_KEY, { alerts: [changed], totalPages: 3 }]);
    t.push({ type: 'feed.alert', event: 'alert:new', alert: alert('a2', { severity: 'critical' }) });
    expect(phone.writes.at(-1)![1]).toMatchObject({ alerts: [{ id: 'a2' }, { id: 'a1' }] });
    const kept = phone.writes.length;

    for (const e of [{ type: 'alerts.filterStatus', status: 'active_unack' }, { type: 'alerts.filterSeverity', severity: 'major' }, { type: 'alerts.filterType', alertType: 'moisture' }] as const) {
      t.send(e);
      await t.ready();
      t.send({ type: 'alert.changed', alert: changed });
    }
    t.send({ type: 'alerts.filterStatus', status: null });
    t.send({ type: 'alerts.filterSeverity', severity: null });
    t.send({ type: 'alerts.filterType', alertType: null });
    await t.ready();
    expect(phone.writes.length).toBe(kept + 1);
    t.send({ type: 'alerts.page', page: 2 });
    await t.until(() => t.value() === 'ready' && t.ctx().page === 2);
    t.send({ type: 'alert.changed', alert: changed });
    expect(phone.writes.length).toBe(kept + 1);

    resetPhone();
    for (const viewer of ['admin', 'coordinator'] as const) {
      const s = start(viewer);
      await s.ready();
    }
    expect(phone.writes).toEqual([]);
  });

  it('a load lost to the network shows the kept page (one page, with when it was seen) until Retry loads afresh', async () => {
    const kept = { alerts: [alert('k1'), alert('k2')], totalPages: 4 };
    phone.kept.set(FARMER_ALERTS_KEY, { value: kept, savedAt: iso(90) });
    let lost = true;
    await api([alert('a1')], { 'GET /alerts': () => (lost ? LOST : pageAnswer([alert('a1')], { totalPages: 2 })) });
    const t = start('farmer');
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"shown"}');
    expect(t.ctx()).toMatchObject({ alerts: kept.alerts, page: 1, totalPages: 1, offlineAt: phone.kept.get(FARMER_ALERTS_KEY)!.savedAt });
    lost = false;
    t.send({ type: 'alerts.retry' });
    expect(t.value()).toBe('loading');
    expect(t.ctx()).toMatchObject({ alerts: [], offlineAt: null });
    await t.ready();
    expect(t.ctx()).toMatchObject({ alerts: [alert('a1')], totalPages: 2 });
  });

  it('a page shown, then a filter whose load is lost with nothing kept: the rows go, one empty page', async () => {
    let lost = false;
    await api([alert('a1')], { 'GET /alerts': () => (lost ? LOST : pageAnswer([alert('a1')], { totalPages: 3 })) });
    const t = start('farmer');
    await t.ready();
    t.send({ type: 'alerts.page', page: 2 });
    await t.until(() => t.value() === 'ready' && t.ctx().page === 2);
    lost = true;
    t.send({ type: 'alerts.filterStatus', status: 'active_unack' });
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"nothingSaved"}');
    expect(t.ctx()).toMatchObject({ alerts: [], page: 1, totalPages: 1, offlineAt: null });
  });

  it('a phone store that cannot be read is nothing kept', async () => {
    phone.broken = true;
    await api([alert('a1')], { 'GET /alerts': LOST });
    const t = start('farmer');
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"nothingSaved"}');
    expect(phone.reads).toEqual([FARMER_ALERTS_KEY]);
  });

  it('nothing kept: an empty offline page, and Retry loads afresh', async () => {
    let lost = true;
    await api([alert('a1')], { 'GET /alerts': () => (lost ? LOST : pageAnswer([alert('a1')])) });
    const t = start('farmer');
    await t.until(() => JSON.stringify(t.value()) === '{"offline":"nothingSaved"}');
    expect(t.ctx()).toMatchObject({ alerts: [], page: 1, totalPages: 1, offlineAt: null });
    lost = false;
    t.send({ type: 'alerts.retry' });
    expect(t.value()).toBe('loading');
    await t.ready();
    expect(t.ids()).toEqual(['a1']);
  });

  it('staff lists lost to the network fail with Retry: no kept copy is shown to them', async () => {
    await api([alert('a1')], { 'GET /coordinator/alerts': LOST });
    const t = start('coordinator');
    await t.until(() => t.value() === 'failed');
    expect(phone.reads).toEqual([]);
    expect(t.logged.map((l) => l.what)).toEqual(['alerts']);
  });
});

describe('alerts list: the details', () => {
  it("opens a row's lifecycle, another row's in its place, and closes it; a reload closes it too", async () => {
    await api([alert('a1'), alert('a2')]);
    const t = start('admin');
    await t.ready();
    t.send({ type: 'alert.view', id: 'zz' });
    expect(t.details()).toBeNull();
    t.send({ type: 'alert.view', id: 'a1' });
    const first = t.details()!;
    expect(first.id).toBe('details');
    expect(first.getSnapshot().context).toMatchObject({ alert: alert('a1'), viewer: 'admin' });
    expect(t.ctx().detailsId).toBe('a1');
    t.send({ type: 'alert.view', id: 'a2' });
    expect(first.getSnapshot().status).toBe('stopped');
    const second = t.details()!;
    expect(second.getSnapshot().context.alert.id).toBe('a2');
    t.send({ type: 'alert.closeDetails' });
    expect(second.getSnapshot().status).toBe('stopped');
    expect(t.ctx()).toMatchObject({ details: null, detailsId: null });

    t.send({ type: 'alert.view', id: 'a1' });
    const third = t.details()!;
    t.send({ type: 'alerts.filterSeverity', severity: 'critical' });
    expect(third.getSnapshot().status).toBe('stopped');
    expect(t.ctx()).toMatchObject({ details: null, detailsId: null });
  });

  it("a changed alert (the details' answer) changes its row, keeping the reader's read mark, wherever the list is", async () => {
    const page = heldAnswer(pageAnswer([alert('a1', { read: true })]));
    await api([], { 'GET /coordinator/alerts': page.answer });
    const t = start('coordinator');
    await t.until(page.waiting);
    page.release();
    await t.ready();
    t.send({ type: 'alert.changed', alert: alert('a1', { status: 'active_ack', read: false }) });
    expect(t.ctx().alerts).toEqual([alert('a1', { status: 'active_ack', read: true })]);
    t.send({ type: 'alerts.filterSeverity', severity: 'major' });
    await t.until(page.waiting);
    // While the page loads, its rows are still the old page's: the answer changes them there too.
    t.send({ type: 'alert.changed', alert: alert('a1', { status: 'cleared_ack', read: false }) });
    expect(t.value()).toBe('loading');
    expect(t.ctx().alerts).toEqual([alert('a1', { status: 'cleared_ack', read: true })]);
    page.release();
  });
});

describe('alerts list: a link to one alert', () => {
  it('an alert on the page opens at once, without reading it on its own', async () => {
    const server = await api([alert('a1'), alert('a2')]);
    const t = start('coordinator');
    await t.ready();
    t.send({ type: 'alert.openById', id: 'a2' });
    expect(t.ctx()).toMatchObject({ detailsId: 'a2', opening: null });
    expect(t.details()!.getSnapshot().context.alert).toEqual(alert('a2'));
    await tick();
    // Only the details' own read of its timeline.
    expect(server.calls('/alerts/a2')).toHaveLength(1);
  });

  it('one not on the page is read, then opens; a second link meanwhile wins', async () => {
    const server = await api([alert('a1')], {
      'GET /alerts/:id': (r) => ({ status: 200, body: { alert: alert(r.path.split('/').pop()!, { message: 'read on its own' }), timeline: [] }, delayMs: r.path.endsWith('x1') ? 150 : 0 }),
    });
    const t = start('coordinator');
    await t.ready();
    t.send({ type: 'alert.openById', id: 'x1' });
    expect(t.ctx()).toMatchObject({ opening: 'x1', detailsId: null });
    t.send({ type: 'alert.openById', id: 'x2' });
    expect(t.ctx().opening).toBe('x2');
    await t.until(() => t.ctx().detailsId === 'x2');
    expect(t.ctx().opening).toBeNull();
    expect(t.details()!.getSnapshot().context.alert).toMatchObject({ id: 'x2', message: 'read on its own' });
    await new Promise((r) => setTimeout(r, 250));
    expect(t.ctx().detailsId).toBe('x2');
    expect(server.calls('/alerts/x1')).toHaveLength(1);
  });

  it('a row opened by hand while a link is being read stays open when the link’s answer comes', async () => {
    await api([alert('a1')], { 'GET /alerts/:id': (r) => ({ status: 200, body: { alert: alert(r.path.split('/').pop()!), timeline: [] }, delayMs: r.path.endsWith('x1') ? 150 : 0 }) });
    const t = start('coordinator');
    await t.ready();
    t.send({ type: 'alert.openById', id: 'x1' });
    t.send({ type: 'alert.view', id: 'a1' });
    expect(t.ctx()).toMatchObject({ detailsId: 'a1', opening: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(t.ctx().detailsId).toBe('a1');
  });

  it("a link answered once the page has loaded with that alert opens the page's row", async () => {
    const row = alert('a1', { read: true, message: 'as the page has it' });
    const page = heldAnswer(pageAnswer([row]));
    await api([row], {
      'GET /coordinator/alerts': page.answer,
      'GET /alerts/:id': () => ({ status: 200, body: { alert: alert('a1', { message: 'read on its own' }), timeline: [] }, delayMs: 100 }),
    });
    const t = start('coordinator');
    await t.until(page.waiting);
    t.send({ type: 'alert.openById', id: 'a1' });
    expect(t.ctx().opening).toBe('a1');
    page.release();
    await t.ready();
    await t.until(() => t.ctx().detailsId === 'a1');
    expect(t.details()!.getSnapshot().context.alert).toEqual(row);
  });

  it('a link that cannot be read (gone, or not the viewer’s) opens nothing and is logged, while loading or ready', async () => {
    const page = heldAnswer(pageAnswer([alert('a1')]));
    await api([alert('a1')], {
      'GET /coordinator/alerts': page.answer,
      'GET /alerts/:id': { status: 404, body: { statusCode: 404, message: 'Alert not found' } },
    });
    const t = start('coordinator');
    await t.until(page.waiting);
    t.send({ type: 'alert.openById', id: 'gone1' });
    await t.until(() => t.logged.length === 1);
    expect(t.value()).toBe('loading');
    expect(t.ctx()).toMatchObject({ opening: null, detailsId: null });
    page.release();
    await t.ready();
    t.send({ type: 'alert.openById', id: 'gone2' });
    expect(t.ctx().opening).toBe('gone2');
    await t.until(() => t.logged.length === 2);
    expect(t.ctx()).toMatchObject({ opening: null, detailsId: null });
    expect(t.logged).toEqual([
      { what: 'open alert', error: expect.objectContaining({ status: 404 }) },
      { what: 'open alert', error: expect.objectContaining({ status: 404 }) },
    ]);
  });
});

describe('alerts list: pushes', () => {
  it('a change of a row replaces it (keeping the read mark) and reaches its open details only; a change of another alert is ignored', async () => {
    await api([alert('a1', { read: true }), alert('a2')]);
    const t = start('coordinator');
    await t.ready();
    t.send({ type: 'alert.view', id: 'a2' });
    const details = t.details()!;
    await t.until(() => details.getSnapshot().value !== 'loading');
    t.push({ type: 'feed.alert', event: 'alert:updated', alert: alert('a1', { status: 'active_ack', read: false }) });
    expect(t.ctx().alerts[0]).toEqual(alert('a1', { status: 'active_ack', read: true }));
    expect(details.getSnapshot().context.alert.status).toBe('active_unack');
    t.push({ type: 'feed.alert', event: 'alert:updated', alert: alert('a2', { status: 'cleared_unack', resolvedAt: iso(0) }) });
    expect(details.getSnapshot().context.alert.status).toBe('cleared_unack');
    const before = t.ctx();
    t.push({ type: 'feed.alert', event: 'alert:updated', alert: alert('zz') });
    expect(t.ctx().alerts).toBe(before.alerts);
    expect(t.ctx().unread).toBe(before.unread);
  });

  it('a new alert: the coordinator’s count goes up and it takes its place on page 1; the same alert again changes in place', async () => {
    await api([alert('a1', { severity: 'critical' })]);
    const t = start('coordinator');
    await t.ready();
    t.push({ type: 'feed.alert', event: 'alert:new', alert: alert('n1', { severity: 'minor', read: true }) });
    expect(t.ids()).toEqual(['a1', 'n1']);
    expect(t.ctx().alerts[1].read).toBe(false);
    expect(t.ctx().unread).toBe(5);
    // A re-triggered alert comes as new again: its row changes, the count does not.
    t.push({ type: 'feed.alert', event: 'alert:new', alert: alert('n1', { severity: 'minor', count: 2 }) });
    expect(t.ids()).toEqual(['a1', 'n1']);
    expect(t.ctx().alerts[1].count).toBe(2);
    expect(t.ctx().unread).toBe(5);
  });

  it("the admin's table has no count, and a full page keeps 20 rows with the new one in its place", async () => {
    const rows = Array.from({ length: 20 }, (_, i) => alert(`r${i}`, { createdAt: iso(10 + i) }));
    await api(rows);
    const t = start('admin');
    await t.ready();
    t.push({ type: 'feed.alert', event: 'alert:new', alert: alert('n1', { createdAt: iso(0) }) });
    expect(t.ctx().unread).toBe(0);
    expect(t.ids()).toEqual(['n1', ...rows.slice(0, 19).map((r) => r.id)]);
    // Older than the whole page: it belongs on a later page, not this one.
    t.push({ type: 'feed.alert', event: 'alert:new', alert: alert('old', { createdAt: iso(500) }) });
    expect(t.ids()).toHaveLength(20);
    expect(t.ids()).not.toContain('old');
  });

  it("the coordinator's page keeps 10; on page 2 a new alert is counted but not shown", async () => {
    const rows = Array.from({ length: 10 }, (_, i) => alert(`r${i}`, { createdAt: iso(10 + i) }));
    await api(rows);
    const t = start('coordinator');
    await t.ready();
    t.push({ type: 'feed.alert', event: 'alert:new', alert: alert('n1', { createdAt: iso(0) }) });
    expect(t.ids()).toEqual(['n1', ...rows.slice(0, 9).map((r) => r.id)]);
    t.send({ type: 'alerts.page', page: 2 });
    await t.until(() => t.value() === 'ready' && t.ctx().page === 2);
    const unread = t.ctx().unread;
    t.push({ type: 'feed.alert', event: 'alert:new', alert: alert('n2', { createdAt: iso(0) }) });
    expect(t.ids()).not.toContain('n2');
    expect(t.ctx().unread).toBe(unread + 1);
  });

  it('a push while the page loads is counted; after a reconnect socket.io could not recover the page is loaded again, the open details kept', async () => {
    const page = heldAnswer(pageAnswer([alert('a1')], { unread: 7 }));
    const server = await api([alert('a1')], { 'GET /coordinator/alerts': page.answer });
    const t = start('coordinator');
    await t.until(page.waiting);
    t.push({ type: 'feed.alert', event: 'alert:new', alert: alert('n1') });
    expect(t.ctx()).toMatchObject({ unread: 1, alerts: [alert('n1')] });
    page.release();
    await t.ready();
    t.push({ type: 'feed.reconnected', recovered: true });
    expect(t.value()).toBe('ready');
    // The coordinator is reading an alert when the socket comes back without its session: the page is brought up to
    // date under the open details, which stay open.
    t.send({ type: 'alert.view', id: 'a1' });
    const details = t.details()!;
    t.push({ type: 'feed.reconnected', recovered: false });
    expect(t.value()).toBe('loading');
    expect(t.details()).toBe(details);
    expect(details.getSnapshot().status).toBe('active');
    await t.until(page.waiting);
    page.release();
    await t.ready();
    expect(server.calls('/coordinator/alerts')).toHaveLength(2);
    expect(t.ctx().detailsId).toBe('a1');
  });

  it('the real feed over a real socket.io server: new and changed alerts arrive, a dropped connection reloads the page', async () => {
    const sockets = socketServer();
    await sockets.start();
    try {
      const server = await api([alert('a1')]);
      const t = start('coordinator', { realSocket: true });
      await t.ready();
      sockets.io.emit('alert:new', alert('n1', { severity: 'critical' }));
      await t.until(() => t.ids().includes('n1'));
      expect(t.ctx().unread).toBe(5);
      // A change of an alert not on the page is not a new one: nothing is added, nothing counted.
      sockets.io.emit('alert:updated', alert('elsewhere', { severity: 'critical' }));
      sockets.io.emit('alert:updated', alert('a1', { status: 'active_ack' }));
      await t.until(() => t.ctx().alerts.find((a) => a.id === 'a1')!.status === 'active_ack');
      expect(t.ids()).not.toContain('elsewhere');
      expect(t.ctx().unread).toBe(5);
      await sockets.dropAll();
      await t.until(() => server.calls('/coordinator/alerts').length === 2);
      await t.ready();
    } finally {
      await sockets.stop();
    }
  });
});

describe('alerts list: read marks', () => {
  it("the coordinator marks an unread row once (kept on the server); a refused mark shows it unread again and is logged", async () => {
    const server = await api([alert('a1'), alert('a2'), alert('a3', { read: true })], {
      'POST read': (r) => (r.path.includes('/a2/') ? { status: 500, body: { statusCode: 500, message: 'down' } } : { status: 200, body: { ok: true } }),
    });
    const t = start('coordinator');
    await t.ready();
    t.send({ type: 'alert.markRead', id: 'a1' });
    t.send({ type: 'alert.markRead', id: 'a1' });
    t.send({ type: 'alert.markRead', id: 'a3' });
    t.send({ type: 'alert.markRead', id: 'zz' });
    expect(t.ctx().unread).toBe(3);
    expect(t.ctx().alerts.map((a) => a.read)).toEqual([true, false, true]);
    t.send({ type: 'alert.markRead', id: 'a2' });
    expect(t.ctx().unread).toBe(2);
    await t.until(() => t.logged.length === 1);
    expect(t.ctx().alerts.map((a) => a.read)).toEqual([true, false, true]);
    expect(t.ctx().unread).toBe(3);
    expect(t.logged).toEqual([{ what: 'mark read', error: expect.objectContaining({ status: 500 }) }]);
    expect(server.calls('/coordinator/alerts/a1/read')).toHaveLength(1);
    expect(server.calls('/coordinator/alerts/a2/read')).toHaveLength(1);
    expect(server.calls('/coordinator/alerts/a3/read')).toHaveLength(0);
  });

  it('an admin or a farmer marks nothing read', async () => {
    const server = await api([alert('a1')]);
    for (const viewer of ['admin', 'farmer'] as const) {
      const t = start(viewer);
      await t.ready();
      t.send({ type: 'alert.markRead', id: 'a1' });
      t.send({ type: 'alerts.markAllRead' });
      expect(t.value()).toBe('ready');
      expect(t.ctx().alerts[0].read).toBe(false);
    }
    await tick();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("Mark All Read: every row read, the count as the server says (new ones may have come); a failure is logged and changes nothing", async () => {
    let fail = false;
    await api([alert('a1'), alert('a2')], { 'POST read-all': () => (fail ? { status: 503, body: { statusCode: 503, message: 'busy' } } : { status: 200, body: { marked: 2, unread: 3 } }) });
    const t = start('coordinator');
    await t.ready();
    t.send({ type: 'alerts.markAllRead' });
    expect(t.value()).toBe('markingAllRead');
    await t.ready();
    expect(t.ctx().alerts.map((a) => a.read)).toEqual([true, true]);
    expect(t.ctx().unread).toBe(3);

    fail = true;
    t.push({ type: 'feed.alert', event: 'alert:new', alert: alert('n1', { severity: 'critical' }) });
    t.send({ type: 'alerts.markAllRead' });
    await t.until(() => t.logged.length === 1);
    await t.ready();
    expect(t.ctx().alerts.map((a) => a.read)).toEqual([false, true, true]);
    expect(t.ctx().unread).toBe(4);
    expect(t.logged).toEqual([{ what: 'mark all read', error: expect.objectContaining({ status: 503 }) }]);
  });

  it('with nothing unread there is nothing to mark', async () => {
    const server = await api([alert('a1', { read: true })], { 'GET /coordinator/alerts': pageAnswer([alert('a1', { read: true })]) });
    const t = start('coordinator');
    await t.ready();
    t.send({ type: 'alerts.markAllRead' });
    expect(t.value()).toBe('ready');
    expect(server.calls('/coordinator/alerts/read-all')).toEqual([]);
  });
});

describe('alerts list: the rules it shows by', () => {
  const q = { viewer: 'coordinator' as const, page: 1, search: '', severity: null, type: null, status: null };
  it('a pushed alert belongs on the page when it matches every filter and the trimmed search', () => {
    expect(matchesView(q, alert('a'))).toBe(true);
    expect(matchesView({ ...q, severity: 'major' }, alert('a'))).toBe(true);
    expect(matchesView({ ...q, severity: 'critical' }, alert('a'))).toBe(false);
    expect(matchesView({ ...q, type: 'moisture' }, alert('a'))).toBe(true);
    expect(matchesView({ ...q, type: 'offline' }, alert('a'))).toBe(false);
    expect(matchesView({ ...q, status: 'active_unack' }, alert('a'))).toBe(true);
    expect(matchesView({ ...q, status: 'active_ack' }, alert('a'))).toBe(false);
    expect(matchesView({ ...q, search: '  RAMESH ' }, alert('a'))).toBe(true);
    expect(matchesView({ ...q, search: ' north ' }, alert('a', { message: 'x', farmer: null }))).toBe(true);
    expect(matchesView({ ...q, search: 'south' }, alert('a'))).toBe(false);
    // An alert with no farmer (an unassigned field) matches on its message and field only.
    expect(matchesView({ ...q, search: 'here' }, alert('a', { farmer: null, message: 'x', fieldName: 'y' }))).toBe(false);
  });

  it('most urgent first: open before cleared, then critical → warning, then the newest; equal ones keep their order', () => {
    const cleared = alert('c', { severity: 'critical', resolvedAt: iso(1), createdAt: iso(0) });
    const minorNew = alert('m', { severity: 'minor', createdAt: iso(1) });
    const warning = alert('w', { severity: 'warning', createdAt: iso(0) });
    const majorOld = alert('o', { severity: 'major', createdAt: iso(60) });
    const majorNew = alert('n', { severity: 'major', createdAt: iso(2) });
    const critical = alert('k', { severity: 'critical', createdAt: iso(90) });
    expect([cleared, warning, minorNew, majorOld, critical, majorNew].sort(urgentFirst).map((a) => a.id)).toEqual(['k', 'n', 'o', 'm', 'w', 'c']);
    expect(urgentFirst(cleared, warning)).toBe(1);
    expect(urgentFirst(warning, cleared)).toBe(-1);
    expect(urgentFirst(majorNew, majorOld)).toBe(-1);
    expect(urgentFirst(majorOld, majorNew)).toBe(1);
    const same = alert('s', { severity: 'major', createdAt: majorOld.createdAt });
    expect(urgentFirst(majorOld, same)).toBe(0);
  });
});
