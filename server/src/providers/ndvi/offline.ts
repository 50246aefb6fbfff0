/**
 * NDVI without a satellite service: what a typical field of the region shows on each date,
 * from the Maharashtra crop calendar — kharif sown mid-June, canopy peak late August to mid
 * September, harvest October; irrigated rabi sown November, peak January–February, harvest March;
 * bare soil through the hot summer. Konkan's rabi is mostly fallow. A small, stable per-place
 * variation keeps neighbouring fields from drawing identical lines. Always `estimated: true`.
 */
import { locate, type RegionId } from '../../domain/land/regions';
import type { NdviProvider } from './index';

/** [day of year, NDVI] anchors of a typical year; linear in between. */
const CALENDAR: Record<'default' | 'konkan' | 'dry', [number, number][]> = {
  default: [[1, 0.5], [40, 0.55], [75, 0.3], [100, 0.18], [160, 0.16], [180, 0.25], [215, 0.55], [245, 0.72], [260, 0.7], [290, 0.42], [310, 0.25], [330, 0.32], [366, 0.5]],
  konkan: [[1, 0.3], [60, 0.25], [120, 0.2], [160, 0.2], [185, 0.35], [220, 0.7], [255, 0.78], [285, 0.55], [310, 0.35], [366, 0.3]],
  dry: [[1, 0.4], [40, 0.42], [75, 0.25], [100, 0.15], [160, 0.14], [180, 0.22], [215, 0.5], [245, 0.65], [260, 0.62], [290, 0.38], [310, 0.22], [330, 0.28], [366, 0.4]],
};

const curveFor = (region?: RegionId) => (region === 'konkan' ? CALENDAR.konkan : region === 'marathwada' ? CALENDAR.dry : CALENDAR.default);

function dayOfYear(d: Date) {
  return Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

function interpolate(curve: [number, number][], day: number) {
  for (let i = 1; i < curve.length; i++) {
    const [d1, v1] = curve[i];
    const [d0, v0] = curve[i - 1];
    if (day <= d1) return v0 + ((v1 - v0) * (day - d0)) / (d1 - d0);
  }
  return curve[curve.length - 1][1];
}

/** Deterministic −0.03…+0.03 from place and date. */
function wobble(lat: number, lon: number, day: number) {
  const x = Math.sin(lat * 12.9898 + lon * 78.233 + day * 37.719) * 43758.5453;
  return ((x - Math.floor(x)) - 0.5) * 0.06;
}

/** Sentinel-2 revisits every 5 days; the estimate uses the same rhythm. */
const STEP_DAYS = 5;

export function estimateNdvi(lat: number, lon: number, from: Date, to: Date) {
  const curve = curveFor(locate({ lat, lon }).region?.id);
  const points = [];
  for (let t = to.getTime(); t >= from.getTime(); t -= STEP_DAYS * 86_400_000) {
    const d = new Date(t);
    const day = dayOfYear(d);
    const v = Math.min(0.9, Math.max(0.05, interpolate(curve, day) + wobble(lat, lon, day)));
    points.push({ date: d.toISOString().slice(0, 10), ndvi: Math.round(v * 1000) / 1000 });
  }
  return points.reverse();
}

export const offlineNdvi: NdviProvider = {
  name: 'crop-calendar-estimate',
  registerField: async () => null,
  timeseries: async ({ area, from, to }) => ({ points: estimateNdvi(area.lat, area.lon, from, to), estimated: true, source: 'crop-calendar-estimate' }),
};
