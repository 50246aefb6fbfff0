/**
 * Plausible sensor history for one field: temperature follows the sun (coolest near 05:30,
 * warmest near 14:30) with day-to-day weather; soil moisture dries faster in the heat, jumps back
 * up when the field is irrigated, and sometimes a missed irrigation lets it fall below the
 * low-moisture threshold (a dry spell).
 */
import type { Random } from './prng';

export const STEP_MS = 30 * 60_000;

export type SeriesOptions = {
  points: number;
  /** Time of the first point (ms). */
  start: number;
  /** Typical afternoon maximum of the area (°C). */
  hotDayMax: number;
  /** Irrigate when moisture falls to this level (unless in a dry spell). */
  irrigateBelow: number;
  /** Moisture right after irrigation. */
  wetTo: number;
  /** Index ranges during which nobody irrigates. */
  drySpells: [number, number][];
};

export function simulateField(rng: Random, o: SeriesOptions) {
  const temperature: number[] = [];
  const moisture: number[] = [];
  let m = rng.between(o.irrigateBelow + 5, o.wetTo);
  let dayMax = o.hotDayMax;
  let dayMin = o.hotDayMax - 12;
  for (let i = 0; i < o.points; i++) {
    const t = o.start + i * STEP_MS;
    const hour = (new Date(t).getUTCHours() + 5.5 + new Date(t).getUTCMinutes() / 60) % 24; // IST
    if (i === 0 || hour < 0.5) {
      // A new day: the weather drifts a little.
      dayMax = Math.max(o.hotDayMax - 5, Math.min(o.hotDayMax + 3, dayMax + rng.between(-1.5, 1.5)));
      dayMin = dayMax - rng.between(10, 14);
    }
    const sun = (1 + Math.cos(((hour - 14.5) / 24) * 2 * Math.PI)) / 2;
    const temp = dayMin + (dayMax - dayMin) * sun ** 1.6 + rng.between(-0.4, 0.4);
    temperature.push(round1(temp));

    const inDrySpell = o.drySpells.some(([a, b]) => i >= a && i < b);
    const irrigationHour = hour >= 6 && hour < 6.5;
    if (!inDrySpell && irrigationHour && m < o.irrigateBelow) {
      m = o.wetTo + rng.between(-3, 3);
    } else {
      // Evaporation grows with heat; the night loses little.
      m -= 0.025 + Math.max(0, temp - 18) * 0.009 + rng.between(-0.01, 0.02);
      m = Math.max(12, m);
    }
    moisture.push(round1(m + rng.between(-0.3, 0.3)));
  }
  return { temperature, moisture };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export type Episode = { startIndex: number; endIndex: number | null; extreme: number; valueAtStart: number };

/**
 * Stretches where a series crossed a threshold, ended by hysteresis (the alert rule):
 * `below` for moisture (start under `threshold`, clear above `threshold + margin`), else above.
 */
export function episodes(values: number[], threshold: number, margin: number, below: boolean): Episode[] {
  const out: Episode[] = [];
  let open: Episode | null = null;
  values.forEach((v, i) => {
    const crossed = below ? v < threshold : v > threshold;
    const cleared = below ? v > threshold + margin : v < threshold - margin;
    if (!open && crossed) open = { startIndex: i, endIndex: null, extreme: v, valueAtStart: v };
    else if (open) {
      open.extreme = below ? Math.min(open.extreme, v) : Math.max(open.extreme, v);
      if (cleared) {
        open.endIndex = i;
        out.push(open);
        open = null;
      }
    }
  });
  if (open) out.push(open);
  return out;
}
