/**
 * A large world for performance work: coordinators, farmers and fields with positions, health and a
 * last reading, in batches. Accounts get an unusable password (they are data, not sign-ins).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fields, users } from '../db/schema';

export type LargeWorld = { coordinators: number; farmers: number; fields: number };
export const LARGE_DEFAULTS: LargeWorld = { coordinators: 100, farmers: 10_000, fields: 20_000 };

const CROPS = ['soybean', 'cotton', 'sugarcane', 'tur', 'jowar', 'onion', 'grapes', 'wheat', 'chana'];
const HEALTH = ['good', 'good', 'good', 'warning', 'alert'] as const;
const BATCH = 1000;

/** Deterministic so runs compare: a tiny LCG is enough for spreading rows. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
}

export async function seedLarge(db: Db, world: LargeWorld = LARGE_DEFAULTS, prefix = 'bulk') {
  const rnd = lcg(20_261_121);
  const passwordHash = '!bulk';
  const coordinatorIds = Array.from({ length: world.coordinators }, () => randomUUID());
  await db.insert(users).values(
    coordinatorIds.map((id, i) => ({ id, name: `Coordinator ${i + 1}`, email: `${prefix}.coordinator${i + 1}@example.in`, passwordHash, role: 'coordinator' as const, phoneNumber: `90${String(i).padStart(8, '0')}` })),
  );
  const farmerIds = Array.from({ length: world.farmers }, () => randomUUID());
  for (let i = 0; i < farmerIds.length; i += BATCH) {
    await db.insert(users).values(
      farmerIds.slice(i, i + BATCH).map((id, j) => {
        const n = i + j;
        return {
          id,
          name: `Farmer ${String(n + 1).padStart(5, '0')}`,
          email: `${prefix}.farmer${n + 1}@example.in`,
          passwordHash,
          role: 'farmer' as const,
          managedBy: coordinatorIds[n % coordinatorIds.length],
          phoneNumber: `8${String(n).padStart(9, '0')}`,
          district: 'Pune',
          status: n % 50 === 0 ? ('Inactive' as const) : ('Active' as const),
        };
      }),
    );
  }
  for (let i = 0; i < world.fields; i += BATCH) {
    const count = Math.min(BATCH, world.fields - i);
    await db.insert(fields).values(
      Array.from({ length: count }, (_, j) => {
        const n = i + j;
        return {
          fieldId: `BLK${String(n).padStart(6, '0')}${prefix.slice(0, 3).toUpperCase()}`,
          name: `Plot ${String(n + 1).padStart(5, '0')}`,
          farmerId: farmerIds[n % farmerIds.length],
          health: HEALTH[n % HEALTH.length],
          lat: 16 + rnd() * 5.5,
          lng: 73 + rnd() * 6.5,
          cropName: CROPS[n % CROPS.length],
          areaValue: Math.round((1 + rnd() * 5) * 100) / 100,
          yieldExpected: 100,
          yieldActual: Math.round(60 + rnd() * 50),
          lastMoisture: Math.round(rnd() * 600) / 10,
          lastTemperature: Math.round((20 + rnd() * 18) * 10) / 10,
          lastReadingAt: new Date(Date.now() - Math.floor(rnd() * 3_600_000)),
        };
      }),
    );
  }
  // Fresh statistics for the planner after a bulk load (PGlite has no autovacuum to gather them).
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze fields`);
  return { coordinatorIds, farmerIds };
}
