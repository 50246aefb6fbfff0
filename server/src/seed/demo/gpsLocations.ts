/** A surveyed GPS location for every field (the GPS mapping screen's list). */
import { gpsFieldLocations } from '../../db/schema';
import { DAY, type DemoWorld, type FieldRow } from './world';

export async function writeGpsLocations({ db, rng, end }: DemoWorld, fields: FieldRow[]) {
  await db.insert(gpsFieldLocations).values(
    fields.map((f) => ({
      fieldId: f.id!,
      name: f.name,
      lat: f.lat!,
      lng: f.lng!,
      areaValue: f.areaValue,
      elevation: Math.round(rng.between(420, 720)),
      soilType: f.soilType === 'black' ? ('clay' as const) : ('loam' as const),
      irrigationType: f.irrigationType,
      metadata: { village: f.village!, taluka: f.village!, district: f.district!, state: 'Maharashtra', pincode: f.pincode! },
      accuracy: 95,
      surveyMethod: 'GPS',
      lastSurveyAt: new Date(end - rng.int(10, 120) * DAY),
    })),
  );
}
