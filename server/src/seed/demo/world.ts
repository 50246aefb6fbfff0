/**
 * What every demo writer shares: the database (inside the one seeding transaction), the one seeded random
 * stream, the demo password's hash and the 30-day window the world is laid out in. The writers draw from
 * `rng` in a fixed order (see writeDemo); moving a draw moves every value after it.
 */
import type { Db } from '../../db/client';
import type { alerts, fields, users } from '../../db/schema';
import { createRandom, type Random } from '../prng';
import { STEP_MS } from '../series';

export const DAYS = 30;
export const POINTS = DAYS * 48;
export const MOISTURE_LOW = 25;
export const TEMPERATURE_HIGH = 35;
export const DAY = 86_400_000;

export type UserRow = typeof users.$inferInsert;
export type FieldRow = typeof fields.$inferInsert;
export type AlertRow = typeof alerts.$inferInsert;

export type DemoWorld = {
  db: Db;
  rng: Random;
  passwordHash: string;
  /** The first and the last half-hour step of the readings (ms). */
  start: number;
  end: number;
};

/** The world at `now`: the readings end at the last half hour and reach back DAYS. */
export function demoWorld(db: Db, passwordHash: string, now: number): DemoWorld {
  const end = Math.floor(now / STEP_MS) * STEP_MS;
  return { db, rng: createRandom(20260101), passwordHash, start: end - (POINTS - 1) * STEP_MS, end };
}

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
