import { describe, expect, it } from 'vitest';
import { checkReading, matchSensor, RejectionCounter, type RegisteredSensor } from '../../../server/src/domain/ingest/reading';

const now = new Date('2026-06-01T12:00:00Z');
const ok = (raw: unknown) => checkReading(raw, now);
const reason = (raw: unknown) => {
  const r = ok(raw);
  return r.ok ? 'ok' : r.reason;
};

describe('reading checks', () => {
  it('accepts a well-formed reading and stamps a missing timestamp with now', () => {
    const r = ok({ sensorId: ' S1 ', type: 'moisture', value: 42.5 });
    expect(r).toEqual({ ok: true, reading: { sensorId: 'S1', type: 'moisture', value: 42.5, recordedAt: now } });
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    const iso = ok({ sensorId: 'S1', type: 'temperature', value: 30, timestamp: '2026-06-01T11:00:00Z' });
    const ms = ok({ sensorId: 'S1', type: 'temperature', value: 30, timestamp: Date.parse('2026-06-01T11:00:00Z') });
    expect(iso.ok && iso.reading.recordedAt.toISOString()).toBe('2026-06-01T11:00:00.000Z');
    expect(ms.ok && ms.reading.recordedAt.toISOString()).toBe('2026-06-01T11:00:00.000Z');
  });

  it.each([
    [{ sensorId: 'S1', type: 'rain', value: 1 }, 'unknown_type'],
    [{ sensorId: 'S1', type: 'moisture', value: 100.1 }, 'out_of_range'],
    [{ sensorId: 'S1', type: 'moisture', value: -0.1 }, 'out_of_range'],
    [{ sensorId: 'S1', type: 'temperature', value: -20.5 }, 'out_of_range'],
    [{ sensorId: 'S1', type: 'temperature', value: 70.1 }, 'out_of_range'],
    [{ sensorId: 'S1', type: 'humidity', value: 101 }, 'out_of_range'],
    [{ sensorId: 'S1', type: 'ph', value: 14.2 }, 'out_of_range'],
    [{ sensorId: 'S1', type: 'moisture', value: '40' }, 'malformed'],
    [{ sensorId: 'S1', type: 'moisture', value: Number.NaN }, 'malformed'],
    [{ type: 'moisture', value: 40 }, 'malformed'],
    [[1, 2], 'malformed'],
    ['x', 'malformed'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: 'yesterday-ish' }, 'bad_timestamp'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: '' }, 'bad_timestamp'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: '2026-06-01T12:05:01Z' }, 'future_timestamp'],
    // Timestamps that passed before and broke the whole shared insert, or stored a device's unset clock:
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: -8640000000000000 }, 'timestamp_too_old'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: 1e308 }, 'bad_timestamp'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: 8640000000000001 }, 'bad_timestamp'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: '-000001-01-01T00:00:00Z' }, 'timestamp_too_old'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: '+275760-09-13T00:00:00Z' }, 'future_timestamp'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: 0 }, 'timestamp_too_old'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: '1970-01-01T00:00:05Z' }, 'timestamp_too_old'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: '1999-12-31T23:59:59.999Z' }, 'timestamp_too_old'],
    [{ sensorId: 'S1', type: 'moisture', value: 40, timestamp: Number.MAX_VALUE }, 'bad_timestamp'],
  ])('%j → %s', (raw, expected) => {
    expect(reason(raw)).toBe(expected);
  });

  it('keeps the range edges and a 5-minute clock skew', () => {
    expect(reason({ sensorId: 'S1', type: 'moisture', value: 0 })).toBe('ok');
    expect(reason({ sensorId: 'S1', type: 'moisture', value: 100 })).toBe('ok');
    expect(reason({ sensorId: 'S1', type: 'temperature', value: -20 })).toBe('ok');
    expect(reason({ sensorId: 'S1', type: 'temperature', value: 70 })).toBe('ok');
    expect(reason({ sensorId: 'S1', type: 'moisture', value: 40, timestamp: '2026-06-01T12:05:00Z' })).toBe('ok');
    expect(reason({ sensorId: 'S1', type: 'moisture', value: 40, timestamp: '2000-01-01T00:00:00Z' })).toBe('ok');
  });

  it('takes its window from the configuration', () => {
    const window = { floor: new Date('2026-01-01T00:00:00Z'), maxFutureMs: 60_000, registrationGraceMs: 0 };
    const at = (timestamp: string) => {
      const r = checkReading({ sensorId: 'S1', type: 'moisture', value: 40, timestamp }, now, window);
      return r.ok ? 'ok' : r.reason;
    };
    expect(at('2025-12-31T23:59:59Z')).toBe('timestamp_too_old');
    expect(at('2026-01-01T00:00:00Z')).toBe('ok');
    expect(at('2026-06-01T12:01:00Z')).toBe('ok');
    expect(at('2026-06-01T12:01:01Z')).toBe('future_timestamp');
  });
});

describe('matching a reading to its sensor', () => {
  const sensor: RegisteredSensor = { id: 'uuid-s1', sensorId: 'S1', fieldId: 'uuid-f1', fieldCode: 'FLD000001ABC', type: 'moisture', status: 'active' };
  const reading = { sensorId: 'S1', type: 'moisture' as const, value: 30, recordedAt: now };

  it('accepts a topic naming the field by UUID or code', () => {
    expect(matchSensor(reading, sensor, { fieldRef: 'uuid-f1', sensorId: 'S1' }).ok).toBe(true);
    const byCode = matchSensor(reading, sensor, { fieldRef: 'FLD000001ABC' });
    expect(byCode).toEqual({ ok: true, reading: { ...reading, sensorUuid: 'uuid-s1', fieldId: 'uuid-f1' } });
  });

  it('refuses with the reason', () => {
    expect(matchSensor(reading, undefined)).toEqual({ ok: false, reason: 'unknown_sensor' });
    expect(matchSensor(reading, sensor, { sensorId: 'S2' })).toEqual({ ok: false, reason: 'sensor_mismatch' });
    expect(matchSensor(reading, sensor, { fieldRef: 'uuid-f2' })).toEqual({ ok: false, reason: 'wrong_field' });
    expect(matchSensor({ ...reading, type: 'temperature' }, sensor)).toEqual({ ok: false, reason: 'wrong_type' });
    expect(matchSensor(reading, { ...sensor, status: 'inactive' })).toEqual({ ok: false, reason: 'sensor_inactive' });
  });

  it('refuses a reading stamped well before its sensor was registered', () => {
    const registered = { ...sensor, registeredAt: new Date('2026-05-01T00:00:00Z') };
    const at = (iso: string, graceMs?: number) => {
      const r = matchSensor({ ...reading, recordedAt: new Date(iso) }, registered, {}, graceMs);
      return r.ok ? 'ok' : r.reason;
    };
    expect(at('2026-04-30T00:00:00Z')).toBe('ok'); // within the default day of grace (buffered before registration)
    expect(at('2026-04-29T23:59:59Z')).toBe('before_registration');
    expect(at('2026-04-30T12:00:00Z', 0)).toBe('before_registration');
    expect(matchSensor({ ...reading, recordedAt: new Date('2020-01-01T00:00:00Z') }, sensor).ok).toBe(true); // registration unknown
  });

  it('lets a weather station report temperature and humidity but not moisture', () => {
    const station = { ...sensor, type: 'weather' };
    expect(matchSensor({ ...reading, type: 'temperature' }, station).ok).toBe(true);
    expect(matchSensor({ ...reading, type: 'humidity' }, station).ok).toBe(true);
    expect(matchSensor(reading, station)).toEqual({ ok: false, reason: 'wrong_type' });
  });
});

it('counts rejections per reason', () => {
  const c = new RejectionCounter();
  c.add('out_of_range');
  c.add('out_of_range', 2);
  c.add('unknown_sensor');
  expect(c.snapshot()).toEqual({ out_of_range: 3, unknown_sensor: 1 });
  expect(c.total).toBe(4);
});
