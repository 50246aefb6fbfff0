/**
 * Field Map (spec section 2): every field with numeric coordinates pinned by one deck.gl layer (smooth with
 * tens of thousands of pins), Map/Satellite toggle, a popup with name, crop and farmer, and a field list
 * with status badges. Leaf view: it draws what it is given.
 *
 * 20,000 pins: the layer is built once per pin list (module-level accessors, a stable click handler), so
 * panning and zooming only move the camera; deck.gl picks on the GPU for the popup. The list shows one page
 * of `listLimit` rows with a pager, never a DOM row per field (docs/field-map.md has the measurements).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import MapGL, { NavigationControl, Popup, useControl, type MapRef } from 'react-map-gl/maplibre';
import { MapboxOverlay, type MapboxOverlayProps } from '@deck.gl/mapbox';
import { ScatterplotLayer } from '@deck.gl/layers';
import type { FieldPin } from '../../../contracts/fields';
import { cropLabel } from '@/views/ui/cropLabels';
import { Pager } from '@/views/ui/Pager';
import { useT } from '@/i18n/useT';
import { healthColour, MAP_CENTER, MAP_ZOOM, styleFor, type MapMode } from './mapSetup';
import { cameraFor, fitPadding, FIT_MAX_ZOOM, type Camera } from './pinBounds';
import { TilesDown, useTileStatus } from './useTileStatus';
import { useMapLocale } from './mapLocale';

const m = defineMessages({
  map: { id: 'fieldMap.map', defaultMessage: 'Map' },
  satellite: { id: 'fieldMap.satellite', defaultMessage: 'Satellite' },
  empty: { id: 'fieldMap.empty', defaultMessage: 'No field locations available.' },
  crop: { id: 'fieldMap.crop', defaultMessage: 'Crop: {crop}' },
  farmer: { id: 'fieldMap.farmer', defaultMessage: 'Farmer: {farmer}' },
  healthy: { id: 'fieldMap.healthy', defaultMessage: 'Healthy' },
  warning: { id: 'fieldMap.warning', defaultMessage: 'Warning' },
  alert: { id: 'fieldMap.alert', defaultMessage: 'Alert' },
  notSpecified: { id: 'fieldMap.notSpecified', defaultMessage: 'Not specified' },
  title: { id: 'fieldMap.title', defaultMessage: 'Field Map' },
});

function DeckOverlay(props: MapboxOverlayProps) {
  const overlay = useControl<MapboxOverlay>(() => new MapboxOverlay(props));
  overlay.setProps(props);
  return null;
}

/** The camera as maplibre's initial view (a bounding box fitted with padding, or one place at a zoom). */
function initialView(camera: Camera | null, width: number) {
  if (!camera) return { ...MAP_CENTER, zoom: MAP_ZOOM };
  if (camera.kind === 'point') return { latitude: camera.latitude, longitude: camera.longitude, zoom: camera.zoom };
  return { bounds: camera.bounds, fitBoundsOptions: { padding: fitPadding(width), maxZoom: FIT_MAX_ZOOM } };
}

export function moveTo(map: MapRef, camera: Camera, width: number, animate: boolean) {
  if (camera.kind === 'point') map.jumpTo({ center: [camera.longitude, camera.latitude], zoom: camera.zoom });
  else map.fitBounds(camera.bounds, { padding: fitPadding(width), maxZoom: FIT_MAX_ZOOM, animate });
}

export const pinnable = (pins: FieldPin[]) => pins.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));

// Stable accessors: a new function each render would make deck.gl recompute every attribute.
const position = (p: FieldPin): [number, number] => [p.lng, p.lat];
const fill = (p: FieldPin) => healthColour(p.status);
const WHITE: [number, number, number] = [255, 255, 255];

/** `plain`: the pins carry no health (GPS locations): no badges, and the popup shows only the name. */
export function FieldMap({ pins, listLimit = 10, height = 420, plain = false }: { pins: FieldPin[]; listLimit?: number; height?: number; plain?: boolean }) {
  const mapLocale = useMapLocale();
  const intl = useIntl();
  const t = useT();
  const [mode, setMode] = useState<MapMode>('map');
  const [offline, setOffline] = useState(false);
  const [picked, setPicked] = useState<FieldPin | null>(null);
  const [page, setPage] = useState(1);
  const located = useMemo(() => pinnable(pins), [pins]);
  const frame = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapRef>(null);
  const tiles = useTileStatus(mode);
  // Open where the pins are (all of them, with padding), and follow when the pins change.
  const camera = useMemo(() => cameraFor(located), [located]);
  const cameraKey = JSON.stringify(camera);
  useEffect(() => {
    const map = mapRef.current;
    if (map && camera) moveTo(map, camera, frame.current?.clientWidth ?? 400, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the camera's value
  }, [cameraKey]);
  /** A field chosen in the list: centre it, so its popup opens inside the map, not half outside it. */
  const pickFromList = (p: FieldPin) => {
    setPicked(p);
    mapRef.current?.easeTo({ center: [p.lng, p.lat], duration: 300 });
  };
  // data-pins-drawn on the frame: how many pins deck.gl has drawn (the map benchmark and e2e wait on it).
  const onAfterRender = useCallback(() => {
    const el = frame.current;
    if (el && el.dataset.pinsDrawn !== String(located.length)) el.dataset.pinsDrawn = String(located.length);
  }, [located.length]);
  // data-pins-in-view on the frame: how many pins the camera shows once it has settled (e2e checks the fit).
  const onMoveEnd = useCallback(() => {
    const el = frame.current;
    const bounds = mapRef.current?.getBounds();
    if (el && bounds) el.dataset.pinsInView = String(located.filter((p) => bounds.contains([p.lng, p.lat])).length);
  }, [located]);
  const onPick = useCallback(({ object }: { object?: FieldPin | null }) => setPicked(object ?? null), []);
  const layers = useMemo(
    () => [
      new ScatterplotLayer<FieldPin>({
        id: 'fields',
        data: located,
        getPosition: position,
        getFillColor: fill,
        // Smaller dots when there are thousands, so the districts stay readable at the default zoom.
        getRadius: located.length > 2000 ? 4 : 6,
        radiusUnits: 'pixels',
        radiusMinPixels: 3,
        stroked: true,
        getLineColor: WHITE,
        lineWidthMinPixels: 1,
        pickable: true,
        onClick: onPick,
      }),
    ],
    [located, onPick],
  );
  const pageSize = Math.max(1, listLimit);
  const totalPages = Math.ceil(located.length / pageSize);
  const shownPage = Math.min(page, Math.max(1, totalPages));
  const rows = listLimit > 0 ? located.slice((shownPage - 1) * pageSize, shownPage * pageSize) : [];
  const badge = (status: string) => intl.formatMessage(status === 'good' ? m.healthy : status === 'warning' ? m.warning : m.alert);

  return (
    <section className="field-map" aria-label={intl.formatMessage(m.title)}>
      <div className="toolbar" role="group">
        {(['map', 'satellite'] as const).map((k) => (
          <button key={k} type="button" aria-pressed={mode === k} onClick={() => setMode(k)}>
            {intl.formatMessage(m[k])}
          </button>
        ))}
      </div>
      {located.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.empty)}</p>
      ) : (
        <div style={{ height }} className="map-frame" ref={frame}>
          <MapGL
            locale={mapLocale}
            ref={mapRef}
            initialViewState={initialView(camera, typeof window === 'undefined' ? 400 : window.innerWidth)}
            mapStyle={styleFor(mode, offline)}
            onError={(e) => {
              // A style that cannot be fetched (no network) falls back to the tile-free style; the notice says why.
              if (!offline && /style/i.test(String(e.error?.message))) setOffline(true);
              tiles.onError(e as never);
            }}
            onSourceData={(e) => tiles.onSourceData(e as never)}
            onLoad={onMoveEnd}
            onMoveEnd={onMoveEnd}
            style={{ width: '100%', height: '100%' }}
          >
            <NavigationControl position="top-right" />
            <DeckOverlay layers={layers} onAfterRender={onAfterRender} />
            {picked && (
              <Popup latitude={picked.lat} longitude={picked.lng} onClose={() => setPicked(null)} closeOnClick={false} maxWidth="min(240px, 70vw)">
                <strong>{picked.fieldName}</strong>
                {plain ? null : (
                  <>
                    <div>{t(m.crop, { crop: picked.crop ? cropLabel(intl, picked.crop) : t(m.notSpecified) })}</div>
                    <div>{t(m.farmer, { farmer: picked.farmerName ?? '--' })}</div>
                  </>
                )}
              </Popup>
            )}
          </MapGL>
          {tiles.down && <TilesDown offline={tiles.offline} />}
        </div>
      )}
      {rows.length > 0 && (
        <ul className="field-list">
          {rows.map((p, i) => (
            <li key={`${p.fieldId}:${i}`}>
              <button type="button" className="link-button" onClick={() => pickFromList(p)}>
                {p.fieldName}
              </button>
              {plain ? null : <span className={`badge ${p.status === 'good' ? 'badge-ok' : 'badge-warn'}`}>{badge(p.status)}</span>}
            </li>
          ))}
        </ul>
      )}
      {rows.length > 0 && <Pager page={shownPage} totalPages={totalPages} onGo={setPage} numbered={false} />}
    </section>
  );
}
