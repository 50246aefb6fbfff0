/**
 * A normal restart is invisible to a signed-in farmer (issue 13, item 4): the server is stopped with SIGTERM
 * and started again on the same port and data folder; the open farmer home shows 'reconnecting' meanwhile,
 * goes back to live by itself and shows a reading ingested after the restart, without a page reload.
 * Readings come in over HTTP ingest with a device key, as a device would send them.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client';
import { fields, sensors, users } from '../../server/src/db/schema';
import { DEMO, PASSWORD, catalog, loginAs, shot, withApp } from './harness';

/** The demo farmer's fields' moisture sensors: field UUID → sensor UUID and device id. */
let moistureSensors: Map<string, { id: string; sensorId: string }>;

const e2e = withApp({
  // Sensor UUIDs are not in any API answer: read them from the data folder before the server owns it.
  prepare: async (dataDir) => {
    const database = await openDatabase({ dataDir });
    const rows = await database.db
      .select({ fieldId: fields.id, id: sensors.id, sensorId: sensors.sensorId })
      .from(sensors)
      .innerJoin(fields, eq(fields.id, sensors.fieldId))
      .innerJoin(users, eq(users.id, fields.farmerId))
      .where(and(eq(users.email, DEMO.farmer), eq(sensors.type, 'moisture')));
    await database.close();
    moistureSensors = new Map(rows.map((r) => [r.fieldId, { id: r.id, sensorId: r.sensorId }]));
  },
});

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${e2e.url}/api/v1${path}`, {
    method: 'POST',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const tokenOf = async (email: string) => ((await (await post('/auth/login', { email, password: PASSWORD })).json()) as { accessToken: string }).accessToken;

describe('a server restart (SIGTERM) while the farmer home is open', () => {
  it('shows reconnecting, comes back live by itself and shows a reading sent after the restart', async () => {
    const farmerToken = await tokenOf(DEMO.farmer);
    const list = await fetch(`${e2e.url}/api/v1/sensor-data`, { headers: { authorization: `Bearer ${farmerToken}` } });
    const first = ((await list.json()) as { fields: Array<{ _id: string }> }).fields[0];
    const sensor = moistureSensors.get(first._id);
    expect(sensor, 'a moisture sensor on the farmer home’s first field').toBeTruthy();
    const keyRes = await post(`/sensors/${sensor!.id}/device-key`, undefined, { authorization: `Bearer ${await tokenOf(DEMO.admin)}` });
    expect(keyRes.status).toBe(201);
    const { deviceKey } = (await keyRes.json()) as { deviceKey: string };
    const ingest = async (value: number) => {
      const res = await post('/sensor-data/ingest', { sensorId: sensor!.sensorId, type: 'moisture', value }, { 'x-device-key': deviceKey });
      expect(res.status).toBe(202);
    };

    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    await loginAs(page, e2e.app, DEMO.farmer);
    const line = page.getByTestId('moisture-line');
    await line.waitFor();
    const texts = [catalog('mr'), catalog('en'), catalog('hi')];
    const any = (id: string) => new RegExp(texts.map((c) => c[id].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
    const badge = page.locator('.feed-status');
    await expect.poll(async () => badge.textContent(), { timeout: 20_000 }).toMatch(any('home.feed.live'));
    // A page reload would lose this mark.
    await page.evaluate(() => ((window as unknown as { restartMark: number }).restartMark = 42));

    // The push path works before the restart.
    const before = Number(await line.getAttribute('data-points'));
    await ingest(41.5);
    await expect.poll(async () => Number(await line.getAttribute('data-points')), { timeout: 10_000 }).toBe(before + 1);

    // Restart: SIGTERM, then the same command on the same port and data folder.
    const { port } = e2e.app;
    await e2e.app.halt('SIGTERM');
    await expect.poll(async () => badge.textContent(), { timeout: 10_000 }).toMatch(any('home.feed.reconnecting'));
    await shot(page, 'restart-farmer-home-reconnecting');
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'restart-farmer-home-reconnecting-1366');
    await e2e.app.resume();
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.status)).resolves.toBe(200);

    await expect.poll(async () => badge.textContent(), { timeout: 30_000 }).toMatch(any('home.feed.live'));
    const afterRestart = Number(await line.getAttribute('data-points'));
    await ingest(43.5);
    await expect.poll(async () => Number(await line.getAttribute('data-points')), { timeout: 10_000 }).toBe(afterRestart + 1);
    await expect.poll(async () => page.getByTestId('tile-moisture').textContent(), { timeout: 5000 }).toContain('43.5');
    expect(await page.evaluate(() => (window as unknown as { restartMark?: number }).restartMark)).toBe(42);
    await shot(page, 'restart-farmer-home-live-again');
    await page.close();
  });
});
