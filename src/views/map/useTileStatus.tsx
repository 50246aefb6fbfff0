/**
 * Whether a map's base tiles can be shown. Tiles fail when the device is offline or a tile host is
 * blocked (network, firewall, Content-Security-Policy): maplibre then reports tile and style errors, and
 * the map would be an empty square. The map says so on itself instead, in the reader's language; the pins
 * and the controls keep working on the plain ground colour.
 */
import { useCallback, useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  down: {
    id: 'map.tilesDown',
    defaultMessage: 'The base map cannot be loaded (no internet, or the map server is blocked). Field locations are still shown.',
  },
  offline: { id: 'map.offline', defaultMessage: 'You are offline: the base map cannot be loaded. Field locations are still shown.' },
});

/** maplibre's error and data events, as react-map-gl hands them over (only the fields used here). */
type TileEvent = { tile?: unknown; sourceId?: string; dataType?: string; error?: { message?: string } };

export function useTileStatus(resetKey: string) {
  // What was seen, for which base map (a new key, e.g. Map → Satellite, starts afresh).
  const [seen, setSeen] = useState({ key: resetKey, failed: false, loaded: false });
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  const mark = useCallback(
    (what: 'failed' | 'loaded') =>
      setSeen((s) => {
        const base = s.key === resetKey ? s : { key: resetKey, failed: false, loaded: false };
        return base[what] ? base : { ...base, [what]: true };
      }),
    [resetKey],
  );
  /** Any error of a source or its tiles (and a style that cannot be fetched) counts. */
  const onError = useCallback(
    (e: TileEvent) => {
      if (e.tile || e.sourceId || /style|tile|fetch|load|network|source/i.test(String(e.error?.message ?? ''))) mark('failed');
    },
    [mark],
  );
  /** One tile that arrives shows the base map works (a few failed tiles at the edges are no reason to warn). */
  const onSourceData = useCallback(
    (e: TileEvent) => {
      if (e.tile && e.dataType === 'source') mark('loaded');
    },
    [mark],
  );
  const current = seen.key === resetKey ? seen : { failed: false, loaded: false };
  return { down: !online || (current.failed && !current.loaded), offline: !online, onError, onSourceData };
}

/** The notice drawn over the map (the map frame is its positioned parent). */
export function TilesDown({ offline }: { offline: boolean }) {
  const intl = useIntl();
  return (
    <p className="map-notice" role="status" data-testid="map-tiles-down">
      {intl.formatMessage(offline ? m.offline : m.down)}
    </p>
  );
}
