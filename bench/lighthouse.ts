/**
 * Lighthouse mobile (the default config: simulated Slow 4G, 4× CPU slowdown, Moto G-sized screen) on the
 * login page and the signed-in demo farmer's home, against the production build (`npx vite build` first;
 * built here when dist/ is missing) served by a throwaway demo server. The Debian chromium is launched
 * here with a remote-debugging port; the farmer's session is put into local storage through that same
 * browser before Lighthouse loads the page (Lighthouse's own storage reset is off, so the session stays).
 *
 * The farmer home is measured twice:
 * - cold: no service worker, empty Cache Storage, IndexedDB and HTTP cache (the login run installs the service
 *   worker and its precache; they are removed first, only local storage — the session — is kept): a first visit
 *   that downloads everything;
 * - warm: the service worker installed and its precache filled (a returning farmer): the app shell and chunks
 *   come from Cache Storage, only the API goes to the network.
 * `BENCH_LH_JSON=<dir>` also writes each run's Lighthouse JSON there (its trace-based audits: main-thread work,
 * long tasks, the network requests).
 *
 * Accessibility, best practices and CLS are deterministic and matter most; performance, TBT and LCP
 * are simulated from the trace and move with the machine's load (the load average is written beside them).
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/src/seed/demoAccounts';
import { freePort, ROOT, spawnServer } from '../tests/e2e/harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

type Row = { page: string; performance: number; accessibility: number; bestPractices: number; cls: number; tbt: number; lcp: number; jsKb: number; failing: string[] };

async function waitForDebugger(port: number) {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('chromium did not open its debugging port');
}

async function audit(url: string, port: number, page: string): Promise<Row> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility', 'best-practices'] });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (process.env.BENCH_LH_JSON) {
    mkdirSync(process.env.BENCH_LH_JSON, { recursive: true });
    writeFileSync(join(process.env.BENCH_LH_JSON, `${page.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  const js = summary?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? NaN;
  // What keeps accessibility or best practices under 100: the audits that failed in those categories.
  const failing = ['accessibility', 'best-practices'].flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
      .map((r) => {
        const items = (lhr.audits[r.id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
        const what = items.slice(0, 3).map((i) => String(i.description ?? (i.node as { snippet?: string } | undefined)?.snippet ?? i.source ?? '').slice(0, 160));
        return `${c}: ${r.id}${what.length ? ` (${what.join('; ')})` : ''}`;
      }),
  );
  // What moves the page: the layout-shift culprits.
  const shifts = (lhr.audits['layout-shifts']?.details as { items?: Array<{ node?: { snippet?: string }; score?: number }> } | undefined)?.items ?? [];
  for (const s of shifts.slice(0, 4)) failing.push(`layout shift ${s.score?.toFixed(3)}: ${String(s.node?.snippet ?? '').slice(0, 160)}`);
  return { page, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), cls: num('cumulative-layout-shift'), tbt: num('total-blocking-time'), lcp: num('largest-contentful-paint'), jsKb: js / 1024, failing };
}

export async function benchLighthouse(): Promise<string[]> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'shetmitra-bench-lh-'));
  const profile = mkdtempSync(join(tmpdir(), 'shetmitra-bench-lh-profile-'));
  const env: Record<string, string> = {};
  if (process.env.BENCH_PORT) env.PORT = process.env.BENCH_PORT;
  if (process.env.BENCH_MQTT_PORT) env.MQTT_PORT = process.env.BENCH_MQTT_PORT;
  const server = await spawnServer(dataDir, env);
  const debugPort = process.env.BENCH_DEBUG_PORT ? Number(process.env.BENCH_DEBUG_PORT) : await freePort();
  const browser = spawn(CHROMIUM, [...FLAGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const loadBefore = loadavg()[0];
  try {
    await waitForDebugger(debugPort);
    const rows: Row[] = [];
    rows.push(await audit(`${server.url}/login`, debugPort, 'login'));

    // Sign in as the demo farmer and leave the session where the app looks for it.
    const res = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'farmer@shetmitra.in', password: DEMO_PASSWORD }) });
    if (!res.ok) throw new Error(`demo farmer sign-in: HTTP ${res.status}`);
    const grant = (await res.json()) as { accessToken: string; refreshToken: string; user: unknown };
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
    const tab = await cdp.contexts()[0].newPage();
    // A same-origin file that loads no script: the app's chunks must not be in the cache for the audit.
    await tab.goto(`${server.url}/favicon.svg`);
    // The keys src/services/sessionStore.ts reads (a string: the server's tsconfig has no DOM types).
    await tab.evaluate(`(() => { const g = ${JSON.stringify(grant)};
      localStorage.setItem('accessToken', g.accessToken);
      localStorage.setItem('refreshToken', g.refreshToken);
      localStorage.setItem('user', JSON.stringify(g.user)); })()`);
    const session = await cdp.contexts()[0].newCDPSession(tab);
    // Cold: the login run installed the service worker and filled its precache; remove them (and the offline
    // copies in IndexedDB) so the farmer home downloads everything. Local storage keeps the session.
    await session.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'service_workers,cache_storage,indexeddb' });
    await session.send('Network.clearBrowserCache');
    const workers = Number(await tab.evaluate('navigator.serviceWorker.getRegistrations().then((r) => r.length)'));
    const caches = Number(await tab.evaluate('caches.keys().then((k) => k.length)'));
    if (workers !== 0 || caches !== 0) throw new Error(`cold run: ${workers} service worker(s) and ${caches} cache(s) left`);
    await tab.close();
    rows.push(await audit(`${server.url}/`, debugPort, 'farmer home, cold (no service worker, empty caches)'));

    // Warm: a returning farmer, the service worker installed and its precache complete (the cold run registered
    // it; wait until it is active and controls a page of the app).
    const warm = await cdp.contexts()[0].newPage();
    await warm.goto(`${server.url}/`);
    await warm.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 60_000 });
    await warm.close();
    await cdp.close().catch(() => {});
    rows.push(await audit(`${server.url}/`, debugPort, 'farmer home, warm (service worker precache)'));

    const loadAfter = loadavg()[0];
    const out = [
      '## Lighthouse (mobile: simulated Slow 4G, 4× CPU)',
      '',
      `Load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after (a shared machine moves performance, TBT and LCP; accessibility, best practices and CLS do not).`,
      '',
      '| page | performance | accessibility | best practices | CLS | TBT ms | LCP ms | JS transferred KB |',
      '|---|---|---|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${Math.round(r.lcp)} | ${r.jsKb.toFixed(1)} |`),
      '',
      'Targets (issue 17): performance ≥ 95, accessibility 100, best practices 100, CLS ≤ 0.02, TBT ≤ 150 ms.',
    ];
    const failing = rows.flatMap((r) => r.failing.map((f) => `- ${r.page} — ${f}`));
    if (failing.length) out.push('', 'Failing audits and the largest layout shifts:', '', ...failing);
    return out;
  } finally {
    browser.kill('SIGKILL');
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}
