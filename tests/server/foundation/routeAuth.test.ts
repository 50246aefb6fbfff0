/**
 * Every route under /api/v1 needs a signed-in caller unless it says `config: { public: true }` (one onRequest
 * hook on the /api/v1 scope, app.ts). This walks every route the app registers: each non-public one answers
 * 401 to a request without a token and to one with a forged token, before its body, params or query are
 * looked at; the public ones are exactly the list below, each with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { signAccessToken } from '../../../server/src/lib/jwt';
import { createTestApp, type TestApp } from '../helper';

/** The routes a stranger may call, and why. */
const PUBLIC: Record<string, string> = {
  'GET /api/v1/health': 'load balancers and uptime checks; says only the status and the build',
  'GET /api/v1/test-updated-code': 'which build is answering (the old client asks before signing in)',
  'POST /api/v1/auth/login': 'signing in',
  'POST /api/v1/auth/login/2fa': 'the second sign-in step (carries its own challenge token)',
  'POST /api/v1/auth/refresh-token': 'a new access token from the refresh token (the access token has expired)',
  'POST /api/v1/auth/logout': 'ends the session its refresh token names (works after the access token expired)',
  'POST /api/v1/auth/forgot-password': 'asks for a reset mail',
  'POST /api/v1/auth/reset-password': 'carries its own single-use reset token',
  'POST /api/v1/auth/mobile-otp-request': 'SMS sign-in: asks for a code',
  'POST /api/v1/auth/mobile-otp-verify': 'SMS sign-in: the code opens a session',
  'POST /api/v1/auth/forgot-password-sms': 'asks for a password-reset code by SMS (signed out, forgot the password)',
  'POST /api/v1/auth/reset-password-sms': 'carries its own single-use SMS reset code',
  'GET /api/v1/auth/options': 'the login screen asks which sign-in methods are on',
  'POST /api/v1/sensor-data/ingest': 'devices prove themselves with their x-device-key, not a user session',
};

const SOME_UUID = '3f0e8a52-6c1d-4a8e-9b7a-2d5c1e0f9a11';

type Seen = { method: string; url: string; isPublic: boolean };
const seen: Seen[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/v1/')) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        seen.push({ method, url: route.url, isPublic: route.config?.public === true });
      }
    },
  });
});
afterAll(() => t.close());

const key = (r: Seen) => `${r.method} ${r.url}`;
/** A concrete address for a route pattern: every `:param` a well-formed uuid, a wildcard a plain word. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SOME_UUID).replace(/\*/g, 'x');

describe('authentication on the /api/v1 tree', () => {
  it('sees every route of the app', () => {
    // A collector that saw nothing would prove nothing.
    expect(seen.length).toBeGreaterThan(80);
    expect(seen.map(key)).toContain('GET /api/v1/auth/profile');
  });

  it('has exactly the expected public routes', () => {
    expect(seen.filter((r) => r.isPublic).map(key).sort()).toEqual(Object.keys(PUBLIC).sort());
  });

  it('answers 401 on every other route without a token, and with a forged one', async () => {
    const forged = signAccessToken('not-the-app-key-0123456789abcdefghijklmnop', { sub: SOME_UUID, role: 'superadmin', sid: SOME_UUID }, 600);
    const open: string[] = [];
    for (const route of seen.filter((r) => !r.isPublic)) {
      for (const headers of [{}, { authorization: `Bearer ${forged}` }]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        if (res.statusCode !== 401 || res.json().code !== 'UNAUTHORIZED') open.push(`${key(route)} → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('lets a stranger reach the public routes (they answer for themselves)', async () => {
    const options = await t.app.inject({ method: 'GET', url: '/api/v1/auth/options' });
    expect(options.statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    // The ingest refuses a missing device key with its own code, not the session one.
    const ingest = await t.app.inject({ method: 'POST', url: '/api/v1/sensor-data/ingest', payload: { sensorId: 'S-1', type: 'moisture', value: 41.5 } });
    expect(ingest.statusCode).toBe(401);
    expect(ingest.json().code).toBe('DEVICE_KEY_INVALID');
  });

  it('still answers 404 for an address that is no route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
  });

  it('lets a signed-in caller through the hook', async () => {
    const { accessToken } = await t.login('farmer');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(accessToken) });
    expect(res.statusCode).toBe(200);
  });
});
