/**
 * The Content-Security-Policy's map sources come from the configured tile URLs and nothing else, and a real
 * chromium loads tiles from the configured hosts without a CSP violation (and is refused by any other host,
 * which shows the check can fail). Also: base-uri 'none', connect-src only the app's origin and the map hosts.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { mapSources, sourceOf } from '../../../server/src/plugins/security';
import { createTestApp, testConfig, type TestApp } from '../helper';

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

const cspOf = async (t: TestApp) => String((await t.app.inject({ method: 'GET', url: '/api/v1/auth/options' })).headers['content-security-policy']);

describe('map sources', () => {
  it('are the origins of the tile and style URLs (a {s} subdomain becomes *.)', () => {
    expect(sourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(sourceOf('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(sourceOf('http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8081');
    expect(sourceOf('javascript:alert(1)')).toBeUndefined();
    expect(sourceOf('not a url')).toBeUndefined();
    expect(mapSources(testConfig({ mapStyleUrl: 'https://style.example.org/s.json', mapTileHosts: ['https://glyphs.example.org'] }))).toEqual([
      'https://style.example.org',
      'https://server.arcgisonline.com',
      'https://glyphs.example.org',
    ]);
  });

  it('the default policy allows the default layers (bare tile.openstreetmap.org) and nothing else', async () => {
    const t = await createTestApp();
    try {
      const d = directives(await cspOf(t));
      const maps = ['https://tile.openstreetmap.org', 'https://server.arcgisonline.com'];
      expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', ...maps]);
      expect(d['connect-src']).toEqual(["'self'", 'ws://localhost:3000', ...maps]);
      expect(d['base-uri']).toEqual(["'none'"]);
      expect(d['connect-src']).not.toContain('ws:');
      expect(d['connect-src']).not.toContain('wss:');
    } finally {
      await t.close();
    }
  });

  it('follows MAP_STYLE_URL, SATELLITE_TILES_URL and MAP_TILE_HOSTS exactly', async () => {
    const t = await createTestApp({
      config: {
        publicUrl: 'https://farm.example.in',
        mapStyleUrl: 'https://styles.example.org/v1/style.json',
        satelliteTilesUrl: 'https://{s}.sat.example.net/{z}/{x}/{y}.jpg',
        mapTileHosts: ['https://fonts.example.org'],
      },
    });
    try {
      const d = directives(await cspOf(t));
      const maps = ['https://styles.example.org', 'https://*.sat.example.net', 'https://fonts.example.org'];
      expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', ...maps]);
      expect(d['connect-src']).toEqual(["'self'", 'wss://farm.example.in', ...maps]);
      // The raster base map is replaced by the style: its host is not allowed.
      expect(d['img-src']).not.toContain('https://tile.openstreetmap.org');
    } finally {
      await t.close();
    }
  });
});

describe('in chromium', () => {
  const servers: Server[] = [];
  const hits: string[] = [];
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const stub = async (name: string) => {
    const srv = createServer((req, res) => {
      hits.push(`${name}${req.url}`);
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(png);
    });
    servers.push(srv);
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    return `http://127.0.0.1:${(srv.address() as { port: number }).port}`;
  };
  let t: TestApp | undefined;
  const dist = mkdtempSync(join(tmpdir(), 'csp-probe-'));
  afterAll(async () => {
    await t?.close();
    for (const s of servers) s.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const launch = () =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  // A page under the app's own CSP that requests map data the way the map library does: fetch() (connect-src)
  // and an <img> (img-src). Its script is a same-origin file: inline scripts are not allowed.
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><script src="/assets/probe.js"></script></body></html>');
  writeFileSync(
    join(dist, 'assets', 'probe.js'),
    `const urls = new URLSearchParams(location.search).get('tiles').split(',');
     window.results = Promise.all(urls.flatMap((u) => [
       fetch(u).then((r) => 'fetch ok ' + r.status, (e) => 'fetch failed'),
       new Promise((done) => { const i = new Image(); i.onload = () => done('img ok'); i.onerror = () => done('img failed'); i.src = u + '?img'; }),
     ]));`,
  );

  /** Loads every URL twice (fetch, img) from a page of an app with `config`; returns results, refused URLs, hits. */
  async function probe(config: Partial<TestApp['config']>, urls: string[]) {
    await t?.close();
    hits.length = 0;
    t = await createTestApp({ config: { staticDir: dist, mapTileHosts: [], ...config } });
    const appUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const browser = await launch();
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      await page.goto(`${appUrl}/?tiles=${encodeURIComponent(urls.join(','))}`);
      const results = await page.evaluate(() => (globalThis as unknown as { results: Promise<string[]> }).results);
      // "Connecting to '<url>' violates … directive: connect-src …": the refused URL is the first one named.
      const refused = violations.map((v) => /https?:\/\/[^\s'"]+/.exec(v)?.[0] ?? v);
      return { results, refused, hits: [...hits] };
    } finally {
      await browser.close();
    }
  }

  it('MAP_TILES_URL and SATELLITE_TILES_URL hosts load; an unconfigured host is refused and never reached', async () => {
    const base = await stub('base');
    const sat = await stub('sat');
    const other = await stub('other');
    const { results, refused, hits: seen } = await probe(
      { mapTilesUrl: `${base}/{z}/{x}/{y}.png`, satelliteTilesUrl: `${sat}/sat/{z}/{y}/{x}` },
      [`${base}/7/91/57.png`, `${sat}/sat/7/57/91`, `${other}/7/91/57.png`],
    );
    expect(results).toEqual(['fetch ok 200', 'img ok', 'fetch ok 200', 'img ok', 'fetch failed', 'img failed']);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const url of refused) expect(url.startsWith(other)).toBe(true);
    expect(seen.filter((h) => h.startsWith('base'))).toHaveLength(2);
    expect(seen.filter((h) => h.startsWith('sat'))).toHaveLength(2);
    expect(seen.filter((h) => h.startsWith('other'))).toEqual([]);
  });

  it('with MAP_STYLE_URL the style host loads and the replaced raster host is refused', async () => {
    const style = await stub('style');
    const sat = await stub('sat2');
    const raster = await stub('raster');
    const { results, refused, hits: seen } = await probe(
      { mapStyleUrl: `${style}/style.json`, mapTilesUrl: `${raster}/{z}/{x}/{y}.png`, satelliteTilesUrl: `${sat}/{z}/{y}/{x}` },
      [`${style}/style.json`, `${sat}/7/57/91`, `${raster}/7/91/57.png`],
    );
    expect(results).toEqual(['fetch ok 200', 'img ok', 'fetch ok 200', 'img ok', 'fetch failed', 'img failed']);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const url of refused) expect(url.startsWith(raster)).toBe(true);
    expect(seen.filter((h) => h.startsWith('raster'))).toEqual([]);
  });
});
