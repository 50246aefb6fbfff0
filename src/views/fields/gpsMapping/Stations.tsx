/** The first nearby weather stations with their distance and weather, once the surroundings are known. */
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { useT } from '@/i18n/useT';
import { m } from './gpsMessages';
import { SHOWN, useNum } from './shared';

export function Stations() {
  const t = useT();
  const num = useNum();
  const stations = GpsMappingContext.useSelector((s) => s.context.stations);
  const done = GpsMappingContext.useSelector((s) => s.matches({ ready: { around: 'done' } }));
  return (
    <section className="card gps-stations" aria-labelledby="gps-stations-title">
      <h2 id="gps-stations-title">{t(m.stationsTitle)}</h2>
      {!done ? <p className="muted">{t(m.searching)}</p> : stations.length === 0 ? <p className="muted">{t(m.stationsEmpty)}</p> : null}
      {done && stations.length > 0 ? (
        <ul className="gps-list">
          {stations.slice(0, SHOWN).map((st) => (
            <li key={st._id}>
              <strong>{st.name}</strong>
              <span className="muted">{t(m.distance, { km: num(st.distanceKm, 1) })}</span>
              <span>
                {st.temperature != null && st.humidity != null
                  ? t(m.weather, { temp: num(st.temperature, 1), humidity: num(st.humidity, 0) })
                  : t(m.noWeather)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
