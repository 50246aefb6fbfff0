/**
 * The service worker's push handling (public/sw-push.js) in real chromium (issue 16): the app's service worker is
 * registered, a push message with the payload the server's worker writes (its title and sentence in Marathi, the
 * alert's link) is delivered to it through the DevTools protocol (ServiceWorker.deliverPushMessage), and the
 * notification it shows is read back with registration.getNotifications(): the Marathi title and body, and the
 * alert's URL (on the app's own origin) in its data. A link to another site is shown as the app's home instead.
 * Tapping it (a `notificationclick` NotificationEvent with that notification, dispatched in the worker's scope
 * through its DevTools session) focuses the app's open tab and takes it to the alert, and closes the notification.
 *
 * The registration is found generically (navigator.serviceWorker.ready, and the protocol's registration for the
 * app's origin), so the test holds whichever service worker imports sw-push.js (public/sw.js or a Workbox build).
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_WORKER_URL } from '../../src/services/pushDevice';
import { notificationSentence, notificationTitle } from '../../server/src/domain/notifications/texts';
import { DEMO, loginAs, withApp } from './harness';

const e2e = withApp({ serviceWorker: true });

type Shown = { title: string; body: string; lang: string; data: { link?: string } | null };

describe('push in the service worker', () => {
  it('shows the pushed alert in Marathi with its link (same origin only); a tap takes the app\'s tab to the alert', async () => {
    const context = await e2e.browser.newContext();
    const origin = new URL(e2e.url).origin;
    await context.grantPermissions(['notifications'], { origin });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(e2e.url);
      const cdp = await context.newCDPSession(page);
      const registrations = new Map<string, string>(); // scope URL → registration id
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
        for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
      });
      await cdp.send('ServiceWorker.enable');
      // The app's own registration (as pushDevice.ts makes it when a device subscribes), then whichever is active.
      const scope = await page.evaluate(async (url) => {
        await navigator.serviceWorker.register(url, { scope: '/' });
        return (await navigator.serviceWorker.ready).scope;
      }, SERVICE_WORKER_URL);
      await expect.poll(() => registrations.get(scope), { timeout: 15_000 }).toBeTruthy();

      const shown = () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, lang: n.lang, data: n.data as { link?: string } | null }));
        });
      const push = (payload: object) =>
        cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registrations.get(scope)!, data: JSON.stringify(payload) });

      // The payload as the server's worker writes it for a farmer (server/src/modules/notifications/worker.ts).
      const alertId = '6f1c2a4e-8b1d-4c3e-9f00-0a1b2c3d4e5f';
      const title = notificationTitle('marathi', 'alertRaised');
      const body = notificationSentence('marathi', 'alert.moisture.low', { field: 'उत्तर शेत', value: 10, threshold: 25 });
      expect(body).toMatch(/ओलावा/);
      await push({ title, body, link: `/?alert=${alertId}`, lang: 'mr', silent: false, tag: alertId });
      await expect.poll(async () => (await shown()).length, { timeout: 15_000 }).toBe(1);
      const [n] = (await shown()) as Shown[];
      expect(n).toEqual({ title, body, lang: 'mr', data: { link: `${origin}/?alert=${alertId}` } });

      // A link to another site never leaves the app: the notification opens the app's home.
      await push({ title, body: 'दुसरी सूचना', link: 'https://evil.example/steal', lang: 'mr' });
      await expect.poll(async () => (await shown()).length, { timeout: 15_000 }).toBe(2);
      const other = ((await shown()) as Shown[]).find((x) => x.body === 'दुसरी सूचना')!;
      expect(other.data).toEqual({ link: `${origin}/` });

      // Tapping the alert's notification: the worker's `notificationclick` handler brings the app's open tab forward
      // and takes it to the alert (a farmer's alert opens on their home, /?alert=<id>). The tab must be a client of
      // this worker (navigate() works only on those): after signing in and a reload it is (public/sw.js claims them).
      await loginAs(page, e2e.app, DEMO.farmer);
      await page.reload();
      const visited: string[] = [];
      page.on('framenavigated', (f) => f === page.mainFrame() && visited.push(f.url()));
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
      expect(new URL(page.url()).search).toBe('');
      // The worker's own DevTools session (Playwright attaches to the service worker target), in its global scope.
      const worker = context.serviceWorkers().find((w) => w.url().startsWith(origin)) ?? (await context.waitForEvent('serviceworker'));
      const link = `${origin}/?alert=${alertId}`;
      const tap = await worker.evaluate(async (link) => {
        type Note = { data: { link?: string } | null };
        type Scope = {
          registration: { getNotifications(): Promise<Note[]> };
          dispatchEvent(e: Event): boolean;
          NotificationEvent: new (type: string, init: { notification: Note }) => Event;
          WindowClient: { prototype: { focus(this: { url: string }): Promise<unknown> } };
          __focused?: string[];
        };
        const sw = globalThis as unknown as Scope;
        const note = (await sw.registration.getNotifications()).find((n) => n.data?.link === link);
        if (!note) return { dispatched: false, focused: [] as string[] };
        // The browser lets a worker focus a window only during a real tap on a notification, which no protocol
        // command can make; this focus() keeps the call (which tab) and answers as it would on a tap. The rest —
        // finding the app's tab, navigate(), close() — is the browser's own.
        sw.__focused = [];
        sw.WindowClient.prototype.focus = function () {
          sw.__focused!.push(this.url);
          return Promise.resolve(this);
        };
        sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: note }));
        return { dispatched: true, focused: sw.__focused };
      }, link);
      expect(tap.dispatched).toBe(true);
      await expect.poll(() => visited, { timeout: 15_000 }).toContain(link);
      expect(new URL(page.url()).pathname).toBe('/'); // still signed in, on the farmer's home
      const focused = await worker.evaluate(() => (globalThis as unknown as { __focused: string[] }).__focused);
      expect(focused).toEqual([`${origin}/`]);
      // The tapped notification is closed; the other one stays.
      await expect.poll(async () => ((await shown()) as Shown[]).map((x) => x.body), { timeout: 15_000 }).toEqual(['दुसरी सूचना']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
