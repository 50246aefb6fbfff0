/** The Set Field Location map: a click or a marker drag reports the new position. */
import MapGL, { Marker, NavigationControl } from 'react-map-gl/maplibre';
import { useState } from 'react';
import { MAP_CENTER, MAP_ZOOM, styleFor } from './mapSetup';

type Position = { lat: number; lng: number };

export function LocationPicker({ position, onPick, height = 320 }: { position: Position | null; onPick: (p: Position) => void; height?: number }) {
  const [offline, setOffline] = useState(false);
  return (
    <div style={{ height }} className="map-frame" data-testid="location-picker">
      <MapGL
        initialViewState={position ? { latitude: position.lat, longitude: position.lng, zoom: 13 } : { ...MAP_CENTER, zoom: MAP_ZOOM }}
        mapStyle={styleFor('map', offline)}
        cursor="crosshair"
        onError={(e) => {
          if (!offline && /style/i.test(String(e.error?.message))) setOffline(true);
        }}
        onClick={(e) => onPick({ lat: e.lngLat.lat, lng: e.lngLat.lng })}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" />
        {position && (
          <Marker latitude={position.lat} longitude={position.lng} draggable color="#2e7d32" onDragEnd={(e) => onPick({ lat: e.lngLat.lat, lng: e.lngLat.lng })} />
        )}
      </MapGL>
    </div>
  );
}
