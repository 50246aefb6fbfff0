/** 'Your Fields': every mapped field with View Details and Update GPS, or the empty state. */
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { useT } from '@/i18n/useT';
import { m } from './gpsMessages';
import { LocationLine } from './LocationLine';
import { statusName } from './shared';

export function YourFields() {
  const t = useT();
  const { send } = GpsMappingContext.useActorRef();
  const locations = GpsMappingContext.useSelector((s) => s.context.locations);
  const loading = GpsMappingContext.useSelector((s) => s.hasTag('loading'));
  const loaded = GpsMappingContext.useSelector((s) => s.matches('ready'));
  const canAct = GpsMappingContext.useSelector((s) => s.matches({ ready: { main: 'idle' } }));
  const updating = GpsMappingContext.useSelector((s) => (s.hasTag('updating') ? s.context.selected : null));
  return (
    <section className="card gps-fields" aria-labelledby="gps-your-fields">
      <h2 id="gps-your-fields">{t(m.yourFields)}</h2>
      {loading && locations.length === 0 ? <p className="loading">{t(m.loading)}</p> : null}
      {loaded && locations.length === 0 ? (
        <div className="gps-empty">
          <h3>{t(m.emptyTitle)}</h3>
          <p>{t(m.emptyHint)}</p>
        </div>
      ) : null}
      {locations.length > 0 ? (
        <ul className="gps-list" aria-busy={loading}>
          {locations.map((loc) => (
            <li key={loc._id}>
              <div>
                <strong>{loc.name}</strong> <span className={`badge gps-status-${loc.status}`}>{statusName(t, loc.status)}</span>
                <br />
                <LocationLine loc={loc} />
              </div>
              <div className="gps-actions">
                <button
                  type="button"
                  className="button button-quiet"
                  aria-label={`${t(m.viewDetails)}: ${loc.name}`}
                  disabled={!canAct}
                  onClick={() => send({ type: 'details.open', fieldId: loc.fieldId })}
                >
                  {t(m.viewDetails)}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={`${t(updating === loc.fieldId ? m.updatingGps : m.updateGps)}: ${loc.name}`}
                  disabled={!canAct}
                  onClick={() => send({ type: 'gps.update', fieldId: loc.fieldId })}
                >
                  {t(updating === loc.fieldId ? m.updatingGps : m.updateGps)}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
