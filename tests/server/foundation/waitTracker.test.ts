/** The database-wait tracker on a fake clock (domain/overload/waitTracker.ts), and the priority thresholds. */
import { expect, it } from 'vitest';
import { createWaitTracker } from '../../../server/src/domain/overload/waitTracker';
import { priorityOf, softLimitFor } from '../../../server/src/domain/overload/priority';

it('reads how long the oldest waiter has waited, and nothing once all got their connection', () => {
  const w = createWaitTracker();
  expect(w.read(0)).toEqual({ waiting: 0, oldestMs: 0 });
  const first = w.start(100);
  const second = w.start(150);
  expect(w.read(400)).toEqual({ waiting: 2, oldestMs: 300 });
  first();
  expect(w.read(400)).toEqual({ waiting: 1, oldestMs: 250 });
  // Telling twice (got it, then the query ended) counts once.
  first();
  second();
  expect(w.read(500)).toEqual({ waiting: 0, oldestMs: 0 });
});

it('scales the database-wait and latency limits by priority; 0 is off and too few requests never shed', () => {
  const limits = { dbWaitMs: 200, latencyMs: 500 };
  const at = (dbWaitMs: number, latencyMs: number | null = null) => (['low', 'normal', 'high'] as const).map((p) => softLimitFor(p, { dbWaitMs, latencyMs }, limits));
  expect(at(90)).toEqual([null, null, null]);
  expect(at(150)).toEqual(['dbWait', null, null]);
  expect(at(300)).toEqual(['dbWait', 'dbWait', null]);
  expect(at(401)).toEqual(['dbWait', 'dbWait', 'dbWait']);
  expect(at(0, 300)).toEqual(['latency', null, null]);
  expect(at(0, 600)).toEqual(['latency', 'latency', null]);
  expect(at(0, 1001)).toEqual(['latency', 'latency', 'latency']);
  expect(softLimitFor('low', { dbWaitMs: 10_000, latencyMs: 10_000 }, { dbWaitMs: 0, latencyMs: 0 })).toBeNull();
});

it('knows sign-in, acknowledgement and ingest as high priority, analytics and exports as low', () => {
  expect(priorityOf('POST', '/api/v1/auth/login')).toBe('high');
  expect(priorityOf('PATCH', '/api/v1/alerts/:id/acknowledge')).toBe('high');
  expect(priorityOf('POST', '/api/v1/sensor-data/ingest')).toBe('high');
  expect(priorityOf('GET', '/api/v1/admin/farmers/export')).toBe('low');
  expect(priorityOf('GET', '/api/v1/coordinator/analytics')).toBe('low');
  expect(priorityOf('GET', '/api/v1/fields/overview')).toBe('normal');
  // The method counts: reading an alert is an ordinary call.
  expect(priorityOf('GET', '/api/v1/alerts/:id/acknowledge')).toBe('normal');
});
