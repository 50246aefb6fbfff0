/**
 * Where a place is in Maharashtra: a district named in the location text, else the nearest district
 * headquarters to the coordinates (within 150 km), else none (outside the state's coverage).
 */
import data from './knowledge/regions.json';
import type { Lines } from '../language';
import type { Translated } from '../../lib/errors';

export type RegionId = 'konkan' | 'western' | 'north' | 'marathwada' | 'vidarbha';
export type Region = {
  id: RegionId;
  name: Translated;
  climate: Translated;
  soilType: Translated;
  annualRainMm: number;
  marketAdvantages: Lines;
  recommendations: Lines;
};
export type District = { id: string; region: RegionId; lat: number; lon: number; names: string[] };

export const REGIONS_SOURCE: string = data.source;
export const REGIONS = data.regions as Region[];
export const DISTRICTS = data.districts as District[];

const regionById = (id: RegionId) => REGIONS.find((r) => r.id === id)!;

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

export function districtByName(text: string | null | undefined): District | undefined {
  const hay = (text ?? '').normalize('NFC').toLowerCase();
  if (!hay.trim()) return undefined;
  return DISTRICTS.find((d) => d.names.some((n) => hay.includes(n)));
}

export function nearestDistrict(lat: number, lon: number, withinKm = 150): District | undefined {
  let best: District | undefined;
  let bestKm = Infinity;
  for (const d of DISTRICTS) {
    const km = distanceKm(lat, lon, d.lat, d.lon);
    if (km < bestKm) [best, bestKm] = [d, km];
  }
  return bestKm <= withinKm ? best : undefined;
}

export type Place = { district?: District; region?: Region };

export function locate(opts: { location?: string | null; lat?: number | null; lon?: number | null }): Place {
  const district =
    districtByName(opts.location) ??
    (opts.lat != null && opts.lon != null ? nearestDistrict(opts.lat, opts.lon) : undefined);
  return { district, region: district ? regionById(district.region) : undefined };
}
