/**
 * The built front end serves the service worker (src/sw.ts built to sw.js, its push part public/sw-push.js) and the
 * web app manifest at the root, never cached for long (a new worker must reach browsers) and never answered with the
 * app's page. (scripts/pwa-check.mjs checks the built worker's contents.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../helper';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sw-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ShetMitra</title><div id="root"></div>');
  // What `vite build` copies from public/, and what it writes beside them (the worker, the manifest).
  for (const f of ['sw-push.js', 'favicon.svg']) copyFileSync(join('public', f), join(dist, f));
  writeFileSync(join(dist, 'sw.js'), "importScripts('/sw-push.js');");
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'शेतमित्र', start_url: '/' }));
  t = await createTestApp({ config: { staticDir: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('service worker', () => {
  it('is served at the root as JavaScript, revalidated on every update check', async () => {
    for (const url of ['/sw.js', '/sw-push.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('serves the web app manifest as a manifest, revalidated too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body).name).toBe('शेतमित्र');
  });

  it('imports its push part from the same origin and shows the icon it names', async () => {
    const sw = readFileSync('src/sw.ts', 'utf8');
    expect(sw).toContain("importScripts('/sw-push.js')");
    const push = readFileSync('public/sw-push.js', 'utf8');
    const icon = /ICON = '([^']+)'/.exec(push)![1];
    expect((await t.app.inject({ method: 'GET', url: icon })).statusCode).toBe(200);
  });
});
