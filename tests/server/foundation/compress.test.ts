/**
 * API JSON is compressed for slow networks (issue 17, server/src/plugins/compress.ts): brotli or gzip as
 * the client asks, only above the threshold, and the decompressed body is the same JSON as uncompressed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../helper';
import { COMPRESS_THRESHOLD_BYTES } from '../../../server/src/plugins/compress';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ accessToken: token } = await t.login('admin'));
});
afterAll(() => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...t.auth(token), ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('API compression', () => {
  const url = '/api/v1/admin/farmers';

  it('sends a large JSON list as it is when the client accepts no encoding', async () => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
  });

  it('compresses it with brotli when asked, and the body decodes to the same JSON', async () => {
    const plain = await get(url);
    const res = await get(url, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toContain('application/json');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThan(res.rawPayload.length);
    expect(JSON.parse(body.toString('utf8'))).toEqual(plain.json());
  });

  it('compresses it with gzip for a client that knows only gzip', async () => {
    const plain = await get(url);
    const res = await get(url, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves answers under the threshold alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });
});
