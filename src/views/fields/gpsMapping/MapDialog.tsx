/**
 * 'View Map': the mapped fields on the shared maplibre FieldMap, loaded lazily when the dialog opens,
 * so maplibre stays out of this route's first chunk.
 */
import { Suspense, useMemo } from 'react';
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { useT } from '@/i18n/useT';
import { m } from './gpsMessages';
import { lazyRetry } from '@/shared/lazyRetry';

const FieldMap = lazyRetry(() => import('../../map/FieldMap').then((x) => ({ default: x.FieldMap })));

export function MapDialog() {
  const t = useT();
  const { send } = GpsMappingContext.useActorRef();
  const open = GpsMappingContext.useSelector((s) => s.matches({ ready: { main: 'map' } }));
  const locations = GpsMappingContext.useSelector((s) => s.context.locations);
  const pins = useMemo(
    () =>
      locations.map((l) => ({
        fieldId: l.fieldId,
        fieldName: l.name,
        status: 'good' as const,
        crop: null,
        farmerName: null,
        lng: l.location.coordinates[0],
        lat: l.location.coordinates[1],
      })),
    [locations],
  );
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="gps-map-title" className="card gps-dialog">
      <h2 id="gps-map-title">{t(m.mapTitle)}</h2>
      <Suspense fallback={<p className="loading">{t(m.mapLoading)}</p>}>
        <FieldMap pins={pins} plain height={380} listLimit={0} />
      </Suspense>
      <div className="gps-actions">
        <button type="button" className="button button-quiet" onClick={() => send({ type: 'map.close' })}>
          {t(m.close)}
        </button>
      </div>
    </div>
  );
}
