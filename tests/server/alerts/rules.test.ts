import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THRESHOLDS as T,
  evaluateExternal,
  evaluateReading,
  evaluateSilence,
  FROST_LINE,
  frostSeverity,
  rulesForReading,
  fieldHealth,
  moistureSeverity,
  temperatureSeverity,
  type OpenAlert,
} from '../../../server/src/domain/alerts/rules';

const open = (over: Partial<OpenAlert>): OpenAlert => ({ id: 'a1', type: 'moisture', severity: 'minor', value: 22, threshold: 25, message: '', ...over });

describe('moisture rule', () => {
  it('raises below the threshold with value, threshold and a message key', () => {
    const d = evaluateReading({ type: 'moisture', value: 18.24, sensorId: 's' }, T, undefined, 'North plot');
    expect(d).toMatchObject({
      kind: 'raise',
      type: 'moisture',
      severity: 'major',
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
    expect(moistureSeverity(24.9, 25)).toBe('warning');
    expect(moistureSeverity(23.1, 25)).toBe('warning');
    expect(moistureSeverity(23, 25)).toBe('minor');
    expect(moistureSeverity(20.1, 25)).toBe('minor');
    expect(moistureSeverity(20, 25)).toBe('major');
    expect(moistureSeverity(15.1, 25)).toBe('major');
    expect(moistureSeverity(15, 25)).toBe('critical');
  });

  it('updates the open alert on a real change, and counts any other repeat', () => {
    const o = open({ severity: 'minor', value: 22 });
    expect(evaluateReading({ type: 'moisture', value: 22.4 }, T, o, 'f')).toEqual({ kind: 'repeat', alertId: 'a1', type: 'moisture' });
    expect(evaluateReading({ type: 'moisture', value: 21 }, T, o, 'f')).toMatchObject({ kind: 'update', alertId: 'a1', value: 21, severity: 'minor', previousSeverity: 'minor' });
    expect(evaluateReading({ type: 'moisture', value: 12 }, T, o, 'f')).toMatchObject({ kind: 'update', severity: 'critical', previousSeverity: 'minor' });
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
    expect(evaluateReading({ type: 'temperature', value: 36 }, T, undefined, 'f')).toMatchObject({ kind: 'raise', type: 'temperature', severity: 'minor', threshold: 35 });
    expect(temperatureSeverity(35.5, 35)).toBe('warning');
    expect(temperatureSeverity(38, 35)).toBe('major');
    expect(temperatureSeverity(41, 35)).toBe('critical');
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

describe('frost rule (a second rule on temperature readings)', () => {
  it('runs beside the heat rule on every temperature reading, each for its own alert type', () => {
    expect(rulesForReading('temperature').map((r) => r.alertType)).toEqual(['temperature', 'frost']);
    expect(rulesForReading('moisture').map((r) => r.alertType)).toEqual(['moisture']);
    expect(rulesForReading('humidity')).toEqual([]);
  });

  it('raises below the frost line with its own message, graded by how far below', () => {
    const d = evaluateReading({ type: 'temperature', value: 1.44, sensorId: 's' }, T, undefined, 'Vine plot', 'frost');
    expect(d).toMatchObject({
      kind: 'raise',
      type: 'frost',
      severity: 'major',
      value: 1.4,
      threshold: FROST_LINE,
      messageKey: 'alert.temperature.low',
      message: 'Frost risk in Vine plot: 1.4°C (below 4°C)',
    });
    expect(evaluateReading({ type: 'temperature', value: 1.44 }, T, undefined, 'f')).toBeNull();
    expect(frostSeverity(3.5, 4)).toBe('warning');
    expect(frostSeverity(3, 4)).toBe('minor');
    expect(frostSeverity(2, 4)).toBe('major');
    expect(frostSeverity(0, 4)).toBe('critical');
    expect(evaluateReading({ type: 'temperature', value: 4 }, T, undefined, 'f', 'frost')).toBeNull();
  });

  it('clears only 2 °C above the line', () => {
    const o = open({ type: 'frost', severity: 'major', value: 2, threshold: FROST_LINE });
    expect(evaluateReading({ type: 'temperature', value: 5.9 }, T, o, 'f', 'frost')).toBeNull();
    expect(evaluateReading({ type: 'temperature', value: 6 }, T, o, 'f', 'frost')).toEqual({ kind: 'resolve', alertId: 'a1', type: 'frost' });
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

  it('raises major when some sensors are silent, critical when all are', () => {
    expect(evaluateSilence([s('A', 5), s('B', 121)], T, undefined, 'f', now)).toMatchObject({
      kind: 'raise',
      type: 'offline',
      severity: 'major',
      messageKey: 'alert.sensor.offline',
      messageParams: { sensors: 'B', minutes: 120 },
    });
    expect(evaluateSilence([s('A', 200), s('B', null)], T, undefined, 'f', now)).toMatchObject({ severity: 'critical', messageParams: { sensors: 'A, B' } });
  });

  it('counts a never-heard sensor from its registration', () => {
    expect(evaluateSilence([s('A', null, 30)], T, undefined, 'f', now)).toBeNull();
  });

  it('keeps, updates and resolves the one open offline alert', () => {
    const first = evaluateSilence([s('A', 5), s('B', 121)], T, undefined, 'f', now);
    const o = open({ type: 'offline', severity: 'major', value: null, threshold: 120, message: first && 'message' in first ? first.message : '' });
    expect(evaluateSilence([s('A', 5), s('B', 130)], T, o, 'f', now)).toEqual({ kind: 'repeat', alertId: 'a1', type: 'offline' });
    expect(evaluateSilence([s('A', 125), s('B', 130)], T, o, 'f', now)).toMatchObject({ kind: 'update', severity: 'critical' });
    expect(evaluateSilence([s('A', 1), s('B', 1)], T, o, 'f', now)).toEqual({ kind: 'resolve', alertId: 'a1', type: 'offline' });
  });
});

describe('alerts raised by other modules', () => {
  const pest = { type: 'pest' as const, severity: 'critical' as const, messageKey: 'alert.pest.detected', messageParams: { pest: 'aphids' }, message: 'Aphids detected' };
  it('raises through the same engine and updates instead of duplicating', () => {
    expect(evaluateExternal(pest, undefined)).toMatchObject({ kind: 'raise', type: 'pest', severity: 'critical', value: null });
    expect(evaluateExternal(pest, open({ type: 'pest', severity: 'critical', value: null, message: 'Aphids detected' }))).toMatchObject({ kind: 'repeat', alertId: 'a1' });
    expect(evaluateExternal({ ...pest, severity: 'major' }, open({ type: 'pest', severity: 'critical', value: null, message: 'Aphids detected' }))).toMatchObject({ kind: 'update' });
  });
});

it('derives field health from open alerts', () => {
  expect(fieldHealth([])).toBe('good');
  expect(fieldHealth(['warning', 'minor', 'major'])).toBe('warning');
  expect(fieldHealth(['minor', 'critical'])).toBe('alert');
});
