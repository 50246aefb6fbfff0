/** Each field's two sensors: soil moisture (SM-MS-nnnn) and temperature (SM-TS-nnnn), at the field's position. */
import { sensors } from '../../db/schema';
import { DAY, type DemoWorld } from './world';

export type SensorRow = typeof sensors.$inferInsert;
export type FieldSensors = { moisture: string; temperature: string; rows: SensorRow[] };

export function sensorsFor({ rng, start, end }: DemoWorld, fieldId: string, fieldNo: number, lat: number, lng: number): FieldSensors {
  const moisture = rng.uuid();
  const temperature = rng.uuid();
  const code = String(fieldNo).padStart(4, '0');
  return {
    moisture,
    temperature,
    rows: [
      { id: moisture, sensorId: `SM-MS-${code}`, fieldId, type: 'moisture', lat, lng, lastSeenAt: new Date(end), createdAt: new Date(start - 30 * DAY) },
      { id: temperature, sensorId: `SM-TS-${code}`, fieldId, type: 'temperature', lat, lng, lastSeenAt: new Date(end), createdAt: new Date(start - 30 * DAY) },
    ],
  };
}

export async function writeSensors({ db }: DemoWorld, rows: SensorRow[]) {
  await db.insert(sensors).values(rows);
}
