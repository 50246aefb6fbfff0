import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THRESHOLDS as T,
  evaluateExternal,
  evaluateReading,
  evaluateSilence,
  fieldHealth,
  moistureSeverity,
  temperatureSeverity,
  type OpenAlert,
} from '../../../server/src/domain/alerts/rules';

const open = (over: Partial<OpenAlert>): OpenAlert => ({ id: 'a1', type: 'moisture', severity: 'low', value: 22, threshold: 25, message: '', ...over });

describe('moisture rule', () => {
  it('raises below the threshold with value, threshold and a message key', () => {
    const d = evaluateReading({ type: 'moisture', value: 18.24, sensorId: 's' }, T, undefined, 'North plot');
    expect(d).toMatchObject({
      kind: 'raise',
      type: 'moisture',
      severity: 'medium',
      value: 18.2,
      threshold: 25,
      messageKey: 'alert.moisture.low',
      messageParams: { field: 'North plot', value: 18.2, threshold: 25 },
      message: 'Low soil moisture in North plot: 18.2% (threshold 25%)',
    });
  });

  it('does not raise at or above the threshold', () => {
    expect(evaluateReading({ type: 'moisture', value: 25 }, T, undefined, 'f')).toBeNull();
  });

  it('uses the field’s own threshold', () => {
    expect(evaluateReading({ type: 'moisture', value: 28 }, { ...T, moistureLow: 30 }, undefined, 'f')).toMatchObject({ kind: 'raise', threshold: 30 });
  });

  it('grades severity by the deficit', () => {
    expect(moistureSeverity(24.9, 25)).toBe('low');
    expect(moistureSeverity(20, 25)).toBe('medium');
    expect(moistureSeverity(15.1, 25)).toBe('medium');
    expect(moistureSeverity(15, 25)).toBe('high');
  });

  it('updates the open alert on a real change only', () => {
    const o = open({ severity: 'low', value: 22 });
    expect(evaluateReading({ type: 'moisture', value: 22.4 }, T, o, 'f')).toBeNull();
    expect(evaluateReading({ type: 'moisture', value: 21 }, T, o, 'f')).toMatchObject({ kind: 'update', alertId: 'a1', value: 21, severity: 'low' });
    expect(evaluateReading({ type: 'moisture', value: 12 }, T, o, 'f')).toMatchObject({ kind: 'update', severity: 'high' });
  });

  it('clears only with hysteresis (5 points above the threshold)', () => {
    const o = open({});
    expect(evaluateReading({ type: 'moisture', value: 26 }, T, o, 'f')).toBeNull();
    expect(evaluateReading({ type: 'moisture', value: 29.9 }, T, o, 'f')).toBeNull();
    expect(evaluateReading({ type: 'moisture', value: 30 }, T, o, 'f')).toEqual({ kind: 'resolve', alertId: 'a1', type: 'moisture' });
  });
});

describe('temperature rule', () => {
  it('raises above the threshold, graded by the excess', () => {
    expect(evaluateReading({ type: 'temperature', value: 35 }, T, undefined, 'f')).toBeNull();
    expect(evaluateReading({ type: 'temperature', value: 36 }, T, undefined, 'f')).toMatchObject({ kind: 'raise', type: 'temperature', severity: 'low', threshold: 35 });
    expect(temperatureSeverity(38, 35)).toBe('medium');
    expect(temperatureSeverity(41, 35)).toBe('high');
  });
  it('clears 2 °C below the threshold', () => {
    const o = open({ type: 'temperature', value: 37, threshold: 35 });
    expect(evaluateReading({ type: 'temperature', value: 34 }, T, o, 'f')).toBeNull();
    expect(evaluateReading({ type: 'temperature', value: 33 }, T, o, 'f')).toEqual({ kind: 'resolve', alertId: 'a1', type: 'temperature' });
  });
  it('ignores types without a rule', () => {
    expect(evaluateReading({ type: 'humidity', value: 5 }, T, undefined, 'f')).toBeNull();
  });
});

describe('sensor offline rule', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const ago = (min: number) => new Date(now.getTime() - min * 60_000);
  const s = (sensorId: string, lastSeenMin: number | null, createdMin = 10_000) => ({
    sensorId,
    lastSeenAt: lastSeenMin === null ? null : ago(lastSeenMin),
    createdAt: ago(createdMin),
  });

  it('raises medium when some sensors are silent, high when all are', () => {
    expect(evaluateSilence([s('A', 5), s('B', 121)], T, undefined, 'f', now)).toMatchObject({
      kind: 'raise',
      type: 'offline',
      severity: 'medium',
      messageKey: 'alert.sensor.offline',
      messageParams: { sensors: 'B', minutes: 120 },
    });
    expect(evaluateSilence([s('A', 200), s('B', null)], T, undefined, 'f', now)).toMatchObject({ severity: 'high', messageParams: { sensors: 'A, B' } });
  });

  it('counts a never-heard sensor from its registration', () => {
    expect(evaluateSilence([s('A', null, 30)], T, undefined, 'f', now)).toBeNull();
  });

  it('keeps, updates and resolves the one open offline alert', () => {
    const first = evaluateSilence([s('A', 5), s('B', 121)], T, undefined, 'f', now);
    const o = open({ type: 'offline', severity: 'medium', value: null, threshold: 120, message: first && 'message' in first ? first.message : '' });
    expect(evaluateSilence([s('A', 5), s('B', 130)], T, o, 'f', now)).toBeNull();
    expect(evaluateSilence([s('A', 125), s('B', 130)], T, o, 'f', now)).toMatchObject({ kind: 'update', severity: 'high' });
    expect(evaluateSilence([s('A', 1), s('B', 1)], T, o, 'f', now)).toEqual({ kind: 'resolve', alertId: 'a1', type: 'offline' });
  });
});

describe('alerts raised by other modules', () => {
  const pest = { type: 'pest' as const, severity: 'high' as const, messageKey: 'alert.pest.detected', messageParams: { pest: 'aphids' }, message: 'Aphids detected' };
  it('raises through the same engine and updates instead of duplicating', () => {
    expect(evaluateExternal(pest, undefined)).toMatchObject({ kind: 'raise', type: 'pest', severity: 'high', value: null });
    expect(evaluateExternal(pest, open({ type: 'pest', severity: 'high', value: null, message: 'Aphids detected' }))).toBeNull();
    expect(evaluateExternal({ ...pest, severity: 'medium' }, open({ type: 'pest', severity: 'high', value: null, message: 'Aphids detected' }))).toMatchObject({ kind: 'update' });
  });
});

it('derives field health from open alerts', () => {
  expect(fieldHealth([])).toBe('good');
  expect(fieldHealth(['low', 'medium'])).toBe('warning');
  expect(fieldHealth(['low', 'high'])).toBe('alert');
});
