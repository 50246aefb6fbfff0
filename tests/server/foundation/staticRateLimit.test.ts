/**
 * Installing the app stores the whole built front end at once (the service worker's precache: ~130 files), and a
 * cooperative's phones share one address. The per-address request limit is for the API: reads of the built files
 * are not counted, while the API past the limit still answers 429.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../helper';

const LIMIT = 5;
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'static-limit-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ShetMitra</title><div id="root"></div>');
  copyFileSync(join('public', 'favicon.svg'), join(dist, 'favicon.svg'));
  t = await createTestApp({ config: { staticDir: dist, rateLimitPerMinute: LIMIT } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

it('the built files and the page are never limited; the API past its limit is', async () => {
  for (let i = 0; i < LIMIT * 4; i++) {
    for (const url of ['/favicon.svg', '/', '/login']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect(res.statusCode, `${url} #${i}`).toBe(200);
    }
  }
  const api = [];
  for (let i = 0; i < LIMIT + 1; i++) api.push((await t.app.inject({ method: 'GET', url: '/api/v1/auth/options', remoteAddress: '203.0.113.7' })).statusCode);
  expect(api.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
  expect(api[LIMIT]).toBe(429);
});
