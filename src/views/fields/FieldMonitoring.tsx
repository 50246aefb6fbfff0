/** Field monitoring list (spec section 2, Field Monitoring) with the Field Details modal. */
import { Suspense } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { FieldMonitoringContext } from '@/machines/fieldMonitoring.context';
import type { HealthFilter } from '@/machines/fieldMonitoring.machine';
import { isStale } from '@/machines/farmerHome.machine';
import { cropLabel } from '@/views/ui/cropLabels';
import { ReadingAge } from '@/views/ui/ReadingAge';
import { useNow } from '@/views/ui/useNow';
import { Pager } from '@/views/ui/Pager';
import { useT } from '@/i18n/useT';
import { fm } from './fieldMessages';
import { formatNum } from '@/i18n/format';
import { lazyRetry } from '@/shared/lazyRetry';

// The modal brings the charts (visx); it loads the first time details are opened.
const FieldDetailsModal = lazyRetry(() => import('./FieldDetailsModal').then((x) => ({ default: x.FieldDetailsModal })));

const FILTERS: [HealthFilter, MessageDescriptor][] = [
  ['all', fm.allStatus],
  ['good', fm.good],
  ['warning', fm.warning],
  ['alert', fm.alert],
];
const HEALTH = { good: fm.good, warning: fm.warning, alert: fm.alert };

export function FieldMonitoring() {
  const intl = useIntl();
  const t = useT();
  const actor = FieldMonitoringContext.useActorRef();
  const fields = FieldMonitoringContext.useSelector((s) => s.context.fields);
  const search = FieldMonitoringContext.useSelector((s) => s.context.search);
  const status = FieldMonitoringContext.useSelector((s) => s.context.status);
  const page = FieldMonitoringContext.useSelector((s) => s.context.page);
  const totalPages = FieldMonitoringContext.useSelector((s) => s.context.totalPages);
  const loadFailed = FieldMonitoringContext.useSelector((s) => s.context.loadFailed);
  const staff = FieldMonitoringContext.useSelector((s) => s.context.actorRole !== 'farmer');
  const loading = FieldMonitoringContext.useSelector((s) => s.hasTag('loading'));
  const detailsOpen = FieldMonitoringContext.useSelector((s) => s.matches({ details: 'open' }));
  const now = useNow();
  const reading = (v: number | null, unit: string) => (v === null ? '--' : `${formatNum(v, { maximumFractionDigits: 1 })}${unit}`);

  return (
    <main className="staff-page">
      <div className="toolbar">
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'nav.back' })}>
          ← {t(fm.back)}
        </button>
        <h1>{t(fm.title)}</h1>
        {staff && (
          <button type="button" className="primary" onClick={() => actor.send({ type: 'nav.addField' })}>
            {t(fm.addField)}
          </button>
        )}
      </div>
      <div className="toolbar">
        <input type="search" aria-label={t(fm.search)} placeholder={t(fm.search)} value={search} onChange={(e) => actor.send({ type: 'search.change', value: e.target.value })} />
        <select aria-label={t(fm.status)} value={status} onChange={(e) => actor.send({ type: 'status.change', value: e.target.value as HealthFilter })}>
          {FILTERS.map(([v, label]) => (
            <option key={v} value={v}>
              {t(label)}
            </option>
          ))}
        </select>
      </div>
      {loading && <p role="status">{t(fm.loading)}</p>}
      {loadFailed && !loading && (
        <p role="alert" className="banner banner-error">
          {t(fm.loadFailed)}
        </p>
      )}
      {!loading && !loadFailed && fields.length === 0 && <p className="muted">{t(fm.noFields)}</p>}
      <div className="card-grid">
        {fields.map((f) => (
          <article key={f._id} className="card" aria-label={f.fieldName || f.fieldId}>
            <header>
              <h2>{f.fieldName || f.fieldId}</h2>
              <span className={`badge badge-${f.status}`}>{t(HEALTH[f.status])}</span>
            </header>
            <p>{f.owner.name ?? '--'}</p>
            {f.lastSensorData && (
              <p className={isStale(f.lastSensorUpdate, undefined, now) ? 'reading-stale' : undefined}>
                {t(fm.moisture)}: {reading(f.lastSensorData.moisture, '%')} · {t(fm.temperature)}: {reading(f.lastSensorData.temperature, '°C')}
                {f.lastSensorUpdate && (
                  <>
                    {' · '}
                    {isStale(f.lastSensorUpdate, undefined, now) && <strong>{t(fm.staleReading)} · </strong>}
                    <ReadingAge at={f.lastSensorUpdate} now={now} />
                  </>
                )}
              </p>
            )}
            <p>
              {t(fm.crop)}: {f.crop ? cropLabel(intl, f.crop) : t(fm.notSpecified)}
            </p>
            <p>
              {t(fm.area)}: {f.area === null ? t(fm.na) : t(fm.acres, { value: formatNum(f.area, { maximumFractionDigits: 1 }) })}
            </p>
            <button type="button" aria-label={`${t(fm.viewDetails)}: ${f.fieldName || f.fieldId}`} onClick={() => actor.send({ type: 'details.open', id: f._id })}>
              {t(fm.viewDetails)}
            </button>
          </article>
        ))}
      </div>
      <Pager page={page} totalPages={totalPages} numbered={false} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
      {detailsOpen && (
        <Suspense fallback={null}>
          <FieldDetailsModal />
        </Suspense>
      )}
    </main>
  );
}
