#!/usr/bin/env node
/**
 * Screenshots of every screen, for "looks the same before and after" checks (issue 15).
 *
 *   node scripts/screens.mjs shoot <baseUrl> <outDir> [--clock ISO] [--roles farmer,admin] [--widths 412,1366] [--only /fields,/]
 *   node scripts/screens.mjs compare <beforeDir> <afterDir> <diffDir> [--fuzz 2%]
 *
 * `shoot` signs in through the login form as each demo role (server/src/seed/demoAccounts.ts) and takes a
 * full-page screenshot of every route of spec section 2 (src/app/paths.ts) at 412×900 and 1366×900 in Marathi,
 * plus the signed-out screens. A route that redirects to a screen already taken is recorded, not taken again.
 * Each screen is taken once the network has been quiet for 500 ms and no loading indicator is left (`.loading`,
 * `aria-busy="true"`, or a Marathi "… लोड होत आहे / आणत आहे" line), after one short settle. It writes
 * `<outDir>/<role>-<width>-<route>.png` and `<outDir>/manifest.json` (where each route ended, its language, and
 * whether it settled).
 *
 * Same build, same pictures: run the server without live data and on a fresh demo database, e.g.
 *   rm -rf /tmp/screens-a && DATA_DIR=/tmp/screens-a DEMO=1 SIMULATE=0 OFFLINE_SWEEP_SECONDS=0 ACCESS_TOKEN_TTL=3600 \
 *     NODE_ENV=production HOST=127.0.0.1 PORT=3222 MQTT_PORT=18852 node_modules/.bin/tsx server/src/server.ts
 * The demo world's readings end at the half hour before the server first started; the browser's clock
 * (Date only, timers run) is fixed at `--clock`, by default 20 minutes after the half hour the server's clock
 * is in, so "measured 20 minutes ago" reads the same in every run seeded in that half hour. Two builds compared
 * with each other: start both servers in the same half hour and give both runs the same `--clock`. The time
 * zone (Asia/Kolkata), the geolocation (the spec's fallback, 19.076 N 72.8777 E), motion and the caret are fixed too.
 *
 * `compare` runs ImageMagick's `compare -metric AE -fuzz 2%` on every pair (pictures of different heights are
 * padded with magenta to the larger size first), writes a diff picture per differing pair, and prints a table
 * (also `<diffDir>/compare.json`). Needs Debian's imagemagick (/usr/bin/compare).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const PASSWORD = 'ShetMitra@2026';
const ACCOUNTS = {
  farmer: 'farmer@shetmitra.in',
  coordinator: 'coordinator@shetmitra.in',
  admin: 'admin@shetmitra.in',
  superadmin: 'superadmin@shetmitra.in',
};
/** Every route of src/app/paths.ts; :id is the demo farmer's id. */
const ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/set-password',
  '/profile',
  '/disease-detector',
  '/fdss',
  '/land-report',
  '/add-admin',
  '/add-coordinator',
  '/add-farmer',
  '/add-field',
  '/farmers',
  '/farmer/:id',
  '/farmer/:id/edit',
  '/alerts',
  '/analytics',
  '/advanced-analytics',
  '/ai-recommendations',
  '/gps-field-mapping',
  '/coordinator-dashboard',
  '/fields',
  '/messages',
  '/trust',
];
const SIGNED_OUT = ['/login', '/register', '/forgot-password', '/reset-password', '/set-password'];
const STAFF = ['coordinator', 'admin', 'superadmin'];
/** The Marathi catalog of the tree this script is in: the states below find buttons by what people read. */
const mr = JSON.parse(readFileSync(new URL('../src/i18n/messages/mr.json', import.meta.url), 'utf8'));
/** The first button whose name starts with the catalog's text (row buttons add ": <name>" to theirs). */
const button = (page, key) => page.getByRole('button', { name: new RegExp(`^${mr[key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first();
const submitEmpty = (page) => page.locator('main form button[type="submit"], form button[type="submit"]').first().click();
/**
 * Screens that only show after a click: dialogs, form errors, tabs, a search, a second page. Each starts from a
 * fresh load of its route. Not here on purpose: the login history (it lists this run's own sign-ins, at the
 * server's real time) and anything that writes.
 */
const STATES = [
  { name: 'login-wrong', roles: ['signedOut'], route: '/login', act: async (page) => {
    await page.locator('input[type="email"]').fill('nobody@shetmitra.in');
    await page.locator('input[type="password"]').fill('Wrong@2026x');
    await submitEmpty(page);
    await page.getByRole('alert').first().waitFor();
  } },
  { name: 'login-empty', roles: ['signedOut'], route: '/login', act: submitEmpty },
  { name: 'forgot-empty', roles: ['signedOut'], route: '/forgot-password', act: submitEmpty },
  { name: 'profile-edit', roles: ['farmer', 'admin'], route: '/profile', act: (page) => button(page, 'profile.edit').click() },
  { name: 'profile-password', roles: ['farmer', 'admin'], route: '/profile', act: async (page) => {
    await button(page, 'profile.security.password').click();
    await page.getByRole('dialog').locator('button[type="submit"]').click();
  } },
  { name: 'profile-2fa', roles: ['farmer', 'admin'], route: '/profile', act: (page) => button(page, 'profile.security.twoFactor').click() },
  { name: 'field-details', roles: ['farmer', ...STAFF], route: '/fields', act: async (page) => {
    await page.getByRole('button', { name: new RegExp(mr['fields.viewDetails']) }).first().click();
    await page.getByRole('dialog').waitFor();
  } },
  { name: 'fields-table', roles: STAFF, route: '/fields', act: (page) => page.getByRole('tab', { name: mr['fields.tab.table'] }).click() },
  { name: 'fields-map', roles: STAFF, route: '/fields', act: (page) => page.getByRole('tab', { name: mr['fields.tab.map'] }).click() },
  { name: 'add-farmer-empty', roles: STAFF, route: '/add-farmer', act: submitEmpty },
  { name: 'add-field-empty', roles: STAFF, route: '/add-field', act: (page) => button(page, 'addField.create').click() },
  { name: 'farmers-search', roles: STAFF, route: '/farmers', act: (page) => page.getByPlaceholder(mr['people.search']).fill('farmer1') },
  { name: 'farmers-page2', roles: ['admin'], route: '/farmers', act: (page) => button(page, 'pager.next').click() },
  { name: 'farmers-edit', roles: STAFF, route: '/farmers', act: (page) => button(page, 'people.edit').click() },
  { name: 'coordinators-search', roles: ['admin'], route: '/', act: (page) => page.getByPlaceholder(mr['people.searchCoordinators']).fill('2') },
  { name: 'coordinators-edit', roles: ['admin'], route: '/', act: (page) => button(page, 'people.edit').click() },
  { name: 'alerts-search', roles: ['coordinator'], route: '/alerts', act: (page) => page.getByPlaceholder(mr['alerts.search']).fill('Shirur') },
  { name: 'gps-add', roles: STAFF, route: '/gps-field-mapping', act: (page) => button(page, 'gps.add.open').click() },
  { name: 'adv-report', roles: ['admin'], route: '/advanced-analytics', act: (page) => button(page, 'adv.viewReport').click() },
  { name: 'recs-generate', roles: ['admin'], route: '/ai-recommendations', act: (page) => button(page, 'recs.generate.open').click() },
];
const HALF_HOUR = 30 * 60_000;

function options(argv) {
  const positional = [];
  const named = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) named[argv[i].slice(2)] = argv[++i];
    else positional.push(argv[i]);
  }
  return { positional, named };
}

const slug = (route) => (route === '/' ? 'home' : route.slice(1).replaceAll(':', '').replaceAll('/', '-'));

/** Requests in flight, leaving out the socket (its long poll stays open by design). */
function trackNetwork(page) {
  const open = new Set();
  let last = Date.now();
  const done = (r) => {
    open.delete(r);
    last = Date.now();
  };
  page.on('request', (r) => {
    if (r.url().includes('/socket.io/')) return;
    open.add(r);
    last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { quietFor: () => (open.size > 0 ? 0 : Date.now() - last) };
}

/** True when nothing on the page says it is still loading. */
const noLoadingIndicator = () => {
  const busy = [...document.querySelectorAll('.loading, [aria-busy="true"]')].some((el) => el.getClientRects().length > 0);
  return !busy && !/लोड होत आहे|आणत आहे/.test(document.body.innerText) && document.fonts.status === 'loaded';
};

async function settle(page, net, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (let pass = 0; pass < 2; pass++) {
    for (;;) {
      if (net.quietFor() >= 500 && (await page.evaluate(noLoadingIndicator).catch(() => false))) break;
      if (Date.now() > until) return false;
      await page.waitForTimeout(100);
    }
    // One short settle (charts lay out after their data arrives), then the same check again.
    await page.waitForTimeout(pass === 0 ? 400 : 0);
  }
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return true;
}

async function newContext(browser, width, clock) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: 1,
    locale: 'mr-IN',
    timezoneId: 'Asia/Kolkata',
    reducedMotion: 'reduce',
    colorScheme: 'light',
    geolocation: { latitude: 19.076, longitude: 72.8777 },
    permissions: ['geolocation'],
  });
  // Marathi, the default, chosen explicitly so a profile's saved language cannot change the run.
  await context.addInitScript(() => {
    const key = 'shetmitra.prefs';
    let prefs = {};
    try {
      prefs = JSON.parse(localStorage.getItem(key) ?? '{}') ?? {};
    } catch {
      /* unreadable: start again */
    }
    if (prefs.locale !== 'mr') localStorage.setItem(key, JSON.stringify({ ...prefs, locale: 'mr' }));
  });
  await context.clock.setFixedTime(clock);
  return context;
}

async function signIn(page, base, email) {
  await page.goto(`${base}/login`);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/`, { timeout: 30_000 });
}

/** The demo farmer's id, for /farmer/:id (asked of the API as the admin). */
async function demoFarmerId(base) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS.admin, password: PASSWORD }),
  }).then((r) => r.json());
  const list = await fetch(`${base}/api/v1/admin/farmers?page=1&limit=50&search=${encodeURIComponent(ACCOUNTS.farmer)}`, {
    headers: { authorization: `Bearer ${login.accessToken}` },
  }).then((r) => r.json());
  const rows = Object.values(list).find(Array.isArray) ?? [];
  const row = rows.find((f) => f.email === ACCOUNTS.farmer) ?? rows[0];
  if (!row) throw new Error(`no farmer in ${JSON.stringify(list).slice(0, 200)}`);
  return String(row.id ?? row._id);
}

async function defaultClock(base) {
  const res = await fetch(`${base}/api/v1/health`);
  const serverNow = new Date(res.headers.get('date') ?? Date.now()).getTime();
  return new Date(Math.floor(serverNow / HALF_HOUR) * HALF_HOUR + 20 * 60_000);
}

async function shoot(base, outDir, named) {
  mkdirSync(outDir, { recursive: true });
  const clock = named.clock ? new Date(named.clock) : await defaultClock(base);
  const roles = (named.roles ?? 'signedOut,farmer,coordinator,admin,superadmin').split(',');
  const widths = (named.widths ?? '412,1366').split(',').map(Number);
  const only = named.only?.split(',');
  const farmerId = await demoFarmerId(base);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const manifest = { base, clock: clock.toISOString(), farmerId, screens: [] };
  try {
    for (const role of roles) {
      for (const width of widths) {
        const context = await newContext(browser, width, clock);
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        const net = trackNetwork(page);
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e.message)));
        if (role !== 'signedOut') await signIn(page, base, ACCOUNTS[role]);
        const taken = new Map();
        for (const route of role === 'signedOut' ? SIGNED_OUT : ROUTES) {
          if (only && !only.includes(route)) continue;
          const t0 = Date.now();
          errors.length = 0;
          await page.goto(`${base}${route.replace(':id', farmerId)}`);
          const settled = await settle(page, net);
          const ended = new URL(page.url()).pathname.replace(farmerId, ':id');
          const lang = await page.evaluate(() => document.documentElement.lang);
          const entry = { role, width, route, ended, lang, settled, ms: Date.now() - t0, errors: [...errors] };
          if (taken.has(ended)) entry.sameAs = taken.get(ended);
          else {
            entry.file = `${role}-${width}-${slug(route)}.png`;
            await page.screenshot({ path: join(outDir, entry.file), fullPage: true, animations: 'disabled', caret: 'hide' });
            taken.set(ended, entry.file);
          }
          manifest.screens.push(entry);
          console.log(`${role} ${width} ${route} → ${ended}${settled ? '' : ' (still loading)'} ${entry.file ?? `= ${entry.sameAs}`} ${entry.ms} ms`);
        }
        for (const state of STATES) {
          if (!state.roles.includes(role) || (only && !only.includes(state.route) && !only.includes(state.name))) continue;
          const t0 = Date.now();
          errors.length = 0;
          await page.goto(`${base}${state.route}`);
          let settled = await settle(page, net);
          let failed;
          try {
            await state.act(page);
            settled = (await settle(page, net)) && settled;
          } catch (e) {
            failed = String(e.message).split('\n')[0];
          }
          const file = `${role}-${width}-state-${state.name}.png`;
          await page.screenshot({ path: join(outDir, file), fullPage: true, animations: 'disabled', caret: 'hide' });
          const entry = { role, width, state: state.name, route: state.route, settled, failed, file, ms: Date.now() - t0, errors: [...errors] };
          manifest.screens.push(entry);
          console.log(`${role} ${width} [${state.name}]${settled ? '' : ' (still loading)'}${failed ? ` FAILED ${failed}` : ''} ${file} ${entry.ms} ms`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  }
}

const size = (file) => execFileSync('identify', ['-format', '%w %h', file], { encoding: 'utf8' }).split(' ').map(Number);

function compare(beforeDir, afterDir, diffDir, named) {
  const fuzz = named.fuzz ?? '2%';
  const tool = existsSync('/usr/bin/compare') ? '/usr/bin/compare' : 'compare';
  const convert = existsSync('/usr/bin/convert') ? '/usr/bin/convert' : 'convert';
  mkdirSync(diffDir, { recursive: true });
  const pngs = (dir) => new Set(readdirSync(dir).filter((f) => f.endsWith('.png')));
  const before = pngs(beforeDir);
  const after = pngs(afterDir);
  const rows = [];
  for (const file of [...new Set([...before, ...after])].sort()) {
    if (!before.has(file) || !after.has(file)) {
      rows.push({ file, pixels: null, note: before.has(file) ? 'only before' : 'only after' });
      continue;
    }
    let a = join(beforeDir, file);
    let b = join(afterDir, file);
    const [wa, ha] = size(a);
    const [wb, hb] = size(b);
    let note = '';
    if (wa !== wb || ha !== hb) {
      note = `${wa}×${ha} → ${wb}×${hb}`;
      const w = Math.max(wa, wb);
      const h = Math.max(ha, hb);
      const pad = (src, tag) => {
        const dst = join(diffDir, `${file}.${tag}.padded.png`);
        execFileSync(convert, [src, '-background', 'magenta', '-extent', `${w}x${h}`, dst]);
        return dst;
      };
      a = pad(a, 'before');
      b = pad(b, 'after');
    }
    const diff = join(diffDir, file);
    const run = spawnSync(tool, ['-metric', 'AE', '-fuzz', fuzz, a, b, diff], { encoding: 'utf8' });
    const pixels = Number.parseFloat(run.stderr.trim());
    if (run.status === 2 || !Number.isFinite(pixels)) throw new Error(`compare ${file}: ${run.stderr}`);
    rows.push({ file, pixels, total: Math.max(wa, wb) * Math.max(ha, hb), note });
  }
  writeFileSync(join(diffDir, 'compare.json'), JSON.stringify(rows, null, 2));
  for (const r of rows) {
    if (r.pixels === 0) continue;
    const share = r.pixels === null ? '' : ` (${((100 * r.pixels) / r.total).toFixed(2)} %)`;
    console.log(`${r.file}\t${r.pixels ?? '-'}${share}\t${r.note}`);
  }
  console.log(`${rows.filter((r) => r.pixels === 0).length} of ${rows.length} pairs the same (fuzz ${fuzz})`);
}

const [command, ...rest] = process.argv.slice(2);
const { positional, named } = options(rest);
if (command === 'shoot' && positional.length === 2) await shoot(positional[0].replace(/\/$/, ''), positional[1], named);
else if (command === 'compare' && positional.length === 3) compare(positional[0], positional[1], positional[2], named);
else {
  console.error(readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0]);
  process.exit(2);
}
