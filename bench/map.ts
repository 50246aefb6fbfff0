/**
 * The Field Map with 20,000 pinned fields (seed/large.ts: 10,000 farmers, 100 coordinators): how big the
 * answer of GET /fields/map is on the wire, how fast the server gives it under 20 connections, and how the
 * built web app draws and moves it in headless chromium (software WebGL).
 *
 *   npx vite build && npm run bench -- map
 *
 * On in-memory PGlite by default; BENCH_DATABASE_URL=postgres://… uses a throwaway PostgreSQL database.
 * CHROMIUM_PATH overrides /usr/bin/chromium; MAP_BENCH_SHOT is where the screenshot goes; MAP_BENCH_BROWSER=0
 * skips the browser part.
 * A measurement, never a pass/fail: the numbers depend on the machine (see docs/field-map.md).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { resolve } from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import autocannon from 'autocannon';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import type { FieldPins } from '../contracts/fields';
import { openDatabase } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import { applyAccessChange } from '../server/src/lib/accessCache';
import { hashPassword } from '../server/src/lib/passwords';
import { seedLarge } from '../server/src/seed/large';

const PASSWORD = 'Bench@2026pass';
const EMAIL = 'map.admin@example.in';
const FIELDS = 20_000;

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

/** The bytes as sent (node:http does not decompress). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; headers: Record<string, unknown>; ms: number }>((done, fail) => {
    const started = performance.now();
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes, headers: res.headers, ms: performance.now() - started }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function load(url: string, headers: Record<string, string>) {
  return new Promise<{ p50: number; p99: number; rps: number; errors: number; non2xx: number }>((done, fail) => {
    autocannon({ url, connections: 20, workers: 1, duration: 5, headers }, (err, r) => {
      if (err) return fail(err);
      done({ p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), errors: r.errors, non2xx: r.non2xx });
    });
  });
}

export async function benchMap(): Promise<string[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const dbName = `${(process.env.BENCH_DB_PREFIX ?? '').replace(/[^a-z0-9_]/gi, '').toLowerCase()}map_bench_${Date.now().toString(36)}`;
  const withName = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  const staticDir = resolve('dist');
  const built = existsSync(resolve(staticDir, 'index.html'));
  if (adminUrl) await admin(`create database ${dbName}`);
  const database = await openDatabase(adminUrl ? { url: withName(adminUrl, dbName), poolSize: 10 } : {});
  await database.migrate();
  const { coordinatorIds } = await seedLarge(database.db, { coordinators: 100, farmers: 10_000, fields: FIELDS }, 'mapb');
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.insert(users).values({ name: 'नकाशा प्रशासक', email: EMAIL, passwordHash, role: 'admin', preferredLanguage: 'marathi' });
  const [{ email: coordinatorEmail }] = await database.db
    .update(users)
    .set({ passwordHash, preferredLanguage: 'marathi' })
    .where(eq(users.id, coordinatorIds[0]))
    .returning({ email: users.email });

  const config = loadConfig({
    demo: false,
    simulate: false,
    mqttEnabled: false,
    offlineSweepSeconds: 0,
    logLevel: 'warn',
    rateLimitPerMinute: 10_000_000,
    authRateLimitPerMinute: 1000,
    staticDir: built ? staticDir : '/nonexistent',
    redisUrl: undefined,
  });
  const app = await buildApp(config, { database });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const lines = [
    `## Field map, ${FIELDS.toLocaleString('en')} pins (${adminUrl ? 'PostgreSQL' : 'PGlite'})`,
    '',
    'Admin scope (every field). Server and browser share the machine with the load generator.',
    '',
  ];
  try {
    const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const { accessToken } = (await res.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const url = `${base}/api/v1/fields/map`;

    // Payload: the answer as sent, and the per-object answer it replaced (rebuilt here for comparison).
    const cold: number[] = [];
    for (let i = 0; i < 5; i++) {
      applyAccessChange({ fields: true });
      cold.push((await rawGet(url, { ...auth, 'accept-encoding': 'br' })).ms);
    }
    const body = (await (await fetch(url, { headers: auth })).json()) as FieldPins;
    const plain = await rawGet(url, { ...auth, 'accept-encoding': 'identity' });
    const gz = await rawGet(url, { ...auth, 'accept-encoding': 'gzip' });
    const br = await rawGet(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    const etag = String(br.headers.etag);
    const coordLogin = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: coordinatorEmail, password: PASSWORD }) });
    const coordinatorToken = ((await coordLogin.json()) as { accessToken: string }).accessToken;
    const coordinatorPins = ((await (await fetch(url, { headers: { authorization: `Bearer ${coordinatorToken}` } })).json()) as FieldPins).count;
    // One connection, one request at a time: the cost of one cached answer without queueing.
    const single: number[] = [];
    for (let i = 0; i < 50; i++) single.push((await rawGet(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' })).ms);
    const objects = JSON.stringify({
      fields: body.fieldId.map((fieldId, i) => ({
        _id: randomUUID(),
        fieldId,
        fieldName: body.name[i],
        status: ({ g: 'good', w: 'warning', a: 'alert' } as const)[body.status[i] as 'g'],
        crop: body.crops[body.crop[i]] ?? null,
        farmerName: body.farmers[body.farmer[i]] ?? null,
        // The old answer sent the stored doubles.
        lat: body.lat[i] + 1.234567e-9,
        lng: body.lng[i] + 1.234567e-9,
      })),
    });
    lines.push(
      '| answer | bytes on the wire |',
      '|---|---|',
      `| before: one object per pin, JSON, uncompressed | ${kb(Buffer.byteLength(objects))} |`,
      `| columns, uncompressed | ${kb(plain.bytes)} |`,
      `| columns, gzip | ${kb(gz.bytes)} (${gz.headers['content-encoding']}) |`,
      `| columns, brotli | ${kb(br.bytes)} (${br.headers['content-encoding']}) |`,
      `| If-None-Match, unchanged | ${(await rawGet(url, { ...auth, 'if-none-match': etag })).bytes} bytes (304) |`,
      '',
      `Cache miss (query, encode, gzip + brotli), median of 5: ${pct(cold, 50).toFixed(0)} ms. Cached brotli answer, one request at a time (50): p50 ${pct(single, 50).toFixed(1)} ms, p95 ${pct(single, 95).toFixed(1)} ms.`,
      '',
      '| 20 connections, 5 s | p50 ms | p99 ms | req/s | errors |',
      '|---|---|---|---|---|',
    );
    for (const [label, headers] of [
      ['brotli answer', { ...auth, 'accept-encoding': 'gzip, deflate, br' }],
      ['revalidation (304)', { ...auth, 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag }],
      [`coordinator (${coordinatorPins} pins), brotli`, { authorization: `Bearer ${coordinatorToken}`, 'accept-encoding': 'gzip, deflate, br' }],
    ] as const) {
      const r = await load(url, headers);
      lines.push(`| ${label} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.errors}${label.includes('304') ? '' : ` (+${r.non2xx} non-2xx)`} |`);
    }
    lines.push('');

    if (process.env.MAP_BENCH_BROWSER === '0') return lines;
    if (!built) {
      lines.push('Browser part skipped: no built web app in dist/ (run `npx vite build` first).');
      return lines;
    }
    try {
      // The map's own code, as the static plugin sends it (precompressed at build).
    const assets = resolve(staticDir, 'assets');
    const mapFiles = readdirSync(assets).filter((f) => /^(mapSetup|FieldMap|maplibre-gl-worker)-.*\.(m?js|css)$/.test(f));
    const size = (f: string) => (existsSync(resolve(assets, f)) ? statSync(resolve(assets, f)).size : NaN);
    const sum = (suffix: string) => mapFiles.reduce((n, f) => n + size(f + suffix), 0);
    lines.push(`Map code loaded with the Field Map tab (${mapFiles.length} files): ${kb(sum(''))} raw, ${kb(sum('.gz'))} gzip, ${kb(sum('.br'))} brotli.`, '');
    lines.push(
      ...(await browserPart(base, [
        { label: `admin, ${body.count.toLocaleString('en')} pins`, email: EMAIL, pins: body.count, shot: process.env.MAP_BENCH_SHOT ?? '/tmp/shetmitra-map-20k.png' },
        // The same map with a coordinator's ~200 pins: what the machine and software GL cost without the pins.
        { label: `coordinator, ${coordinatorPins} pins`, email: coordinatorEmail, pins: coordinatorPins },
      ])),
    );
    } catch (e) {
      lines.push(`Browser part failed: ${(e as Error).message.split('\n')[0]}`);
    }
    return lines;
  } finally {
    await app.close();
    await database.close();
    if (adminUrl) await admin(`drop database if exists ${dbName} with (force)`);
  }
}

type Run = { label: string; firstRender: number; seconds: number; frames: number[] };

async function browserPart(base: string, accounts: Array<{ label: string; email: string; pins: number; shot?: string }>): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'],
  });
  try {
    const runs: Run[] = [];
    for (const a of accounts) runs.push(await mapSession(browser, base, a));
    const row = (name: string, f: (r: Run) => string) => `| ${name} | ${runs.map(f).join(' | ')} |`;
    return [
      `Headless chromium ${browser.version()}, software WebGL (SwiftShader, no GPU), 1280×900, Marathi UI, no tiles; the same scripted pan/zoom for each.`,
      '',
      `| browser | ${runs.map((r) => r.label).join(' | ')} |`,
      `|---|${runs.map(() => '---').join('|')}|`,
      row('tab press → every pin drawn', (r) => `${r.firstRender.toFixed(0)} ms`),
      row('frames during pan/zoom', (r) => `${r.frames.length} in ${r.seconds.toFixed(1)} s (${(r.frames.length / r.seconds).toFixed(1)} fps)`),
      row('frame time p50 / p95 / max', (r) => `${pct(r.frames, 50).toFixed(1)} / ${pct(r.frames, 95).toFixed(1)} / ${Math.max(...r.frames).toFixed(0)} ms`),
      row('long frames (> 50 ms)', (r) => `${r.frames.filter((f) => f > 50).length}`),
      '',
      ...accounts.filter((a) => a.shot).map((a) => `Screenshot (${a.label}): ${a.shot}`),
    ];
  } finally {
    await browser.close();
  }
}

async function mapSession(browser: Browser, base: string, account: { label: string; email: string; pins: number; shot?: string }): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'mr-IN' });
  try {
    const page = await context.newPage();
    // No tile servers here: the map runs on its background, as it does offline.
    await page.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (r) => r.abort());
    await page.goto(`${base}/login`);
    await page.locator('input[type="email"]').fill(account.email);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/fields`);
    const tab = page.getByRole('tab', { name: 'शेतांचा नकाशा' });
    await tab.waitFor();
    const t0 = await page.evaluate(() => performance.now());
    await tab.click();
    // From the tab press: the lazy map chunk, the answer (uncached in this browser), decoding, the first deck.gl frame with every pin.
    const drawnAt = await (
      // (a string: this file is type-checked without the DOM library)
      await page.waitForFunction(
        `document.querySelector('.map-frame')?.getAttribute('data-pins-drawn') === '${account.pins}' ? performance.now() : false`,
        undefined,
        { polling: 'raf', timeout: 180_000 },
      )
    ).jsonValue();
    const firstRender = (drawnAt as number) - t0;
    await page.waitForTimeout(1000);
    if (account.shot) await page.screenshot({ path: account.shot, fullPage: true });

    // Frame times during a scripted pan and zoom, sampled with requestAnimationFrame.
    const box = (await page.locator('.map-frame canvas').first().boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__sampling = true;
      let last = 0;
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (window.__sampling) requestAnimationFrame(tick);
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(tick);
      });
    })()`);
    const started = Date.now();
    for (const dir of [-1, 1]) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 1; i <= 20; i++) await page.mouse.move(cx + dir * i * 12, cy + dir * i * 6);
      await page.mouse.up();
      for (let i = 0; i < 4; i++) {
        await page.mouse.wheel(0, dir * 240);
        await page.waitForTimeout(60);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const frames = (await page.evaluate('window.__sampling = false, window.__frames')) as number[];
    return { label: account.label, firstRender, seconds, frames };
  } finally {
    await context.close();
  }
}
