/** Security headers, the OpenAPI document and the built front end's SPA fallback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { firstLoadFiles, precompressed } from '../../../scripts/precompress';
import { createTestApp, type TestApp } from '../helper';

let t: TestApp;
let dist: string;
let copies: { br: Buffer; gz: Buffer };
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'srv-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ShetMitra</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-B3x9Kq2Z.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  // What the build's precompress step (vite.config.ts, scripts/precompress.ts: brotli and zopfli) writes beside a chunk.
  const big = `export const x = ${JSON.stringify('pins '.repeat(2000))};`;
  writeFileSync(join(dist, 'assets', 'map-C4x9Kq2Z.js'), big);
  copies = await precompressed(Buffer.from(big));
  writeFileSync(join(dist, 'assets', 'map-C4x9Kq2Z.js.br'), copies.br);
  writeFileSync(join(dist, 'assets', 'map-C4x9Kq2Z.js.gz'), copies.gz);
  t = await createTestApp({ config: { staticDir: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on API answers and pages', async () => {
    for (const url of ['/api/v1/health', '/', '/api/v1/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain('https://tile.openstreetmap.org');
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('includes configured map hosts in the CSP', async () => {
    const other = await createTestApp({ config: { mapTileHosts: ['https://tiles.example.org'], satelliteTilesUrl: 'https://sat.example.net/{z}/{x}/{y}.jpg' } });
    try {
      const csp = String((await other.app.inject({ method: 'GET', url: '/api/v1/health' })).headers['content-security-policy']);
      expect(csp).toContain('https://tiles.example.org');
      expect(csp).toContain('https://sat.example.net');
    } finally {
      await other.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their schemas and serves the browser at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/health', '/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/auth/profile']));
    expect(doc.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('front end', () => {
  it('serves index.html for browser routes, never for /api or /socket.io', async () => {
    for (const url of ['/', '/login', '/farmer/abc/edit', '/alerts?page=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/socket.io/nothing' })).body).not.toContain('<div id="root">');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-Abcdefgh.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  it('index.html carries the configured map URLs (the same the CSP allows); the bare file is not served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fields' });
    const meta = /<meta name="shetmitra-map" content="([^"]*)">/.exec(res.body);
    expect(meta).not.toBeNull();
    const map = JSON.parse(meta![1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
    expect(map).toEqual({ styleUrl: null, tilesUrl: t.config.mapTilesUrl, satelliteTilesUrl: t.config.satelliteTilesUrl });
    expect(String(res.headers['content-security-policy'])).toContain(new URL(map.tilesUrl).origin);
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
    const other = await createTestApp({ config: { staticDir: dist, mapStyleUrl: 'https://s.example.org/style.json?a="><script>' } });
    try {
      const body = (await other.app.inject({ method: 'GET', url: '/' })).body;
      expect(body).not.toContain('"><script>');
      expect(body).toContain('https://s.example.org/style.json?a=\\&quot;&gt;&lt;script&gt;');
    } finally {
      await other.close();
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-B3x9Kq2Z.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy of an asset when the browser accepts it, the plain file otherwise', async () => {
    const url = '/assets/map-C4x9Kq2Z.js';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBe('gzip');
  });

  it('sends exactly the bytes the build wrote: the zopfli .gz to gzip, the .br to br (what scripts/budget.mjs counts)', async () => {
    const url = '/assets/map-C4x9Kq2Z.js';
    const plain = await t.app.inject({ method: 'GET', url });
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(Buffer.compare(gz.rawPayload, copies.gz)).toBe(0);
    // zopfli's output is gzip any browser reads, and smaller than zlib's best.
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(copies.gz.length).toBeLessThan(gzipSync(plain.body, { level: 9 }).length);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(br.rawPayload, copies.br)).toBe(0);
  });
});

describe("the build's gzip copies (scripts/precompress.ts)", () => {
  const chunk = (imports: string[], isEntry = false, css: string[] = []) => ({
    type: 'chunk' as const,
    isEntry,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  });
  const asset = { type: 'asset' as const };

  it("counts as the first load the entry chunks with their static imports and CSS, index.html and what it names", () => {
    const bundle = {
      'index.html': asset,
      'assets/index-A.js': chunk(['assets/runtime-B.js'], true, ['assets/index-A.css']),
      'assets/runtime-B.js': chunk(['assets/shared-C.js']),
      'assets/shared-C.js': chunk([]),
      'assets/FieldMap-D.js': chunk(['assets/shared-C.js'], false, ['assets/mapLocale-E.css']),
      'assets/index-A.css': asset,
      'assets/mapLocale-E.css': asset,
      'assets/mr-F.json': asset,
      'assets/en-G.json': asset,
      'manifest.webmanifest': asset,
    };
    const html = '<link rel="stylesheet" href="/assets/index-A.css"><link rel="preload" href="/assets/mr-F.json"><link rel="manifest" href="/manifest.webmanifest"><script src="/assets/index-A.js"></script><link href="/favicon.svg">';
    expect([...firstLoadFiles(bundle, html)].sort()).toEqual(
      ['assets/index-A.css', 'assets/index-A.js', 'assets/mr-F.json', 'assets/runtime-B.js', 'assets/shared-C.js', 'index.html', 'manifest.webmanifest'].sort(),
    );
  });

  it("writes a lazy file's gzip copy with zlib's best (what any browser reads), the first load's with zopfli", async () => {
    const text = Buffer.from(`export const x = ${JSON.stringify('pins '.repeat(2000))};`);
    const lazy = await precompressed(text, { firstLoad: false });
    expect(gunzipSync(lazy.gz).toString()).toBe(text.toString());
    expect(Buffer.compare(lazy.gz, gzipSync(text, { level: 9 }))).toBe(0);
    expect(brotliDecompressSync(lazy.br).toString()).toBe(text.toString());
    expect(copies.gz.length).toBeLessThan(lazy.gz.length);
  });
});
