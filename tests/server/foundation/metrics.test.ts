/**
 * GET /metrics is for operators: with METRICS_TOKEN set it wants that bearer token; unset, only loopback callers.
 * A request shows up in the latency histogram under its route pattern, not its URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FIXTURE, type TestApp } from '../helper';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  it('refuses without the token, with a wrong one, and with the token as another scheme', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message.marathi).toMatch(/[\u0900-\u097F]/);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('a request shows up in the histogram under its route pattern, and the other series are there', async () => {
    const { accessToken } = await t.login('farmer');
    const url = `/api/v1/fields/${FIXTURE.fields.farmer.id}`;
    const before = await scrape();
    const res = await t.app.inject({ method: 'GET', url, headers: t.auth(accessToken) });
    expect(res.statusCode).toBe(200);
    const after = await scrape();
    const pattern = '/api/v1/fields/:id';
    const count = (text: string) => {
      const line = text.split('\n').find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes(`route="${pattern}"`) && l.includes('method="GET"'));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    expect(count(after)).toBe(count(before) + 1);
    // The URL itself (with the id) is never a label.
    expect(after).not.toContain(`route="${url}"`);
    for (const name of [
      'shetmitra_ingest_readings_total',
      'shetmitra_ingest_queue_depth',
      'shetmitra_ingest_batch_size_bucket',
      'shetmitra_socket_connections',
      'shetmitra_socket_rooms',
      'shetmitra_notification_backlog',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(after, name).toContain(name);
    }
  });

  async function scrape() {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  }
});

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: undefined } });
  });
  afterAll(() => t.close());

  it('answers loopback callers only', async () => {
    const far = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(far.statusCode).toBe(404);
    const near = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(near.statusCode).toBe(200);
    expect(near.body).toContain('http_request_duration_seconds');
  });
});
