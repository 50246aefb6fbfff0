/** One weather station at each district headquarters, with a current observation. */
import { weatherStations } from '../../db/schema';
import { DISTRICT_HQ } from '../places';
import { round, type DemoWorld } from './world';

export async function writeWeatherStations({ db, rng, end }: DemoWorld) {
  await db.insert(weatherStations).values(
    Object.entries(DISTRICT_HQ).map(([district, p], i) => ({
      stationId: `IMD-MH-${String(i + 1).padStart(3, '0')}`,
      name: `${district} AWS`,
      lat: p.lat,
      lng: p.lng,
      temperature: round(rng.between(24, 31)),
      humidity: Math.round(rng.between(35, 70)),
      observedAt: new Date(end),
    })),
  );
}
