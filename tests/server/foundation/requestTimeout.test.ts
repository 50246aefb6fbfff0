/**
 * A slow client on a real socket: an ordinary route gives up after REQUEST_TIMEOUT_MS (408, connection
 * closed), while the upload routes (leaf photo, farmer CSV) keep receiving for UPLOAD_TIMEOUT_MS, so a
 * photo sent over 2G arrives. The limits are shrunk here (400 ms and 8 s) to keep the test short.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper';
import { multipart } from '../support/multipart';
import { leafSvg, renderSvg } from '../disease/support/syntheticLeaves';

const NORMAL_MS = 400;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ config: { requestTimeoutMs: NORMAL_MS, uploadTimeoutMs: 8000 } });
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(url).port);
});
afterAll(() => t.close());

/** Sends the head at once, then the body in `pieces` spread over `spanMs`; resolves with the answer and when it came. */
function trickle(head: Record<string, string>, path: string, body: Buffer, pieces: number, spanMs: number) {
  return new Promise<{ status: number | null; body: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let closed = false;
    socket.on('data', (c) => (answer += c.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      resolve({ status: status ? Number(status) : null, body: answer.split('\r\n\r\n').slice(1).join('\r\n\r\n'), ms: Date.now() - started });
    });
    const headers = { ...head, host: '127.0.0.1', 'content-length': String(body.length), connection: 'close' };
    socket.write(`POST ${path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
    const size = Math.ceil(body.length / pieces);
    let i = 0;
    const next = () => {
      if (closed) return;
      if (i * size >= body.length) return;
      socket.write(body.subarray(i * size, (i + 1) * size));
      i += 1;
      setTimeout(next, spanMs / pieces);
    };
    setTimeout(next, spanMs / pieces);
    setTimeout(() => reject(new Error('no answer within 20 s')), 20_000).unref();
  });
}

describe('request timeouts', () => {
  it('closes an ordinary request that trickles past REQUEST_TIMEOUT_MS with 408', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'farmer@example.in', password: 'x'.repeat(200) }));
    const res = await trickle({ 'content-type': 'application/json' }, '/api/v1/auth/login', body, 20, 3000);
    expect(res.status).toBe(408);
    expect(res.ms).toBeLessThan(2500);
  });

  it('keeps receiving a leaf photo that takes longer than that, and analyses it', async () => {
    const { accessToken } = await t.login('farmer');
    const png = await renderSvg(leafSvg('rust', 77));
    const { payload, headers } = multipart([{ name: 'image', filename: 'leaf.png', contentType: 'image/png', data: png }]);
    const res = await trickle({ ...headers, ...t.auth(accessToken) }, '/api/v1/disease/detect', payload, 8, 2000);
    expect(res.ms).toBeGreaterThan(NORMAL_MS * 3);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ pattern: 'rust' });
  });

  it('keeps receiving a farmer CSV that takes longer than that, and imports it', async () => {
    const { accessToken } = await t.login('admin');
    const csv = 'Name,Email,Phone\nSlow Upload,slow.upload@example.in,9876500001\n';
    const { payload, headers } = multipart([{ name: 'file', filename: 'farmers.csv', contentType: 'text/csv', data: csv }]);
    const res = await trickle({ ...headers, ...t.auth(accessToken) }, '/api/v1/admin/farmers/import', payload, 8, 2000);
    expect(res.ms).toBeGreaterThan(NORMAL_MS * 3);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ imported: 1 });
  });
});
