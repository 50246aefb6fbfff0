/**
 * Where a map should open so every pin shows: the pins' bounding box with padding, or one pin at a
 * field-sized zoom. No maplibre here (pure, unit-tested in tests/unit/mapView.test.ts).
 */
export type LatLng = { lat: number; lng: number };
export type Camera =
  | { kind: 'bounds'; bounds: [[number, number], [number, number]] }
  | { kind: 'point'; latitude: number; longitude: number; zoom: number };

/** A single pin (or pins closer together than this) opens at this zoom: a village and its fields. */
export const SINGLE_PIN_ZOOM = 14;
/** Fitting many pins never zooms closer than this. */
export const FIT_MAX_ZOOM = 15;

export function cameraFor(points: LatLng[]): Camera | null {
  const ok = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));
  if (ok.length === 0) return null;
  let [minLat, maxLat, minLng, maxLng] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of ok) {
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
    minLng = Math.min(minLng, p.lng);
    maxLng = Math.max(maxLng, p.lng);
  }
  // About 100 m: a box this small is one place; fitting it would zoom to the street.
  if (maxLat - minLat < 0.001 && maxLng - minLng < 0.001) {
    return { kind: 'point', latitude: (minLat + maxLat) / 2, longitude: (minLng + maxLng) / 2, zoom: SINGLE_PIN_ZOOM };
  }
  return { kind: 'bounds', bounds: [[minLng, minLat], [maxLng, maxLat]] };
}

/** Padding around fitted pins: room for the pins themselves and the zoom buttons on a small map. */
export const fitPadding = (width: number) => (width < 480 ? 32 : 56);

export type CoordinateError = 'latMissing' | 'lngMissing' | 'latNumber' | 'lngNumber' | 'latRange' | 'lngRange';

/**
 * Typed coordinates (decimal degrees; a comma for the decimal point is accepted) → a position, or the
 * reasons each box is wrong (shown beside the box in the reader's language).
 */
export function parseCoordinates(latText: string, lngText: string): { position: LatLng } | { errors: Partial<Record<'lat' | 'lng', CoordinateError>> } {
  const errors: Partial<Record<'lat' | 'lng', CoordinateError>> = {};
  const read = (text: string, key: 'lat' | 'lng', limit: number) => {
    const t = text.trim().replace(',', '.');
    if (t === '') return void (errors[key] = `${key}Missing`);
    if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return void (errors[key] = `${key}Number`);
    const v = Number(t);
    if (Math.abs(v) > limit) return void (errors[key] = `${key}Range`);
    return v;
  };
  const lat = read(latText, 'lat', 90);
  const lng = read(lngText, 'lng', 180);
  if (lat === undefined || lng === undefined) return { errors };
  return { position: { lat, lng } };
}
