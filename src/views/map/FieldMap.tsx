/**
 * Field Map (spec section 2): every field with numeric coordinates pinned by one deck.gl layer (smooth with
 * tens of thousands of pins), Map/Satellite toggle, a popup with name, crop and farmer, and a field list
 * with status badges. Leaf view: it draws what it is given.
 */
import { useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import MapGL, { NavigationControl, Popup, useControl } from 'react-map-gl/maplibre';
import { MapboxOverlay, type MapboxOverlayProps } from '@deck.gl/mapbox';
import { ScatterplotLayer } from '@deck.gl/layers';
import type { FieldPin } from '../../../server/src/contracts/fields';
import { cropLabel } from '@/views/ui/cropLabels';
import { useT } from '../staff/useT';
import { healthColour, MAP_CENTER, MAP_ZOOM, styleFor, type MapMode } from './mapSetup';

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

export const pinnable = (pins: FieldPin[]) => pins.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));

/** `plain`: the pins carry no health (GPS locations): no badges, and the popup shows only the name. */
export function FieldMap({ pins, listLimit = 10, height = 420, plain = false }: { pins: FieldPin[]; listLimit?: number; height?: number; plain?: boolean }) {
  const intl = useIntl();
  const t = useT();
  const [mode, setMode] = useState<MapMode>('map');
  const [offline, setOffline] = useState(false);
  const [picked, setPicked] = useState<FieldPin | null>(null);
  const located = useMemo(() => pinnable(pins), [pins]);
  const layers = useMemo(
    () => [
      new ScatterplotLayer<FieldPin>({
        id: 'fields',
        data: located,
        getPosition: (p) => [p.lng, p.lat],
        getFillColor: (p) => healthColour(p.status),
        getRadius: 6,
        radiusUnits: 'pixels',
        stroked: true,
        getLineColor: [255, 255, 255],
        lineWidthMinPixels: 1,
        pickable: true,
        onClick: ({ object }) => setPicked(object ?? null),
      }),
    ],
    [located],
  );
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
        <div style={{ height }} className="map-frame">
          <MapGL
            initialViewState={{ ...MAP_CENTER, zoom: MAP_ZOOM }}
            mapStyle={styleFor(mode, offline)}
            onError={(e) => {
              // A style that cannot be fetched (no network) falls back to the tile-free style; tile errors are harmless.
              if (!offline && /style/i.test(String(e.error?.message))) setOffline(true);
            }}
            style={{ width: '100%', height: '100%' }}
          >
            <NavigationControl position="top-right" />
            <DeckOverlay layers={layers} />
            {picked && (
              <Popup latitude={picked.lat} longitude={picked.lng} onClose={() => setPicked(null)} closeOnClick={false}>
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
        </div>
      )}
      {located.length > 0 && (
        <ul className="field-list">
          {located.slice(0, listLimit).map((p) => (
            <li key={p._id}>
              <button type="button" className="link-button" onClick={() => setPicked(p)}>
                {p.fieldName}
              </button>
              {plain ? null : <span className={`badge ${p.status === 'good' ? 'badge-ok' : 'badge-warn'}`}>{badge(p.status)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
