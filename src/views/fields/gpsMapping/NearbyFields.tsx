/** The first nearby fields with their distance, once the surroundings are known. */
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { useT } from '@/i18n/useT';
import { m } from './gpsMessages';
import { SHOWN, useNum } from './shared';

export function NearbyFields() {
  const t = useT();
  const num = useNum();
  const nearby = GpsMappingContext.useSelector((s) => s.context.nearby);
  const done = GpsMappingContext.useSelector((s) => s.matches({ ready: { around: 'done' } }));
  return (
    <section className="card gps-nearby" aria-labelledby="gps-nearby-title">
      <h2 id="gps-nearby-title">{t(m.nearbyTitle)}</h2>
      {!done ? <p className="muted">{t(m.searching)}</p> : nearby.length === 0 ? <p className="muted">{t(m.nearbyEmpty)}</p> : null}
      {done && nearby.length > 0 ? (
        <ul className="gps-list">
          {nearby.slice(0, SHOWN).map((loc) => (
            <li key={loc._id}>
              <strong>{loc.name}</strong>
              <span className="muted">{t(m.distance, { km: num(loc.distanceKm ?? 0, 1) })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
