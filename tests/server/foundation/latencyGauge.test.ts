/** The overload latency gauge on a fake clock (domain/overload/latencyGauge.ts). */
import { expect, it } from 'vitest';
import { createLatencyGauge } from '../../../server/src/domain/overload/latencyGauge';

const gauge = () => createLatencyGauge({ windowMs: 1000, quantile: 0.9, minSamples: 5 });

it('says nothing with fewer requests than the minimum', () => {
  const g = gauge();
  for (let i = 0; i < 4; i++) g.start(0)(2000);
  expect(g.read(2000)).toBeNull();
});

it('reads the p90 of the finished requests in the window', () => {
  const g = gauge();
  // 10 requests ending at t=1000 with 10, 20 … 100 ms.
  for (let i = 1; i <= 10; i++) g.start(1000 - i * 10)(1000);
  expect(g.read(1000)).toBe(90);
  // A window later they are gone.
  expect(g.read(2001)).toBeNull();
});

it('counts requests still in flight by their age, so a stuck queue reads high before anything ends', () => {
  const g = gauge();
  for (let i = 0; i < 10; i++) g.start(0);
  expect(g.inFlight()).toBe(10);
  expect(g.read(50)).toBe(50);
  expect(g.read(3000)).toBe(3000);
});

it('one slow request among many quick ones does not move the p90', () => {
  const g = gauge();
  g.start(0)(5000);
  for (let i = 0; i < 19; i++) g.start(4990)(5000);
  expect(g.read(5000)).toBe(10);
});

it('an ended request is counted once, and a second end is ignored', () => {
  const g = gauge();
  const end = g.start(0);
  for (let i = 0; i < 4; i++) g.start(0)(10);
  end(10);
  end(20);
  expect(g.inFlight()).toBe(0);
  expect(g.read(10)).toBe(10);
});
