/**
 * A plausible field for the demo: air temperature follows the sun (coolest near 05:00, warmest near
 * 15:00), soil moisture dries faster when it is hot, and an irrigation event brings it back up once it has
 * fallen below the farmer's habit (sometimes below the 25 % alert line, so the demo shows alerts clearing).
 * A field that starts below the alert line (the demo farmer's dry field) stays unwatered for `dryForHours` of
 * simulated time first, so a new user sees the low-moisture banner and the alert before the field recovers.
 * Deterministic for a seed, so tests can check its shape.
 */
export type FieldWeather = { moisture: number; temperature: number; humidity: number };

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Points of soil moisture an irrigation run adds per hour (a drip or flood run takes one to two hours). */
const IRRIGATION_RATE = 30;
const ALERT_LINE = 25;

export function createFieldModel(seed: number, startMoisture = 45, opts: { dryForHours?: number } = {}) {
  const random = rng(seed);
  const base = 24 + random() * 4; // the field's climate
  const swing = 5 + random() * 4;
  const irrigateBelow = 20 + random() * 12;
  let moisture = clamp(startMoisture, 5, 80);
  let wateringTo: number | null = null;
  // Hours of simulated time before a field found dry is watered for the first time.
  let unwateredHours = startMoisture < ALERT_LINE ? (opts.dryForHours ?? 24) : 0;

  const temperatureAt = (t: Date) => {
    const hour = t.getUTCHours() + 5.5 + t.getUTCMinutes() / 60; // India time
    return base + swing * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + (random() - 0.5) * 0.6;
  };

  return {
    /** The field `dtMs` after the previous step. */
    step(t: Date, dtMs: number): FieldWeather {
      const temperature = temperatureAt(t);
      const hours = dtMs / 3_600_000;
      if (wateringTo !== null) {
        moisture += IRRIGATION_RATE * hours;
        if (moisture >= wateringTo) wateringTo = null;
      } else {
        moisture -= hours * (0.4 + Math.max(0, temperature - 20) * 0.06);
        unwateredHours = Math.max(0, unwateredHours - hours);
        if (moisture < irrigateBelow && unwateredHours === 0) wateringTo = 45 + random() * 20;
      }
      moisture = clamp(moisture + (random() - 0.5) * 0.2, 3, 85);
      const humidity = clamp(85 - (temperature - 18) * 2.2 + (random() - 0.5) * 4, 15, 100);
      return { moisture: round1(moisture), temperature: round1(clamp(temperature, -20, 70)), humidity: round1(humidity) };
    },
  };
}
