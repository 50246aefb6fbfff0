/**
 * Offline writing (issue 17) in chromium, in Marathi, on a 412 px phone: a farmer offline attaches a leaf photo
 * and then, still offline, asks a question on the home page; both show as queued and the header says 2 wait; back online, the outbox sends each
 * once (with its Idempotency-Key) and the answers take the queued lines' places; the server holds exactly one
 * new diagnosis. Screenshot of the queue indicator: test-results/screenshots/outbox-mr-412.png.
 * A coordinator offline acknowledges an alert: the dialog says 'waiting to send'; back online the outbox sends it
 * and the admin sees the alert acknowledged, with exactly one acknowledgement in its timeline.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
// The service worker is this file's subject: its install starts on the first page the app loads, so these tests sign in
// through the form as before (with the API sign-in one acknowledgement sent back online was never shown once, at load ~30).
import { DEMO, catalog, loginThroughForm as loginAs, moistureField, shot, withApp } from './harness';
import { leafSvg } from '../server/disease/support/syntheticLeaves';

const e2e = withApp({ devices: true, serviceWorker: true });
const mr = catalog('mr');
const dir = mkdtempSync(join(tmpdir(), 'outbox-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a farmer offline', () => {
  it('queues a leaf photo and a question, and each is sent once when the network returns', async () => {
    writeFileSync(join(dir, 'leaf.jpg'), await sharp(Buffer.from(leafSvg('rust', 77))).resize(800, 600).jpeg({ quality: 90 }).toBuffer());
    const token = await e2e.tokenOf(DEMO.farmer);
    const history = async () => (await e2e.api<{ pagination?: { total?: number }; total?: number; items?: unknown[] }>('/disease/history?limit=50', token)).body;
    const before = await history();

    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    const detects: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/disease/detect')) detects.push(r.headers()['idempotency-key'] ?? '');
    });
    await loginAs(page, e2e.app, DEMO.farmer);
    // The service worker controls the page, so a page opened offline comes from its precache.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });

    // The leaf photo: chosen online (the page is loaded), sent offline → queued.
    await page.goto(`${e2e.url}/disease-detector`);
    await page.getByLabel('पानाचा फोटो').setInputFiles(join(dir, 'leaf.jpg'));
    await page.getByText(/पाठवायचा फोटो: \d+ KB/).waitFor({ timeout: 20_000 });
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'रोग तपासा' }).click();
    await page.getByTestId('disease-queued').waitFor({ timeout: 20_000 });
    const chip = page.getByTestId('outbox-indicator');
    await expect.poll(() => chip.textContent()).toMatch(/1 पाठवायचे बाकी/);

    // Still offline, the question on the home page (opened from the phone) → queued too: both wait.
    await page.goto(`${e2e.url}/`);
    await page.getByText(/नमस्कार! मी शेतमित्र/).waitFor({ timeout: 15_000 });
    const input = page.getByRole('textbox', { name: 'तुमचा प्रश्न' });
    await input.fill('सोयाबीनवर पिवळे ठिपके पडले आहेत, काय करावे?');
    await input.press('Enter');
    const queued = page.locator('.chat-message[data-queued]');
    await queued.waitFor({ timeout: 10_000 });
    await expect.poll(() => chip.textContent()).toMatch(/2 पाठवायचे बाकी/);
    await chip.click();
    await page.getByRole('region', { name: 'पाठवायचे बाकी' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    // The panel is wholly on screen.
    const box = (await page.getByRole('region', { name: 'पाठवायचे बाकी' }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(412);
    await shot(page, 'outbox-mr-412');
    // Nothing reached the server yet.
    const count = (h: typeof before) => h.pagination?.total ?? h.total ?? h.items?.length ?? -1;
    expect(count(await history())).toBe(count(before));

    // Back online: the outbox sends both, each once (the photo with its first try's key); the question's answer
    // takes the queued line's place; nothing waits; the server holds exactly one new diagnosis.
    await page.context().setOffline(false);
    await page.locator('.chat-message[data-from="bot"]').filter({ hasText: /पिवळा मोझॅक/ }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => queued.count()).toBe(0);
    expect(await page.locator('.chat-message[data-from="bot"]').filter({ hasText: /पिवळा मोझॅक/ }).count()).toBe(1);
    await expect.poll(() => chip.count(), { timeout: 30_000 }).toBe(0);
    expect(detects.length).toBeGreaterThanOrEqual(1);
    expect(new Set(detects).size).toBe(1);
    expect(detects[0]).toMatch(/^[0-9a-f-]{36}$/);
    const after = await history();
    expect(count(after) - count(before)).toBe(1);
    await page.close();
  }, 180_000);
});

describe('a coordinator offline', () => {
  it('acknowledges an alert; back online it is sent once and the admin sees one acknowledgement', async () => {
    // The leaf diagnosis before may leave the event loop busy for a moment (the server then sheds with 503 OVERLOADED).
    await expect.poll(() => e2e.tokenOf(DEMO.farmer).then(() => true, () => false), { timeout: 30_000, interval: 1000 }).toBe(true);
    const { moisture, activeOnField, recover } = await moistureField(e2e);
    const adminToken = await e2e.tokenOf(DEMO.admin);
    await recover();
    await e2e.devices.publish(moisture, 8);
    await expect.poll(activeOnField, { timeout: 15_000 }).toBeTruthy();
    const alert = (await activeOnField())!;
    expect(alert.status).toBe('active_unack');

    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    const acks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/v1/alerts/${alert.id}/acknowledge`)) acks.push(r.headers()['idempotency-key'] ?? '');
    });
    await loginAs(page, e2e.app, DEMO.coordinator);
    await page.goto(`${e2e.url}/alerts`);
    const card = page.locator(`.coordinator-alerts [data-alert-id="${alert.id}"]`);
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: mr['alerts.viewDetails'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('listitem').first().waitFor();

    // Offline: the acknowledgement waits in the outbox; the dialog and the header say so.
    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: mr['alerts.acknowledge'] }).click();
    await dialog.getByTestId('alert-ack-queued').waitFor({ timeout: 10_000 });
    expect(await dialog.getByTestId('alert-ack-queued').textContent()).toBe(mr['alerts.acknowledgeQueued']);
    await expect.poll(() => page.getByTestId('outbox-indicator').textContent()).toMatch(/पाठवायचे बाकी/);
    await shot(page, 'outbox-ack-queued-mr-412');
    const server = await e2e.get<{ alert: { status: string } }>(`/alerts/${alert.id}`, adminToken);
    expect(server.alert.status).toBe('active_unack');

    // Online: the outbox sends it; the dialog shows it acknowledged; nothing waits.
    await page.context().setOffline(false);
    await expect.poll(() => dialog.getByTestId('alert-status').textContent(), { timeout: 30_000 }).toBe(mr['alerts.status.activeAck']);
    await expect.poll(() => dialog.getByTestId('alert-ack-queued').count()).toBe(0);
    await expect.poll(() => page.getByTestId('outbox-indicator').count()).toBe(0);
    expect(acks.length).toBeGreaterThanOrEqual(1);
    expect(new Set(acks).size).toBe(1);
    expect(acks[0]).toMatch(/^[0-9a-f-]{36}$/);

    // The admin sees it acknowledged, once.
    const seen = await e2e.get<{ alert: { status: string }; timeline: Array<{ kind: string }> }>(`/alerts/${alert.id}`, adminToken);
    expect(seen.alert.status).toBe('active_ack');
    expect(seen.timeline.filter((e) => e.kind === 'acknowledged')).toHaveLength(1);
    await page.close();
  }, 120_000);
});

/** A read of the server that waits out its overload shedding (503 OVERLOADED on a busy machine). */
async function patiently<T>(read: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await read();
    } catch (e) {
      if (tries >= 30 || !/answered 503/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

describe('a message and a profile edit offline', () => {
  it('a coordinator\'s message waits offline and is delivered once; one whose answer is lost ("lie-fi") is queued and not sent twice', async () => {
    const farmerToken = await patiently(() => e2e.tokenOf(DEMO.farmer));
    const { user: farmer } = await patiently(() => e2e.get<{ user: { _id: string; name: string } }>('/auth/profile', farmerToken));
    const inbox = async (subject: string) =>
      (await patiently(() => e2e.get<{ messages: Array<{ subject: string }> }>('/messages?page=1&limit=50', farmerToken))).messages.filter((m) => m.subject === subject).length;

    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/coordinator/send-message')) sends.push(r.headers()['idempotency-key'] ?? '');
    });
    await loginAs(page, e2e.app, DEMO.coordinator);
    await page.goto(`${e2e.url}/farmers`);
    const pick = page.getByRole('checkbox', { name: `${farmer.name} निवडा` });
    const compose = async (subject: string) => {
      await pick.check();
      await page.getByRole('button', { name: mr['people.sendMessage'], exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('[name="subject"]').fill(subject);
      await dialog.locator('[name="message"]').fill('उद्या सकाळी पंप तपासा.');
      await dialog.getByRole('button', { name: mr['people.send'], exact: true }).click();
    };
    const chip = page.getByTestId('outbox-indicator');
    const notice = page.locator('.staff-panel .banner[role="status"]');

    // Offline: the dialog closes with 'waiting to send'; the header counts it; the server has nothing yet.
    const offlineSubject = `पाणी ${Date.now()}`;
    await pick.waitFor({ timeout: 15_000 });
    await page.context().setOffline(true);
    await compose(offlineSubject);
    await expect.poll(() => notice.textContent(), { timeout: 10_000 }).toMatch(/पाठवायचा बाकी/);
    await expect.poll(() => chip.textContent()).toMatch(/पाठवायचे बाकी/);
    await shot(page, 'outbox-message-queued-mr-412');
    expect(await inbox(offlineSubject)).toBe(0);

    // Online: sent once (one key); the notice says it was sent; the farmer's inbox holds it once.
    await page.context().setOffline(false);
    await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toMatch(/शेतकऱ्याला संदेश पाठवला/);
    await expect.poll(() => chip.count()).toBe(0);
    expect(await inbox(offlineSubject)).toBe(1);
    expect(new Set(sends).size).toBe(1);
    expect(sends[0]).toMatch(/^[0-9a-f-]{36}$/);

    // Lie-fi: the browser says online, the request reaches the server, the answer never comes back. The message
    // waits in the outbox with the key of that try; the replay gets the first answer: one message, not two.
    sends.length = 0;
    let lost = 0;
    await page.route('**/api/v1/coordinator/send-message', async (route) => {
      if (lost++ === 0) {
        await route.fetch();
        await route.abort('timedout');
      } else await route.continue();
    });
    const lieFiSubject = `खत ${Date.now()}`;
    await compose(lieFiSubject);
    await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toMatch(/शेतकऱ्याला संदेश पाठवला/);
    await expect.poll(() => chip.count(), { timeout: 30_000 }).toBe(0);
    expect(sends.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sends).size).toBe(1);
    expect(await inbox(lieFiSubject)).toBe(1);
    await page.close();
  }, 120_000);

  it('a farmer\'s profile edit waits offline; a second edit replaces it; back online the last one is applied once', async () => {
    const farmerToken = await patiently(() => e2e.tokenOf(DEMO.farmer));
    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    const patches: Array<{ key: string; village?: string }> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/auth/profile') && r.method() === 'PATCH') {
        patches.push({ key: r.headers()['idempotency-key'] ?? '', village: (r.postDataJSON() as { village?: string }).village });
      }
    });
    await loginAs(page, e2e.app, DEMO.farmer);
    await page.goto(`${e2e.url}/profile`);
    page.setDefaultTimeout(20_000);
    await page.getByRole('button', { name: mr['profile.edit'] }).waitFor({ timeout: 15_000 });
    // The service worker is installed (its precache complete), so the Background Sync registration below has it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const edit = async (village: string) => {
      await page.getByRole('button', { name: mr['profile.edit'] }).click();
      await page.getByLabel(mr['profile.village'], { exact: true }).fill(village);
      await page.getByRole('button', { name: mr['profile.save'], exact: true }).click();
      await page.getByTestId('profile-queued').waitFor({ timeout: 10_000 });
    };

    await page.context().setOffline(true);
    await edit('जुन्नर');
    await edit('वाई');
    // The screen shows the last edit; one profile change waits (the first was replaced, not sent after it).
    expect(await page.locator('output#profile-village').textContent()).toBe('वाई');
    const chip = page.getByTestId('outbox-indicator');
    await expect.poll(() => chip.textContent()).toMatch(/^\D*1 /);
    await chip.click();
    const panel = page.getByRole('region', { name: mr['outbox.title'] });
    expect(await panel.getByTestId('outbox-item').count()).toBe(1);
    expect(await panel.getByTestId('outbox-item').textContent()).toContain(mr['outbox.kind.profile']);
    await shot(page, 'outbox-profile-queued-mr-412');
    expect(patches).toHaveLength(0);

    // Background Sync: queueing registered the outbox's tag (the worker, woken with it, tells the page to send).
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags())).toContain('outbox');

    await page.context().setOffline(false);
    await page.getByText(mr['profile.saved']).waitFor({ timeout: 30_000 });
    await expect.poll(() => chip.count()).toBe(0);
    expect(new Set(patches.map((p) => p.key)).size).toBe(1);
    expect(patches.every((p) => p.village === 'वाई')).toBe(true);
    const stored = await patiently(() => e2e.get<{ user: { village: string } }>('/auth/profile', farmerToken));
    expect(stored.user.village).toBe('वाई');
    await page.close();
  }, 120_000);
});

describe('the outbox panel with every kind, and an item too old to send by itself', () => {
  /** Puts items straight into the outbox's IndexedDB store (the app's database `shetmitra`, store `outbox`) (as a phone would hold them after days offline). */
  const seed = (page: import('playwright-core').Page, items: object[]) =>
    page.evaluate(
      (rows) =>
        new Promise<void>((resolve, reject) => {
          // The app's database (src/services/appDatabase.ts): version 2 holds the stores lastSeen, outbox and rotations.
          const open = indexedDB.open('shetmitra', 2);
          open.onupgradeneeded = () => {
            const names = open.result.objectStoreNames;
            if (!names.contains('lastSeen')) open.result.createObjectStore('lastSeen');
            if (!names.contains('outbox')) open.result.createObjectStore('outbox', { keyPath: 'id' });
            if (!names.contains('rotations')) open.result.createObjectStore('rotations');
          };
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readwrite');
            const store = tx.objectStore('outbox');
            store.clear();
            for (const row of rows as Array<Record<string, unknown>>) {
              store.put(row.kind === 'disease' ? { ...row, request: { method: 'post', url: '/disease/detect?lang=marathi', upload: { file: new Blob(['x'], { type: 'image/jpeg' }), filename: 'IMG_2041.jpg' } } } : row);
            }
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      items,
    );
  const DAY = 86_400_000;
  const item = (userId: string, kind: string, summary: string, extra: object = {}) => ({
    id: crypto.randomUUID(), userId, idempotencyKey: crypto.randomUUID(), kind, summary, createdAt: Date.now() - 60_000, attempts: 0,
    status: 'queued', lastError: null, request: { method: 'post', url: '/chatbot', body: { message: summary }, timeoutMs: 30_000 }, ...extra,
  });

  /** The demo farmer's home on a 412 px phone, controlled by the service worker (so a reload offline opens the app
   *  from its precache), with the idempotency key of every chatbot question the page sends. */
  const farmerOnPhone = async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/chatbot') && r.method() === 'POST') asked.push(r.headers()['idempotency-key'] ?? '');
    });
    await loginAs(page, e2e.app, DEMO.farmer);
    await page.getByText(/नमस्कार! मी शेतमित्र/).waitFor({ timeout: 15_000 });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    return { page, asked };
  };

  it('shows each kind in Marathi; the old item is never sent by itself, only after "send now"', async () => {
    const token = await patiently(() => e2e.tokenOf(DEMO.farmer));
    const { user } = await patiently(() => e2e.get<{ user: { _id: string } }>('/auth/profile', token));
    const { page, asked } = await farmerOnPhone();

    // Every kind the outbox holds, seen offline: waiting, not accepted (with the server's reason), too old.
    await page.context().setOffline(true);
    const refusedBody = {
      statusCode: 409, code: 'CONFLICT', error: 'This alert is already cleared.',
      message: { english: 'This alert is already cleared.', marathi: 'ही सूचना आधीच बंद झाली आहे.', hindi: 'यह अलर्ट पहले ही बंद हो चुका है।' },
    };
    await seed(page, [
      item(user._id, 'chat', 'सोयाबीनवर पिवळे ठिपके पडले आहेत, काय करावे?'),
      item(user._id, 'disease', 'IMG_2041.jpg'),
      item(user._id, 'profile', 'रमेश पाटील'),
      item(user._id, 'message', 'उद्या सकाळी पाणी सोडणार', { createdAt: Date.now() - 8 * DAY }),
      item(user._id, 'acknowledge', 'शिरूर मळा 1 — कमी ओलावा', { status: 'refused', attempts: 1, lastError: { status: 409, body: refusedBody } }),
    ]);
    await page.reload();
    const chip = page.getByTestId('outbox-indicator');
    await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toMatch(/4 पाठवायचे बाकी · 1/);
    await chip.click();
    const panel = page.getByRole('region', { name: mr['outbox.title'] });
    const rows = panel.getByTestId('outbox-item');
    expect(await rows.count()).toBe(5);
    for (const kind of ['chat', 'disease', 'profile', 'message', 'acknowledge']) expect(await panel.textContent()).toContain(mr[`outbox.kind.${kind}`]);
    const old = rows.filter({ hasText: 'उद्या सकाळी पाणी सोडणार' });
    expect(await old.textContent()).toContain(mr['outbox.item.stale'].replace('{days}', '7'));
    expect(await rows.filter({ hasText: 'शिरूर मळा 1' }).textContent()).toContain('ही सूचना आधीच बंद झाली आहे.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await shot(page, 'outbox-every-kind-mr-412');

    // Now only a fresh question and an old one; back online the fresh one is sent, the old one waits for the farmer.
    const fresh = item(user._id, 'chat', 'कांद्याला किती पाणी द्यावे?');
    const stale = item(user._id, 'chat', 'गेल्या आठवड्याचा प्रश्न', { createdAt: Date.now() - 8 * DAY });
    await seed(page, [fresh, stale]);
    await page.reload();
    await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toMatch(/2 पाठवायचे बाकी/);
    await page.context().setOffline(false);
    await expect.poll(() => asked, { timeout: 30_000 }).toContain(fresh.idempotencyKey);
    await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toMatch(/1 पाठवायचे बाकी/);
    // More chances to send it by itself: the online event and the service worker's sync message.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1500);
    expect(asked).not.toContain(stale.idempotencyKey);
    await chip.click();
    await panel.getByRole('button', { name: mr['outbox.resend'] }).click();
    await expect.poll(() => asked, { timeout: 30_000 }).toContain(stale.idempotencyKey);
    await expect.poll(() => chip.count(), { timeout: 30_000 }).toBe(0);
    expect(asked.filter((k) => k === fresh.idempotencyKey || k === stale.idempotencyKey)).toHaveLength(2);
    await page.close();
  }, 120_000);

  it('an item whose key the server knows with another question is refused with its translated reason; an old item discarded is never sent', async () => {
    const token = await patiently(() => e2e.tokenOf(DEMO.farmer));
    const { user } = await patiently(() => e2e.get<{ user: { _id: string } }>('/auth/profile', token));
    // The key was used (from another tab, say) for a different question: the server holds that first request.
    const key = crypto.randomUUID();
    const first = await fetch(`${e2e.url}/api/v1/chatbot`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ message: 'कापसावर मावा आहे, काय करावे?' }),
    });
    expect(first.status).toBe(200);

    const { page, asked } = await farmerOnPhone();
    await page.context().setOffline(true);
    const reused = item(user._id, 'chat', 'कापसावर बोंडअळी आहे', { idempotencyKey: key, request: { method: 'post', url: '/chatbot', body: { message: 'कापसावर बोंडअळी आहे' }, timeoutMs: 30_000 } });
    const old = item(user._id, 'chat', 'दहा दिवसांपूर्वीचा प्रश्न', { createdAt: Date.now() - 10 * DAY });
    await seed(page, [reused, old]);
    await page.reload();
    const chip = page.getByTestId('outbox-indicator');
    await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toMatch(/2 पाठवायचे बाकी/);

    // Online: the reused key is a 409, kept as refused with the server's reason in Marathi; the old item waits.
    await page.context().setOffline(false);
    await expect.poll(() => chip.textContent(), { timeout: 30_000 }).toMatch(/1 पाठवायचे बाकी · 1/);
    expect(asked).toEqual([key]);
    await chip.click();
    const panel = page.getByRole('region', { name: mr['outbox.title'] });
    const refusedRow = panel.getByTestId('outbox-item').filter({ hasText: 'कापसावर बोंडअळी आहे' });
    expect(await refusedRow.textContent()).toContain('ही विनंती आधी वेगळ्या माहितीसह पाठवली गेली होती. कृपया ती नवीन विनंती म्हणून पुन्हा पाठवा.');
    const oldRow = panel.getByTestId('outbox-item').filter({ hasText: 'दहा दिवसांपूर्वीचा प्रश्न' });
    expect(await oldRow.textContent()).toContain(mr['outbox.item.stale'].replace('{days}', '7'));
    await shot(page, 'outbox-reused-key-refused-mr-412');

    // The old item discarded: gone from the phone, never sent (the online event and the 15 s nudge notwithstanding).
    await oldRow.getByRole('button', { name: mr['outbox.discard'] }).click();
    await expect.poll(() => panel.getByTestId('outbox-item').count()).toBe(1);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const stored = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const open = indexedDB.open('shetmitra');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const keys = open.result.transaction('outbox').objectStore('outbox').getAllKeys();
              keys.onsuccess = () => (open.result.close(), resolve(keys.result.map(String)));
              keys.onerror = () => reject(keys.error);
            };
          }),
      );
    await expect.poll(stored).toEqual([reused.id]);
    // The question the server did answer is still the first one; nothing else was asked.
    expect(asked).not.toContain(old.idempotencyKey);
    expect(new Set(asked)).toEqual(new Set([key]));
    await page.close();
  }, 120_000);
});
