/**
 * Agromonitoring (agromonitoring.com/api) adapter: a field is a GeoJSON polygon registered once
 * (POST /polygons), then its NDVI history is read per satellite pass (GET /ndvi/history).
 * The circle of `radius` metres is sent as a 16-sided polygon.
 */
import type { NdviArea, NdviProvider } from './index';

type HistoryItem = { dt: number; cl?: number; data?: { mean?: number } };

/** Clouds above this share of the scene spoil the index. */
const MAX_CLOUD_PERCENT = 60;

export function circlePolygon(lat: number, lon: number, radiusM: number, sides = 16): [number, number][] {
  const dLat = radiusM / 111_320;
  const dLon = radiusM / (111_320 * Math.cos((lat * Math.PI) / 180));
  const ring: [number, number][] = [];
  for (let i = 0; i < sides; i++) {
    const a = (2 * Math.PI * i) / sides;
    ring.push([round6(lon + dLon * Math.cos(a)), round6(lat + dLat * Math.sin(a))]);
  }
  ring.push(ring[0]);
  return ring;
}
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export function agromonitoring(baseUrl: string, apiKey: string, timeoutMs = 10_000): NdviProvider {
  const url = (path: string, params: Record<string, string>) => {
    const u = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
    u.search = new URLSearchParams({ ...params, appid: apiKey }).toString();
    return u;
  };
  return {
    name: 'agromonitoring',
    async registerField(area: NdviArea) {
      const res = await fetch(url('/polygons', {}), {
        method: 'POST',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: area.name,
          geo_json: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [circlePolygon(area.lat, area.lon, area.radius)] } },
        }),
      });
      if (!res.ok) throw new Error(`NDVI service answered ${res.status} to field registration`);
      const body = (await res.json()) as { id?: string };
      if (!body.id) throw new Error('Field registration failed');
      return body.id;
    },
    async timeseries({ providerFieldId, from, to }) {
      if (!providerFieldId) throw new Error('Field registration failed');
      const res = await fetch(
        url('/ndvi/history', {
          polyid: providerFieldId,
          start: String(Math.floor(from.getTime() / 1000)),
          end: String(Math.floor(to.getTime() / 1000)),
        }),
        { signal: AbortSignal.timeout(timeoutMs) },
      );
      if (!res.ok) throw new Error(`NDVI service answered ${res.status}`);
      const items = (await res.json()) as HistoryItem[];
      const points = items
        .filter((i) => typeof i.data?.mean === 'number' && (i.cl ?? 0) <= MAX_CLOUD_PERCENT)
        .map((i) => ({ date: new Date(i.dt * 1000).toISOString().slice(0, 10), ndvi: Math.round(i.data!.mean! * 1000) / 1000 }))
        .sort((a, b) => a.date.localeCompare(b.date));
      return { points, estimated: false, source: 'agromonitoring' };
    },
  };
}
