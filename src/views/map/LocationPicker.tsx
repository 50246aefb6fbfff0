/**
 * The Set Field Location map: a click or a marker drag reports the new position; a position set another
 * way (typed, or the device's) moves the map to it. Opens on the position, or at the state's centre.
 * When the base tiles cannot load it says so on the map (the marker and typed coordinates still work).
 */
import MapGL, { Marker, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import { useEffect, useRef, useState } from 'react';
import { MAP_CENTER, MAP_ZOOM, styleFor } from './mapSetup';
import { SINGLE_PIN_ZOOM } from './pinBounds';
import { TilesDown, useTileStatus } from './useTileStatus';
import { useMapLocale } from './mapLocale';

type Position = { lat: number; lng: number };

export function LocationPicker({ position, onPick, height = 320 }: { position: Position | null; onPick: (p: Position) => void; height?: number }) {
  const mapLocale = useMapLocale();
  const [offline, setOffline] = useState(false);
  const tiles = useTileStatus('map');
  const mapRef = useRef<MapRef>(null);
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || lat === undefined || lng === undefined) return;
    // Already in view (the reader clicked there): leave the camera alone.
    if (map.getBounds().contains([lng, lat])) return;
    map.easeTo({ center: [lng, lat], zoom: Math.max(map.getZoom(), SINGLE_PIN_ZOOM), duration: 400 });
  }, [lat, lng]);
  return (
    <div style={{ height }} className="map-frame" data-testid="location-picker">
      <MapGL
        locale={mapLocale}
        ref={mapRef}
        initialViewState={position ? { latitude: position.lat, longitude: position.lng, zoom: SINGLE_PIN_ZOOM } : { ...MAP_CENTER, zoom: MAP_ZOOM }}
        mapStyle={styleFor('map', offline)}
        cursor="crosshair"
        onError={(e) => {
          if (!offline && /style/i.test(String(e.error?.message))) setOffline(true);
          tiles.onError(e as never);
        }}
        onSourceData={(e) => tiles.onSourceData(e as never)}
        onClick={(e) => onPick({ lat: e.lngLat.lat, lng: e.lngLat.lng })}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" />
        {position && (
          <Marker latitude={position.lat} longitude={position.lng} draggable color="#2e7d32" onDragEnd={(e) => onPick({ lat: e.lngLat.lat, lng: e.lngLat.lng })} />
        )}
      </MapGL>
      {tiles.down && <TilesDown offline={tiles.offline} />}
    </div>
  );
}
