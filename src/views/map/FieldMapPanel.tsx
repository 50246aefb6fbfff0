/** The Field Map with its own data (lazy chunk: maplibre and deck.gl load only where a map is shown). */
import { fieldMapMachine } from '@/machines/fieldMap.machine';
import { FieldMapContext } from '@/machines/fieldMap.context';
import { FieldMap } from './FieldMap';

function Pins({ height }: { height?: number }) {
  const pins = FieldMapContext.useSelector((s) => s.context.pins);
  const loading = FieldMapContext.useSelector((s) => s.hasTag('loading'));
  return loading ? <div className="map-frame" style={{ height: height ?? 420 }} aria-busy="true" /> : <FieldMap pins={pins} height={height} />;
}

/** `logic` lets a test give the map its own load. */
export function FieldMapPanel({ height, logic = fieldMapMachine }: { height?: number; logic?: typeof fieldMapMachine }) {
  return (
    <FieldMapContext.Provider logic={logic}>
      <Pins height={height} />
    </FieldMapContext.Provider>
  );
}
