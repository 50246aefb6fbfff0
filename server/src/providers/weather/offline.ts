/**
 * Weather without a network: the climate normals of the field's region for the current month and
 * hour (IST). Always flagged `estimated: true`; it tells what is usual, not what is happening.
 */
import type { Weather } from '../../domain/advice/types';
import { locate } from '../../domain/land/regions';
import { HALF_DIURNAL_RANGE_C, NORMALS } from './normals';
import type { WeatherProvider } from './index';

const IST_OFFSET_H = 5.5;

/** Chance of at least one rainy day from the month's rain: 1 − e^(−rain/150 mm), capped at 95 %. */
export const rainChanceFromMonthly = (mm: number) => Math.min(95, Math.round(100 * (1 - Math.exp(-mm / 150))));

export function seasonalEstimate(lat: number, lon: number, now: Date): Weather {
  // Outside the mapped districts the western (Pune) normals are the state's middle ground.
  const region = locate({ lat, lon }).region?.id ?? 'western';
  const n = NORMALS[region];
  const istHours = (now.getUTCHours() + now.getUTCMinutes() / 60 + IST_OFFSET_H) % 24;
  const month = new Date(now.getTime() + IST_OFFSET_H * 3_600_000).getUTCMonth();
  // Warmest at 15:00, coolest at 03:00.
  const diurnal = Math.sin((2 * Math.PI * (istHours - 9)) / 24);
  const daysInMonth = 30.4;
  return {
    temperature: round1(n.meanTempC[month] + HALF_DIURNAL_RANGE_C * diurnal),
    // Air is driest in the afternoon when it is warmest.
    humidity: Math.round(Math.min(100, Math.max(10, n.meanRh[month] - 12 * diurnal))),
    rainChance: rainChanceFromMonthly(n.rainMm[month]),
    rainMmNext48h: round1((n.rainMm[month] / daysInMonth) * 2),
    maxTemperatureNext3d: round1(n.meanTempC[month] + HALF_DIURNAL_RANGE_C),
    estimated: true,
    source: 'seasonal-estimate',
    at: now.toISOString(),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export const offlineWeather: WeatherProvider = {
  name: 'seasonal-estimate',
  current: async ({ lat, lon, now }) => seasonalEstimate(lat, lon, now),
};
