import { describe, expect, it } from 'vitest';
import { createFieldModel } from '../../../server/src/sim/fieldModel';

describe('simulated field', () => {
  it('is warm in the afternoon, cool before dawn, and dries until it is irrigated', () => {
    const model = createFieldModel(42, 40);
    const start = Date.parse('2026-05-01T18:30:00Z'); // midnight in India
    const points = Array.from({ length: 24 * 12 * 4 }, (_, i) => ({ t: new Date(start + i * 300_000) }));
    const series = points.map((p) => ({ ...p, ...model.step(p.t, 300_000) }));
    const at = (istHour: number) =>
      series.filter((s) => (s.t.getUTCHours() + 5 + (s.t.getUTCMinutes() >= 30 ? 1 : 0)) % 24 === istHour).map((s) => s.temperature);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(avg(at(15))).toBeGreaterThan(avg(at(5)) + 8);
    let rises = 0;
    let falls = 0;
    for (let i = 1; i < series.length; i++) {
      const d = series[i].moisture - series[i - 1].moisture;
      if (d > 1) rises++;
      if (d < 0) falls++;
    }
    expect(falls).toBeGreaterThan(rises * 5);
    expect(rises).toBeGreaterThan(0);
    for (const s of series) {
      expect(s.moisture).toBeGreaterThanOrEqual(0);
      expect(s.moisture).toBeLessThanOrEqual(100);
      expect(s.temperature).toBeGreaterThan(-20);
      expect(s.temperature).toBeLessThan(70);
    }
  });
});

describe('a field that starts dry', () => {
  const run = (startMoisture: number, hours: number, dryForHours?: number) => {
    const model = createFieldModel(7, startMoisture, dryForHours === undefined ? {} : { dryForHours });
    const start = Date.parse('2026-05-01T00:00:00Z');
    return Array.from({ length: hours * 12 }, (_, i) => model.step(new Date(start + i * 300_000), 300_000).moisture);
  };

  it('stays below the alert line until the farmer would have watered it, then recovers', () => {
    const series = run(12, 36, 24);
    expect(Math.max(...series.slice(0, 24 * 12))).toBeLessThan(25);
    expect(Math.max(...series.slice(24 * 12))).toBeGreaterThan(40);
  });

  it('rises gradually when watered, not in one jump', () => {
    const series = run(12, 36, 1);
    const steps = series.slice(1).map((m, i) => m - series[i]);
    expect(Math.max(...steps)).toBeLessThan(4);
    expect(Math.max(...series)).toBeGreaterThan(40);
  });

  it('a field that starts moist is watered as soon as it dries below its habit', () => {
    const series = run(30, 96, 24);
    const firstRise = series.findIndex((m, i) => i > 0 && m - series[i - 1] > 1);
    expect(firstRise).toBeGreaterThan(0);
    expect(Math.min(...series.slice(0, firstRise))).toBeGreaterThan(15);
  });
});
