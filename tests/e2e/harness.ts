/**
 * End-to-end harness: the real app (built front end + server on an embedded database with the demo world)
 * driven by Debian's chromium through playwright-core.
 *
 *   const e2e = withApp();                    // beforeAll: the server on a fresh copy of the seeded demo database
 *   it('…', async () => {                    // afterAll: it stopped, the file's browser contexts closed
 *     const page = await e2e.browser.newPage();  // a context of its own, of the worker's chromium
 *     await loginAs(page, e2e.app, DEMO.farmer);   // signed in through the API (loginThroughForm: the form)
 *     await shot(page, 'farmer-home');       // test-results/screenshots/farmer-home.png
 *   });
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/src/seed/demoAccounts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Seeded demo database folder made once per run by tests/e2e/globalSetup.ts. */
    e2eTemplateDir: string;
    /** The server bundled once per run by tests/e2e/globalSetup.ts (tests/e2e/serverBundle.ts). */
    e2eServerEntry: string;
  }
}

export const ROOT = new URL('../..', import.meta.url).pathname;

/** Free bytes in /dev/shm (memory), 0 without one. */
const shmFree = (() => {
  try {
    const fs = statfsSync('/dev/shm');
    return fs.bavail * fs.bsize;
  } catch {
    return 0;
  }
})();

/**
 * Where the seeded template and each file's copy of it live: memory (/dev/shm) where the machine has room, so the
 * copy per file and the embedded database's fsyncs cost no disk IO (the copies are thrown away after the file
 * anyway); E2E_TMPDIR to choose another place.
 */
export const DATA_ROOT = process.env.E2E_TMPDIR ?? (shmFree > 4e9 ? '/dev/shm' : tmpdir());
export const SHOTS = join(ROOT, 'test-results', 'screenshots');
export { DEMO_PASSWORD as PASSWORD } from '../../server/src/seed/demoAccounts';
export { DEMO_ACCOUNTS as DEMO } from '../../server/src/seed/demoAccounts';

/**
 * E2E_PORTS / E2E_MQTT_PORTS (`3360-3369`): an engineer's own port range on a shared machine. Each vitest worker
 * (VITEST_POOL_ID 1…n; the globalSetup's seeding counts as 1, it ends before the workers start) takes its own
 * three ports of the range: the app, and two for what a file starts beside it (e.g. mapTiles' tile server).
 * Without them the ports are whatever the system gives (E2E_PORT / E2E_MQTT_PORT still pin one file's).
 */
function rangedPort(range: string | undefined, slot: number): number | undefined {
  if (!range) return undefined;
  const [from, to] = range.split('-').map(Number);
  const port = from + (Number(process.env.VITEST_POOL_ID ?? 1) - 1) * 3 + slot;
  if (!(port <= (to ?? from))) throw new Error(`port range ${range} too small for worker ${process.env.VITEST_POOL_ID} (3 ports a worker)`);
  return port;
}

/** A port for something a test file starts beside its app (slot 1 or 2 of the worker's share of E2E_PORTS), else a free one. */
export async function sidePort(slot: 1 | 2 = 1): Promise<number> {
  return rangedPort(process.env.E2E_PORTS, slot) ?? freePort();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type RunningApp = {
  url: string;
  port: number;
  mqttPort: number;
  dataDir: string;
  /** What the server printed (since its last start). */
  logs: string[];
  /** Stops the server and removes its data folder. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Stops the server process only (the data folder stays), e.g. to watch the app while it is down. */
  halt(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the same command again on the same ports and data folder after `halt`. */
  resume(): Promise<void>;
};

export async function waitForHealth(url: string, timeoutMs = 60_000, proc?: ChildProcess) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc && proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`${url}/api/v1/health`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/**
 * Runs the server on an embedded database in `dataDir`, on free ports (or the PORT / MQTT_PORT given, e.g. to
 * restart on the same ones), with the demo world: `entry` is the run's bundle of server/src/server.ts
 * (serverBundle.ts), started by plain node; without one, the sources through tsx.
 */
export async function spawnServer(dataDir: string, env: Record<string, string> = {}, entry?: string) {
  // E2E_PORT / E2E_MQTT_PORT pin the ports (an engineer's own range on a shared machine; one file at a time).
  const pinned = (v: string | undefined) => (v ? Number(v) : undefined);
  const port = pinned(env.PORT) ?? pinned(process.env.E2E_PORT) ?? rangedPort(process.env.E2E_PORTS, 0) ?? (await freePort());
  const mqttPort = pinned(env.MQTT_PORT) ?? pinned(process.env.E2E_MQTT_PORT) ?? rangedPort(process.env.E2E_MQTT_PORTS, 0) ?? (await freePort());
  // The node process itself, not a wrapper (the `tsx` command starts node as its child and relays signals: one node
  // start more, and a SIGKILL of a server not healthy in time, or not stopping, would leave the real one running).
  // The sources run through `node --import tsx`, the same loader as the `tsx` command.
  const args = entry ? ['--enable-source-maps', entry] : ['--import', 'tsx', join(ROOT, 'server/src/server.ts')];
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      DEMO: '1',
      SIMULATE: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
      // The latency limit (shed when the API's p90 passes 500 ms) is off here: two e2e files run at once beside
      // chromium on two cores, where a page's burst of calls can pass it without the app being overloaded.
      // Shedding is tested by tests/server/foundation/overloadLatency.test.ts and measured by `npm run bench -- overload`.
      OVERLOAD_MAX_LATENCY_MS: '0',
      // Likewise the database-wait limit (a page's burst of calls queues on the embedded database for a moment).
      OVERLOAD_MAX_DB_WAIT_MS: '0',
      OVERLOAD_MAX_IN_FLIGHT: '0',
      // And the event-loop-delay limit (1 s): the browser suite runs beside the vitest passes (scripts/test.mjs), and a
      // starved event loop on a busy CI machine is not the app being overloaded. The shedding path itself is tested by
      // tests/server/foundation/overload*.test.ts.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  proc.stdout!.on('data', (d) => logs.push(String(d)));
  proc.stderr!.on('data', (d) => logs.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  try {
    // E2E_START_TIMEOUT_MS: more time on a machine shared at load 20 and more, where the first seeding (~17 s of
    // CPU) can take minutes.
    await waitForHealth(url, Number(process.env.E2E_START_TIMEOUT_MS ?? 120_000), proc);
  } catch (e) {
    proc.kill('SIGKILL');
    throw new Error(`${(e as Error).message}\n${logs.join('')}`);
  }
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      const t = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      proc.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      proc.kill(signal);
    });
  return { url, port, mqttPort, logs, proc, stop };
}

/**
 * Starts the server on a copy of the seeded template database (made once in globalSetup); `prepare` may read or
 * change that copy before the server owns it.
 */
export async function startApp(env: Record<string, string> = {}, prepare?: (dataDir: string) => Promise<void>): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(DATA_ROOT, 'shetmitra-e2e-'));
  cpSync(inject('e2eTemplateDir'), dataDir, { recursive: true });
  await prepare?.(dataDir);
  const entry = inject('e2eServerEntry');
  let server = await spawnServer(dataDir, env, entry);
  const { url, port, mqttPort } = server;
  return {
    url,
    port,
    mqttPort,
    dataDir,
    get logs() {
      return server.logs;
    },
    halt: (signal) => server.stop(signal),
    resume: async () => {
      server = await spawnServer(dataDir, { ...env, PORT: String(port), MQTT_PORT: String(mqttPort) }, entry);
    },
    stop: async (signal) => {
      await server.stop(signal);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's /usr/bin/chromium is a shell script that adds the desktop's flags (extensions, GPU rasterization) and
 * then starts this binary; the tests start it directly with their own flags.
 */
const CHROMIUM = existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
    // Playwright's default --disable-dev-shm-usage (for containers with a tiny /dev/shm) puts chromium's shared
    // memory in files under /tmp, on disk; kept only where /dev/shm is small.
    ignoreDefaultArgs: shmFree > 1e9 ? ['--disable-dev-shm-usage'] : [],
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The chromium of this test process: launched on first use and shared by the files the process runs one after
 * another (vitest.e2e.config.ts: `isolate: false`), each file in its own contexts, closed after it (`withApp`).
 * Playwright closes it when vitest ends the process (SIGTERM); a browser that went away is launched again.
 */
let processBrowser: Promise<Browser> | undefined;
export function sharedBrowser(): Promise<Browser> {
  if (!processBrowser) {
    const launching = launchBrowser();
    const forget = () => {
      if (processBrowser === launching) processBrowser = undefined;
    };
    launching.then((b) => b.on('disconnected', forget), forget);
    processBrowser = launching;
  }
  return processBrowser;
}

/**
 * Takes the place of the app's service worker registration in the contexts of files whose subject is not the worker:
 * `register` never settles, as for a visitor whose worker has not installed yet, so a context does not download the
 * whole precache (~140 files, ~1 s of chromium and ~0.4 s of server CPU each). The app never touches /api or
 * /socket.io in its worker (src/sw.ts), so the screens, the API and the live feed are the same without it. Not
 * Playwright's `serviceWorkers: 'block'`: its `register` answers `undefined`, which workbox-window reads as a
 * registration and fails on (a console error the pages would show).
 */
const NO_SERVICE_WORKER = `if (self.ServiceWorkerContainer) ServiceWorkerContainer.prototype.register = () => new Promise(() => {});`;

/**
 * What a test file opens pages with: its own contexts of the process's browser, all closed after the file. A context
 * has the app's service worker where the file asks for it (`withApp({ serviceWorker: true })`) or the context does
 * (`serviceWorkers: 'allow'`); otherwise `NO_SERVICE_WORKER`.
 */
export type FileBrowser = Pick<Browser, 'newContext' | 'newPage'>;

function fileBrowser(browser: Browser, serviceWorker: boolean, contexts: Set<BrowserContext>): FileBrowser {
  const own = async (context: BrowserContext, options: { serviceWorkers?: 'allow' | 'block' } = {}) => {
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    if (!(options.serviceWorkers === 'allow' || (options.serviceWorkers === undefined && serviceWorker))) await context.addInitScript(NO_SERVICE_WORKER);
  };
  return {
    async newContext(options) {
      const context = await browser.newContext(options);
      await own(context, options);
      return context;
    },
    async newPage(options) {
      const page = await browser.newPage(options);
      await own(page.context(), options);
      return page;
    },
  };
}

/**
 * Opens `path` in a page already showing the app through the app's own router (wouter follows `history.pushState`,
 * as a link click does), without loading the page again: for crawls whose subject is each screen, not its load.
 * Resolves once no request has been in flight for `quietMs` (what `networkidle` says after a full load, which a
 * pushState never resets).
 */
export async function openInApp(page: Page, app: RunningApp, path: string, quietMs = 500) {
  if (!page.url().startsWith(`${app.url}/`)) throw new Error(`openInApp: ${page.url()} is not the app`);
  // The page's own load (and what it asked for) first.
  await page.waitForLoadState('networkidle');
  const inFlight = new Set<Request>();
  let since = Date.now();
  const started = (r: Request) => {
    inFlight.add(r);
    since = Date.now();
  };
  const ended = (r: Request) => {
    inFlight.delete(r);
    since = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate((to) => (globalThis as unknown as { history: { pushState(s: null, t: string, u: string): void } }).history.pushState(null, '', to), path);
    await page.waitForURL(`${app.url}${path}`);
    // A plain wait, not expect.poll: the crawls' tests run concurrently, where the global `expect` is not theirs.
    const until = Date.now() + 30_000;
    while (inFlight.size > 0 || Date.now() - since < quietMs) {
      if (Date.now() > until) throw new Error(`openInApp ${path}: requests still in flight after 30 s: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Logs in through the real login form and waits for the home route (for tests whose subject is signing in). */
export async function loginThroughForm(page: Page, app: RunningApp, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${app.url}/login`);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${app.url}/`);
}

/**
 * Signs in as a returning user: the sign-in through the API (POST /auth/login, the same call the form makes), the
 * session put where the app keeps it (src/services/sessionStore.ts: accessToken, refreshToken, user in local
 * storage), then the home opened; the app boots from the stored session and checks it with the server as it does
 * for anyone coming back. It saves the /login page's load (the app's scripts parsed once more) of every test whose
 * subject is not the form; `loginThroughForm` is the form itself, and tests/e2e/foundation.e2e.ts and
 * account.e2e.ts sign in through it. A page that has already been used, or a context whose service worker may
 * answer the blank page's navigation, signs in through the form.
 */
export async function loginAs(page: Page, app: RunningApp, email: string, password = DEMO_PASSWORD) {
  if (page.url() !== 'about:blank' || page.context().serviceWorkers().length > 0) return loginThroughForm(page, app, email, password);
  const r = await fetch(`${app.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!r.ok) throw new Error(`login ${email} answered ${r.status}`);
  const grant = (await r.json()) as { accessToken?: string; refreshToken?: string; user?: unknown };
  const { accessToken, refreshToken, user } = grant;
  if (!accessToken || !refreshToken || !user) throw new Error(`login ${email}: no session in the answer (a second step asked?)`);
  // An empty page of the app's origin (never sent to the server), only to reach its local storage.
  const blank = `${app.url}/__e2e-blank`;
  await page.route(blank, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }));
  await page.goto(blank);
  await page.evaluate((g) => {
    // Runs in the page (this file is also type-checked by the server's tsconfig, which has no DOM types).
    const { localStorage: storage } = globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } };
    storage.setItem('accessToken', g.accessToken);
    storage.setItem('refreshToken', g.refreshToken);
    storage.setItem('user', JSON.stringify(g.user));
  }, { accessToken, refreshToken, user });
  await page.unroute(blank);
  await page.goto(`${app.url}/`);
  await page.waitForURL(`${app.url}/`);
}

/** A message from the web app's catalogs, so tests assert what users read without copying strings. */
export function catalog(locale: 'mr' | 'en' | 'hi'): Record<string, string> {
  return JSON.parse(readFileSync(join(ROOT, 'src/i18n/messages', `${locale}.json`), 'utf8'));
}

export type DemoDevice = { fieldRef: string; sensorId: string; type: string; deviceKey: string };

/** The demo devices (with their keys) a demo app lists in its data folder for `npm run simulate`. */
export async function demoDevices(app: RunningApp): Promise<DemoDevice[]> {
  const file = join(app.dataDir, 'demo-devices.json');
  const until = Date.now() + 20_000;
  for (;;) {
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as { devices: DemoDevice[] }).devices;
    } catch (err) {
      if (Date.now() > until) throw new Error(`no demo device list in ${file}: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Publishes as real devices do: each sensor signed in on its own connection with its device key. */
export function devicePublisher(app: RunningApp) {
  const clients = new Map<string, Promise<MqttClient>>();
  const clientOf = (d: DemoDevice) => {
    let c = clients.get(d.sensorId);
    if (!c) {
      c = mqtt.connectAsync(`mqtt://127.0.0.1:${app.mqttPort}`, { clientId: `e2e-${d.sensorId}`, username: d.sensorId, password: d.deviceKey });
      clients.set(d.sensorId, c);
    }
    return c;
  };
  return {
    publish: async (d: DemoDevice, value: number) =>
      (await clientOf(d)).publishAsync(`shetmitra/fields/${d.fieldRef}/sensors/${d.sensorId}/readings`, JSON.stringify({ sensorId: d.sensorId, type: d.type, value }), { qos: 1 }),
    end: async () => {
      await Promise.all([...clients.values()].map(async (c) => (await c.catch(() => null))?.endAsync()));
    },
  };
}

export type WithAppOptions = {
  /** Server environment (e.g. `{ ACCESS_TOKEN_TTL: '4' }`). */
  env?: Record<string, string>;
  /** Also read the demo devices and open a publisher for them (`e2e.sensors`, `e2e.devices`). */
  devices?: boolean;
  /** Runs before the app starts (e.g. a tile server whose address goes into `env`); may return env to add. */
  before?: () => Promise<Record<string, string> | void>;
  /** Reads or changes the app's copy of the demo database before the server starts on it. */
  prepare?: (dataDir: string) => Promise<void>;
  /** Runs after the file's browser contexts are closed and the app stopped. */
  after?: () => Promise<void> | void;
  /**
   * The app's service worker registers and installs as for a user (files whose subject is the worker: offline use,
   * the outbox, Web Push). Otherwise its registration never settles (`NO_SERVICE_WORKER`).
   */
  serviceWorker?: boolean;
};

/**
 * The one setup every e2e file shares: in `beforeAll` a fresh app (own ports, own copy of the demo database) and the
 * file's own contexts of the test process's chromium (`sharedBrowser`); in `afterAll` the contexts closed and the app
 * stopped. Returns getters (valid inside tests and later hooks) and the small HTTP helpers tests use to read the
 * server as a user.
 */
export function withApp(options: WithAppOptions = {}) {
  let app: RunningApp | undefined;
  let browser: FileBrowser | undefined;
  const contexts = new Set<BrowserContext>();
  let publisher: ReturnType<typeof devicePublisher> | undefined;
  let sensors: DemoDevice[] | undefined;
  beforeAll(async () => {
    // The browser (the first file of a process launches it) starts while the server does: neither needs the other.
    const launching = sharedBrowser();
    launching.catch(() => {});
    try {
      const extra = (await options.before?.()) ?? {};
      app = await startApp({ ...options.env, ...extra }, options.prepare);
    } finally {
      browser = fileBrowser(await launching, options.serviceWorker ?? false, contexts);
    }
    if (options.devices) {
      // The demo app lists its devices and their keys in its data folder (as for `npm run simulate`).
      sensors = await demoDevices(app);
      publisher = devicePublisher(app);
    }
  });
  afterAll(async () => {
    await publisher?.end();
    await Promise.all([...contexts].map((c) => c.close()));
    await app?.stop();
    await options.after?.();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`withApp: ${what} is not ready (used outside a test, or setup failed)`);
    return value;
  };
  const e2e = {
    get app() {
      return need(app, 'the app');
    },
    get url() {
      return need(app, 'the app').url;
    },
    get browser() {
      return need(browser, 'the browser');
    },
    get devices() {
      return need(publisher, 'the device publisher (withApp({ devices: true }))');
    },
    get sensors() {
      return need(sensors, 'the demo devices (withApp({ devices: true }))');
    },
    /** A GET on the API as the holder of `token`: status and parsed body. */
    async api<T>(path: string, token: string): Promise<{ status: number; body: T }> {
      const r = await fetch(`${e2e.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: r.status, body: (await r.json()) as T };
    },
    /** The same, failing on anything but 200: the body. */
    async get<T>(path: string, token: string): Promise<T> {
      const { status, body } = await e2e.api<T>(path, token);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
      return body;
    },
    /** An access token of a demo account, signed in through the API. */
    async tokenOf(email: string, password = DEMO_PASSWORD): Promise<string> {
      const r = await fetch(`${e2e.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      if (!r.ok) throw new Error(`login ${email} answered ${r.status}`);
      return ((await r.json()) as { accessToken: string }).accessToken;
    },
  };
  return e2e;
}

/** An alert as the alert lists answer it (the fields the e2e files read). */
export type ListedAlert = { id: string; fieldId: string; type: string; severity: string; status: string; resolvedAt: string | null };

/**
 * The alert e2e files' shared setup (withApp({ devices: true })): the demo farmer's first field with a moisture
 * sensor, that sensor, the field's open moisture alert as the farmer's list shows it, and `recover()`, which
 * publishes a wet reading and waits until no moisture alert is open on the field (one the demo world left open
 * clears), so the next dry reading raises a new one.
 */
export async function moistureField(e2e: ReturnType<typeof withApp>) {
  const farmerToken = await e2e.tokenOf(DEMO_ACCOUNTS.farmer);
  const { fields } = await e2e.get<{ fields: Array<{ _id: string; name: string }> }>('/sensor-data', farmerToken);
  const field = fields.find((f) => e2e.sensors.some((s) => s.fieldRef === f._id && s.type === 'moisture'));
  if (!field) throw new Error('the demo farmer has no field with a moisture sensor');
  const moisture = e2e.sensors.find((s) => s.fieldRef === field._id && s.type === 'moisture')!;
  const activeOnField = async () =>
    (await e2e.get<{ alerts: ListedAlert[] }>('/alerts?type=moisture&state=open&limit=100', farmerToken)).alerts.find((a) => a.fieldId === field._id);
  const recover = async () => {
    await e2e.devices.publish(moisture, 45);
    await expect.poll(activeOnField, { timeout: 15_000 }).toBeUndefined();
  };
  return { farmerToken, field, moisture, activeOnField, recover };
}

