/** Each field's season costs (by kind, scaled to its area) and expected revenue; nothing sold yet. */
import { fieldFinancials } from '../../db/schema';
import { CROP_INFO, type Crop } from '../places';
import type { Random } from '../prng';
import type { DemoWorld, FieldRow } from './world';

export async function writeFinancials({ db, rng }: DemoWorld, fields: FieldRow[]) {
  await db.insert(fieldFinancials).values(fields.map((f) => money(rng, f)));
}

function money(rng: Random, f: FieldRow): typeof fieldFinancials.$inferInsert {
  const acres = f.areaValue ?? 1;
  const info = CROP_INFO[f.cropName as Crop];
  const per = (lo: number, hi: number) => Math.round((acres * rng.between(lo, hi)) / 100) * 100;
  return {
    fieldId: f.id!,
    seeds: per(2000, 9000),
    fertilizers: per(4000, 12000),
    pesticides: per(1500, 7000),
    labor: per(6000, 18000),
    irrigation: per(1000, 6000),
    other: per(500, 2500),
    revenueExpected: Math.round((f.yieldExpected ?? 0) * info.pricePerQuintal),
    revenueActual: null,
  };
}
