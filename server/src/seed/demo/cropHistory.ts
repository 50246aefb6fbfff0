/** Each field's last Kharif and Rabi harvests (the district's other crop), so the yield trends have recent months. */
import { cropHistory } from '../../db/schema';
import { CROP_INFO, CROPS_BY_DISTRICT } from '../places';
import type { Random } from '../prng';
import { round, type DemoWorld, type FieldRow } from './world';

export async function writeCropHistory({ db, rng, end }: DemoWorld, fields: FieldRow[]) {
  await db.insert(cropHistory).values(fields.flatMap((f) => history(rng, f, end)));
}

function history(rng: Random, f: FieldRow, end: number): (typeof cropHistory.$inferInsert)[] {
  const crops = CROPS_BY_DISTRICT[f.district!];
  // The last Kharif and Rabi seasons harvested before today, so the yield trends have recent months.
  const lastYearOf = (monthDay: string) => {
    const year = new Date(end).getUTCFullYear();
    return Date.parse(`${year}-${monthDay}T00:00:00Z`) <= end ? year : year - 1;
  };
  const kharif = lastYearOf('10-25');
  const rabi = lastYearOf('03-05');
  return [
    { season: `Kharif ${kharif}`, planted: `${kharif}-06-20`, harvested: `${kharif}-10-25` },
    { season: `Rabi ${rabi - 1}-${String(rabi).slice(2)}`, planted: `${rabi - 1}-11-10`, harvested: `${rabi}-03-05` },
  ].map((s, i) => {
    const crop = crops[(i + 1) % 2];
    const info = CROP_INFO[crop];
    return {
      fieldId: f.id!,
      crop,
      variety: rng.pick(info.varieties),
      season: s.season,
      plantedDate: s.planted,
      harvestedDate: s.harvested,
      yield: round((f.areaValue ?? 1) * info.yieldPerAcre * rng.between(0.75, 1.1)),
      yieldUnit: 'quintal' as const,
      notes: i === 0 ? 'पावसाचा खंड पडल्याने उत्पादन थोडे घटले.' : null,
    };
  });
}
