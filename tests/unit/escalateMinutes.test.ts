/** ESCALATE_*_MIN: minutes with fractions (a quick end-to-end run escalates in seconds), never negative. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';

const saved = process.env.ESCALATE_CRITICAL_MIN;
afterEach(() => {
  if (saved === undefined) delete process.env.ESCALATE_CRITICAL_MIN;
  else process.env.ESCALATE_CRITICAL_MIN = saved;
});

describe('ESCALATE_CRITICAL_MIN', () => {
  it('takes fractional minutes', () => {
    process.env.ESCALATE_CRITICAL_MIN = '0.05';
    expect(loadConfig().escalateCriticalMin).toBe(0.05);
  });
  it('keeps whole minutes and 0 (never)', () => {
    process.env.ESCALATE_CRITICAL_MIN = '20';
    expect(loadConfig().escalateCriticalMin).toBe(20);
    process.env.ESCALATE_CRITICAL_MIN = '0';
    expect(loadConfig().escalateCriticalMin).toBe(0);
  });
  it('refuses a negative or non-numeric value', () => {
    process.env.ESCALATE_CRITICAL_MIN = '-1';
    expect(() => loadConfig()).toThrow(/ESCALATE_CRITICAL_MIN/);
    process.env.ESCALATE_CRITICAL_MIN = 'soon';
    expect(() => loadConfig()).toThrow(/ESCALATE_CRITICAL_MIN/);
  });
});
