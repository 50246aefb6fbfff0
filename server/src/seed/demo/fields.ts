/**
 * 40 fields (each village's regional crops) and, as each field is laid out, its sensors, readings and
 * alerts: the readings decide the alerts, the alerts the field's health, so one walk makes them all in the
 * order the random stream expects; each kind is then written by its own writer.
 */
import { fields } from '../../db/schema';
import { CROP_INFO, CROPS_BY_DISTRICT, VILLAGES, type Crop } from '../places';
import { simulateField } from '../series';
import { addFieldAlerts, type AlertBook } from './alerts';
import { addReadings, type ReadingColumns } from './readings';
import { sensorsFor, type SensorRow } from './sensors';
import { coordinatorOf, type DemoPeople } from './users';
import { DAY, isoDate, MOISTURE_LOW, POINTS, round, TEMPERATURE_HIGH, type DemoWorld, type FieldRow } from './world';

const CROP_DAYS: Record<Crop, number> = {
  soybean: 105, cotton: 180, sugarcane: 365, tur: 170, jowar: 120, onion: 120, grapes: 150, pomegranate: 180, wheat: 120, chana: 110,
};

export type LaidOut = { fields: FieldRow[]; sensors: SensorRow[]; readings: ReadingColumns; alerts: AlertBook };

/** Lays out every field, adding its sensors, readings and alerts to `into`. */
export function layOutFields(w: DemoWorld, people: DemoPeople, into: LaidOut) {
  const { rng, start, end } = w;
  let fieldNo = 0;
  VILLAGES.forEach((v, fi) => {
    const farmer = people.farmers[fi];
    const coordinator = coordinatorOf(people.coordinators, fi);
    const vidarbha = ['Amravati', 'Nagpur', 'Yavatmal'].includes(v.district);
    const marathwada = ['Chhatrapati Sambhajinagar', 'Jalna', 'Beed', 'Latur'].includes(v.district);
    CROPS_BY_DISTRICT[v.district].forEach((crop, ci) => {
      fieldNo++;
      const id = rng.uuid();
      const info = CROP_INFO[crop];
      const lat = round(v.lat + rng.between(-0.015, 0.015), 6);
      const lng = round(v.lng + rng.between(-0.015, 0.015), 6);
      const area = round(rng.between(1, 6), 2);

      // Dry spells: the demo farmer's first field is dry right now; about a third of the others
      // had one in the month; a few more are dry at the end.
      const drySpells: [number, number][] = [];
      const demoFarmersField = fi === 0 && ci === 0;
      const dryNow = demoFarmersField || fieldNo % 9 === 4;
      // Eighteen days without water take even a freshly irrigated field below 25 % whatever the hour
      // the seed runs at, so the demo farmer always sees the low-moisture banner.
      if (dryNow) drySpells.push([POINTS - rng.int(demoFarmersField ? 18 : 4, demoFarmersField ? 20 : 6) * 48, POINTS]);
      if (fieldNo % 3 === 0) {
        const s = rng.int(3, 18) * 48;
        drySpells.push([s, s + rng.int(3, 5) * 48]);
      }
      const series = simulateField(rng, {
        points: POINTS,
        start,
        hotDayMax: vidarbha ? 32.5 : marathwada ? 31 : 29.5,
        irrigateBelow: rng.between(30, 36),
        wetTo: rng.between(48, 58),
        drySpells,
      });

      const sensors = sensorsFor(w, id, fieldNo, lat, lng);
      into.sensors.push(...sensors.rows);
      addReadings(into.readings, w, id, sensors, series);
      const fieldAlerts = addFieldAlerts(w, into.alerts, { fieldId: id, village: v.village, farmer, coordinator, admin: people.admin, sensors, series });

      const open = fieldAlerts.filter((a) => !a.resolvedAt);
      const lastMoisture = series.moisture[POINTS - 1];
      const health = open.some((a) => a.severity === 'critical') ? 'alert' : open.length > 0 || lastMoisture < 30 ? 'warning' : 'good';
      const cropDays = CROP_DAYS[crop];
      const age = rng.int(Math.round(cropDays * 0.2), Math.round(cropDays * 0.9));
      const planted = end - age * DAY;
      const stage = age / cropDays;
      into.fields.push({
        id,
        fieldId: `FLD${String(202600 + fieldNo).padStart(6, '0')}${'ABCDEFGHJKLMNPQRSTUVWXYZ'[fieldNo % 24]}${'KMPRST'[fieldNo % 6]}${'AEIOU'[fieldNo % 5]}`,
        name: `${v.village} ${ci === 0 ? 'मळा' : 'शेत'} ${ci + 1}`,
        farmerId: farmer.id,
        createdBy: coordinator.id,
        health,
        operationalStatus: 'active',
        lat,
        lng,
        addressState: 'Maharashtra',
        district: v.district,
        village: v.village,
        pincode: v.pincode,
        fullAddress: `${v.village}, ${v.district}, Maharashtra ${v.pincode}`,
        areaValue: area,
        areaUnit: 'acres',
        soilType: v.district === 'Kolhapur' ? 'laterite' : v.district === 'Satara' && ci === 1 ? 'red' : 'black',
        ph: round(rng.between(6.4, 8.2)),
        organicMatter: round(rng.between(0.4, 1.3), 2),
        nitrogen: Math.round(rng.between(160, 320)),
        phosphorus: Math.round(rng.between(9, 32)),
        potassium: Math.round(rng.between(150, 420)),
        soilLastTested: isoDate(end - rng.int(30, 200) * DAY),
        cropName: crop,
        cropVariety: rng.pick(info.varieties),
        plantedDate: isoDate(planted),
        expectedHarvest: isoDate(planted + cropDays * DAY),
        cropStatus: stage < 0.15 ? 'planted' : stage < 0.5 ? 'growing' : stage < 0.75 ? 'flowering' : 'fruiting',
        yieldExpected: round(area * info.yieldPerAcre),
        yieldUnit: 'quintal',
        irrigationType: info.irrigation,
        irrigationAutomation: info.irrigation === 'drip' && rng.chance(0.5),
        irrigationFrequency: info.irrigation === 'drip' ? 'daily' : 'every 3 days',
        irrigationDurationMinutes: info.irrigation === 'drip' ? 60 : 120,
        irrigationTimeSlots: ['06:00', '17:30'],
        moistureLow: MOISTURE_LOW,
        temperatureHigh: TEMPERATURE_HIGH,
        lastMoisture,
        lastTemperature: series.temperature[POINTS - 1],
        lastReadingAt: new Date(end),
        createdAt: new Date(start - rng.int(20, 90) * DAY),
        updatedAt: new Date(end),
      });
    });
  });
}

export async function writeFields({ db }: DemoWorld, rows: FieldRow[]) {
  await db.insert(fields).values(rows);
}
