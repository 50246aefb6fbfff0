/**
 * `npm run bench -- fuzz`: malformed requests against every registered route, on PGlite and on PostgreSQL.
 *
 * The app is built in-process on a throwaway database holding the server tests' fixture (every role, fields,
 * sensors, alerts) and driven with `app.inject` (no socket at all, so nothing leaves the process). Routes are
 * collected with an onRoute hook as they register, so none is missed. Each request is one route × one actor
 * (anonymous, superadmin, admin, coordinator, farmer) × one malformed input: bad or hostile path parameters,
 * querystrings and JSON bodies built from the route's own schema with one field made wrong (types, NUL,
 * 100k strings, lone surrogates, unicode controls, traversal, SQL, huge numbers), whole-body oddities (deep
 * nesting, 20k-element arrays, non-objects, malformed JSON, prototype keys), wrong content types and broken
 * multipart bodies, bogus credentials. It reports the count per status class and lists every answer ≥ 500.
 *
 * Options: `--requests N` per database (default 12000), `--seed N`, `--only pglite|postgres`.
 * PostgreSQL: a throwaway database on BENCH_DATABASE_URL or TEST_DATABASE_URL (default the local server),
 * dropped afterwards. Deterministic for a given seed.
 */
import { randomUUID } from 'node:crypto';
import { createRandom } from '../server/src/seed/prng';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { FIXTURE, FIXTURE_PASSWORD, writeFixture, type FixtureUser } from '../tests/server/fixture';
import { benchDatabase, option } from './support';

type Actor = 'anonymous' | Extract<FixtureUser, 'superadmin' | 'admin' | 'coordinator' | 'farmer'>;
const ACTORS: Actor[] = ['anonymous', 'superadmin', 'admin', 'coordinator', 'farmer'];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  const?: unknown;
  format?: string;
  items?: Schema;
  minimum?: number;
  enum?: unknown[];
};
type Route = { method: string; url: string; schema: { body?: Schema; querystring?: Schema; params?: Schema; consumes?: string[] } };
type Case = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer; label: string };

/** The demo world's seeded generator (mulberry32): the same run for the same seed. */
const rng = (seed: number) => createRandom(seed).next;

const ids = [
  FIXTURE.users.farmer.id,
  FIXTURE.users.farmer3.id,
  FIXTURE.users.coordinator.id,
  FIXTURE.fields.farmer.id,
  FIXTURE.fields.farmer3.id,
  FIXTURE.fields.farmer.fieldId,
  FIXTURE.fields.farmer.moistureSensor,
  FIXTURE.alerts.farmer,
];

/** Path parameter values, already in URL form. */
const PARAMS = [
  '%00', 'a%00b', '..%2F..%2Fetc%2Fpasswd', '..', '%2e%2e', '%2e%2e%2f%2e%2e%2f', '....//', 'x'.repeat(190), 'y'.repeat(250),
  '-1', '0', '1e308', 'NaN', 'Infinity', 'null', 'undefined', 'true', '__proto__', 'constructor', 'prototype',
  "'%20or%201=1--", '%22%3B%20drop%20table%20users%3B--', '%E2%80%AE', '%F0%9F%8C%BE', '%E0%A4', '%C0%AF', '%FF', '%ED%A0%80',
  '%E0%A4%B6%E0%A5%87%E0%A4%A4', '%20', '%09', '%0A', '%0D%0A', '%25', '%2525', '{id}', ':id', '*', '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', ...ids, randomUUID(),
];

const long = (n: number, c = 'x') => c.repeat(n);
/** Hostile values for one field of a JSON body or a query parameter. Strings only for the querystring. */
const STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', long(5000), long(100_000), '\ud800', 'x\udfffy', '\u202eevil', '\u200b', '\ufeff', 'Ａ', '𝕏'.repeat(60),
  'शेत'.repeat(400), '../../etc/passwd', '..\\..\\windows\\win.ini', '<script>alert(1)</script>', "'; drop table users; --", '" or ""="',
  '%00', '${7*7}', '{{7*7}}', '-1', '0', '1e999', '-1e999', 'NaN', '9'.repeat(400), '2026-13-45T25:61:00Z', '-000001-01-01T00:00:00Z',
  'true', 'null', '[]', '{}', '__proto__', 'constructor', 'fuzz@t.in', 'not-an-email', 'a@b', long(300, '@'),
];
const VALUES: unknown[] = [
  ...STRINGS, null, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, [], {}, [null], [[[]]], { $gt: '' }, { __proto__: { x: 1 } },
  Array.from({ length: 2000 }, (_, i) => i), Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])), 'RAW:1e400', 'RAW:-0', 'RAW:1e-400',
];
const QUERY_EXTRA = ['__proto__[polluted]', 'constructor[prototype][x]', 'page', 'limit', 'sort', 'q', 'search', 'lang', 'from', 'to'];

/** A plausible value for a schema (the rest of a body stays valid so the wrong field is what is tested). */
function sample(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 4) return 'fuzz';
  if ('const' in s) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return sample(s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return s.format === 'email' ? 'fuzz@t.in' : s.format === 'uuid' ? FIXTURE.fields.farmer.id : s.format === 'date-time' ? new Date().toISOString() : 'fuzz';
    case 'number':
    case 'integer':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'null':
      return null;
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).filter(([k]) => s.required?.includes(k)).map(([k, v]) => [k, sample(v, depth + 1)]));
    default:
      return 'fuzz';
  }
}

/** JSON text with `"RAW:…"` values written as bare literals (1e400 parses to Infinity). */
const toJson = (v: unknown) => JSON.stringify(v).replace(/"RAW:([^"]*)"/g, '$1');

function multipartBody(kind: number, boundary: string): string {
  switch (kind) {
    case 0:
      return `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc`; // cut off
    case 1:
      return `--${boundary}\r\nbroken header\r\n\r\nx\r\n--${boundary}--\r\n`;
    case 2:
      return 'garbage with no boundary at all';
    case 3:
      return `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="..%2F..%2Fetc%2Fpasswd.csv"\r\nContent-Type: text/csv\r\n\r\nname,email,phone\r\n\u0000,\u0000,\u0000\r\n--${boundary}--\r\n`;
    case 4:
      return `--${boundary}\r\nContent-Disposition: form-data; name="${long(5000)}"\r\n\r\n${long(10_000)}\r\n--${boundary}--\r\n`;
    default:
      return Array.from({ length: 50 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + `--${boundary}--\r\n`;
  }
}

function makeCase(route: Route, r: () => number): Case {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(r() * list.length)];
  const labels: string[] = [];
  // Path: every :param gets a hostile value (or, now and then, a real fixture id so the handler runs).
  const url = route.url.replace(/:([A-Za-z0-9_]+)/g, () => {
    const v = r() < 0.25 ? pick(ids) : pick(PARAMS);
    labels.push(`param=${v.slice(0, 40)}`);
    return v;
  }).replace(/\*$/, () => pick(PARAMS));
  // Querystring: known keys and extra ones with hostile values, sometimes repeated (arrays).
  const q = new URLSearchParams();
  const known = Object.keys(route.schema.querystring?.properties ?? {});
  const nq = Math.floor(r() * 3);
  for (let i = 0; i < nq; i++) {
    const key = r() < 0.7 && known.length ? pick(known) : pick(QUERY_EXTRA);
    const value = pick(STRINGS).slice(0, 3000);
    q.append(key, value);
    if (r() < 0.15) q.append(key, value);
  }
  const qs = q.toString();
  if (qs) labels.push(`query=${qs.slice(0, 80)}`);
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (route.method !== 'GET' && route.method !== 'HEAD') {
    const body = route.schema.body;
    const kind = r();
    if (kind < 0.45) {
      // The route's own body with one field made wrong (or one unknown field added).
      const base = (sample(body) ?? {}) as Record<string, unknown>;
      const obj = typeof base === 'object' && base && !Array.isArray(base) ? { ...base } : {};
      const keys = Object.keys(body?.properties ?? {});
      const key = keys.length && r() < 0.85 ? pick(keys) : pick(['__proto__', 'constructor', 'isAdmin', 'role', long(300, 'k'), '\u0000']);
      const value = pick(VALUES);
      obj[key] = value;
      payload = key === '__proto__' ? `{"__proto__":${toJson(value)},${toJson(obj).slice(1)}` : toJson(obj);
      headers['content-type'] = 'application/json';
      labels.push(`body.${key.slice(0, 20)}=${toJson(value)?.slice(0, 60)}`);
    } else if (kind < 0.55) {
      const depth = pick([40, 1000, 6000]);
      payload = r() < 0.5 ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      headers['content-type'] = 'application/json';
      labels.push(`deep JSON ${depth}`);
    } else if (kind < 0.65) {
      payload = pick(['null', '[]', '1', '"x"', 'true', '{', '{"a":', '\u0000', '\ufeff{}', '{"a":1,"a":2}', '{"__proto__":{"isAdmin":true}}', toJson(Array.from({ length: 20_000 }, () => 1)), `{"x":"${long(1_100_000)}"}`]);
      headers['content-type'] = pick(['application/json', 'application/json; charset=utf-16', 'application/json; charset=latin1']);
      labels.push(`body=${String(payload).slice(0, 40)} (${headers['content-type']})`);
    } else if (kind < 0.8) {
      const boundary = 'fuzzb';
      const mk = Math.floor(r() * 6);
      payload = multipartBody(mk, boundary);
      headers['content-type'] = pick([`multipart/form-data; boundary=${boundary}`, 'multipart/form-data', `multipart/form-data; boundary="${long(100)}"`, 'multipart/mixed; boundary=fuzzb']);
      labels.push(`multipart#${mk} (${headers['content-type'].slice(0, 50)})`);
    } else {
      payload = pick(['a=1&b=2', '<xml/>', '\u0000\u0001\u0002', long(10_000), 'email=x%00&password=y']);
      const ct = pick(['application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'application/octet-stream', '', 'application/json\u0000', 'image/png']);
      if (ct) headers['content-type'] = ct;
      labels.push(`content-type=${JSON.stringify(ct)} body=${payload.slice(0, 30)}`);
    }
  }
  if (r() < 0.05) headers['x-device-key'] = pick(['x', `${FIXTURE.fields.farmer.moistureSensor}.${long(40)}`, '\u0000', long(300)]);
  return { method: route.method, url: qs ? `${url}?${qs}` : url, headers, payload, label: labels.join(' ') || '(no input)' };
}

type RunResult = { label: string; requests: number; routes: number; classes: Record<string, number>; ms: number; failures: string[]; timeouts: number };

async function fuzzOne(kind: 'pglite' | 'postgres', total: number, seed: number): Promise<RunResult> {
  const database = await benchDatabase(kind);
  const errors: string[] = [];
  try {
    await writeFixture(database.db);
    const routes: Route[] = [];
    const config = loadConfig({
      demo: false,
      simulate: false,
      logLevel: 'error',
      staticDir: '/nonexistent-static-dir',
      jwtSecret: undefined,
      databaseUrl: undefined,
      redisUrl: undefined,
      mqttEnabled: false,
      offlineSweepSeconds: 0,
      rateLimitPerMinute: 1_000_000,
      authRateLimitPerMinute: 1_000_000,
    });
    const app = await buildApp(config, {
      database,
      logStream: { write: (line: string) => void (errors.length < 200 && errors.push(line)) },
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Route['schema'] });
      },
    });
    await app.ready();

    let ip = 0;
    const tokens = new Map<Actor, string>();
    const signIn = async () => {
      for (const actor of ACTORS) {
        if (actor === 'anonymous') continue;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: FIXTURE.users[actor].email, password: FIXTURE_PASSWORD },
          remoteAddress: `10.77.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
        });
        if (res.statusCode === 200) tokens.set(actor, res.json().accessToken);
      }
    };
    await signIn();

    const r = rng(seed);
    const classes: Record<string, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const failures: string[] = [];
    let timeouts = 0;
    const seen = new Set<string>();
    const t0 = Date.now();
    let sent = 0;
    const next = () => {
      if (sent >= total) return undefined;
      const i = sent++;
      const route = routes[i % routes.length];
      const actor = ACTORS[Math.floor(i / routes.length) % ACTORS.length];
      return { route, actor, c: makeCase(route, r), i };
    };
    const worker = async () => {
      for (let job = next(); job; job = next()) {
        const { route, actor, c, i } = job;
        if (i > 0 && i % 1000 === 0) await signIn(); // a fuzzed logout must not end the signed-in part of the run
        const token = tokens.get(actor as Exclude<Actor, 'anonymous'>);
        const headers = { ...c.headers, ...(actor !== 'anonymous' && token ? { authorization: `Bearer ${token}` } : r() < 0.2 ? { authorization: 'Bearer x.y.z' } : {}) };
        let status: number;
        try {
          const res = await Promise.race([
            app.inject({ method: c.method as 'GET', url: c.url, headers, payload: c.payload, remoteAddress: `10.88.${i % 250}.${(i >> 8) % 250}` }),
            new Promise<null>((done) => setTimeout(() => done(null), 30_000).unref()),
          ]);
          if (!res) {
            timeouts++;
            failures.push(`timeout ${c.method} ${route.url} as ${actor}: ${c.label}`);
            continue;
          }
          status = res.statusCode;
        } catch (e) {
          status = 599;
          failures.push(`inject threw ${(e as Error).message.slice(0, 80)}`);
        }
        classes[`${Math.floor(status / 100)}xx`] = (classes[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
        if (status >= 500) {
          const key = `${c.method} ${route.url}`;
          failures.push(`${status} ${key} as ${actor}: ${c.label.slice(0, 200)}`);
          seen.add(key);
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    const ms = Date.now() - t0;
    await app.close();
    const firstErrors = errors.slice(0, 5).map((l) => {
      try {
        const j = JSON.parse(l) as { msg?: string; err?: { type?: string; message?: string; sqlState?: string } };
        return `log: ${j.msg} ${j.err?.type ?? ''} ${j.err?.sqlState ?? ''} ${(j.err?.message ?? '').slice(0, 160)}`;
      } catch {
        return l.slice(0, 200);
      }
    });
    return { label: database.label, requests: sent, routes: routes.length, classes, ms, failures: [...failures, ...(failures.length ? firstErrors : [])], timeouts };
  } finally {
    await database.drop();
  }
}

export async function benchFuzz(): Promise<string[]> {
  const total = option('requests', 12_000);
  const seed = option('seed', 1326);
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
  if (!process.env.BENCH_DATABASE_URL && process.env.TEST_DATABASE_URL) {
    // support.ts reads BENCH_DATABASE_URL; the test suite's server is as good a throwaway host.
    process.env.BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL;
  }
  const out = [
    '## fuzz',
    '',
    `Malformed requests over every registered route × 5 actors (anonymous, superadmin, admin, coordinator, farmer), seed ${seed}, in-process (app.inject).`,
    '',
    '| database | routes | requests | 2xx | 3xx | 4xx | 5xx | timeouts | time |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const listed: string[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    if (only && only !== kind) continue;
    console.log(`fuzz: ${kind}, ${total} requests…`);
    try {
      const res = await fuzzOne(kind, total, seed);
      const c = res.classes;
      out.push(`| ${res.label} | ${res.routes} | ${res.requests} | ${c['2xx']} | ${c['3xx']} | ${c['4xx']} | ${c['5xx'] + (c['6xx'] ?? 0)} | ${res.timeouts} | ${(res.ms / 1000).toFixed(1)} s |`);
      if (res.failures.length) listed.push('', `${res.label}: ${res.failures.length} failing answers (first 40):`, '', ...res.failures.slice(0, 40).map((f) => `- ${f.replace(/\|/g, '\\|')}`));
    } catch (e) {
      out.push(`| ${kind} | – | – | – | – | – | – | – | skipped: ${(e as Error).message.slice(0, 80)} |`);
    }
  }
  out.push(...listed);
  if (!listed.length) out.push('', 'No answer ≥ 500 and no timeout.');
  return out;
}
