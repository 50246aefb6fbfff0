/**
 * Map configuration shared by every map view: maplibre's worker under Vite, the base and satellite
 * styles from build configuration, and an offline style that needs no tiles at all.
 * Imported only by the map views, which the routes load lazily, so maplibre never enters other bundles.
 */
import { setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

// Without this Vite cannot find maplibre's worker and GeoJSON sources never render.
setWorkerUrl(workerUrl);

/** Spec section 9: default map centre and zoom (Maharashtra). */
export const MAP_CENTER = { latitude: 19.7515, longitude: 75.7139 } as const;
export const MAP_ZOOM = 7;

const env = import.meta.env as Record<string, string | undefined>;
type MapConfig = { styleUrl?: string | null; tilesUrl?: string; satelliteTilesUrl?: string };
/**
 * The server's map configuration (MAP_STYLE_URL, MAP_TILES_URL, SATELLITE_TILES_URL), written into index.html by
 * server/src/plugins/static.ts: the same URLs its Content-Security-Policy allows. The VITE_ variables and the
 * defaults apply only where no server wrote it (the Vite dev server).
 */
const served: MapConfig = (() => {
  try {
    return JSON.parse(document.querySelector('meta[name="shetmitra-map"]')?.getAttribute('content') ?? '{}') as MapConfig;
  } catch {
    return {};
  }
})();
/** An OSM-style raster by default; MAP_TILES_URL (VITE_MAP_TILES_URL in development) points it at another tile server. */
const BASE_TILES = served.tilesUrl ?? env.VITE_MAP_TILES_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const SATELLITE_TILES =
  served.satelliteTilesUrl ??
  env.VITE_SATELLITE_TILES_URL ??
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const STYLE_URL = served.tilesUrl ? (served.styleUrl ?? undefined) : env.VITE_MAP_STYLE_URL;

const rasterStyle = (tiles: string, attribution: string): StyleSpecification => ({
  version: 8,
  sources: { base: { type: 'raster', tiles: [tiles], tileSize: 256, attribution, maxzoom: 19 } },
  layers: [
    // The background shows while tiles load and stays when there is no network, so pins remain usable.
    { id: 'background', type: 'background', paint: { 'background-color': '#e8eee4' } },
    { id: 'base', type: 'raster', source: 'base' },
  ],
});

export type MapMode = 'map' | 'satellite';

/** MAP_STYLE_URL (a full style JSON; VITE_MAP_STYLE_URL in development) replaces the default raster map. */
export function styleFor(mode: MapMode, offline: boolean): StyleSpecification | string {
  if (offline) return OFFLINE_STYLE;
  if (mode === 'satellite') return rasterStyle(SATELLITE_TILES, '© Esri World Imagery');
  return STYLE_URL ?? rasterStyle(BASE_TILES, '© OpenStreetMap contributors');
}

/** No sources: used when the configured style cannot be fetched. Fields still show on the plain ground colour. */
export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e8eee4' } }],
};

/** Spec section 9: status badge Healthy green, else orange. */
export const healthColour = (status: string): [number, number, number] => (status === 'good' ? [46, 125, 50] : [239, 108, 0]);
