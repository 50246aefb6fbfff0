/** The Field Details modal (spec section 2): every section with its empty text, and the live 7-day timeline. */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FieldMonitoringContext } from '@/machines/fieldMonitoring.context';
import { cropLabel } from '@/views/ui/cropLabels';
import { SensorTimelineChart } from '../charts/SensorTimelineChart';
import { ReadingsExport } from './ReadingsExport';
import { useT } from '@/i18n/useT';
import { options } from './addFieldMessages';
import { fm } from './fieldMessages';
import { frequencyLabel, seasonLabel } from '../ui/farmWords';
import { formatDate, formatNum, formatMoney } from '@/i18n/format';

const TIMELINE_TYPES = [
  { type: 'moisture', label: fm.moisture, axis: fm.moistureAxis },
  { type: 'temperature', label: fm.temperature, axis: fm.temperatureAxis },
] as const;

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode | null }) {
  return (
    <section className="detail-section" aria-label={title}>
      <h3>{title}</h3>
      {children ?? <p className="muted">{empty}</p>}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v ?? '--'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FieldDetailsModal() {
  const intl = useIntl();
  const t = useT();
  const actor = FieldMonitoringContext.useActorRef();
  const detail = FieldMonitoringContext.useSelector((s) => s.context.detail);
  const timeline = FieldMonitoringContext.useSelector((s) => s.context.timeline);
  const detailLoading = FieldMonitoringContext.useSelector((s) => s.hasTag('detailLoading'));
  const timelineLoading = FieldMonitoringContext.useSelector((s) => s.hasTag('timelineLoading'));
  const failed = FieldMonitoringContext.useSelector((s) => s.context.detailFailed);
  const openId = FieldMonitoringContext.useSelector((s) => s.context.openId);
  const num = (v: number | null | undefined) => (v === null || v === undefined ? null : formatNum(v, { maximumFractionDigits: 2 }));
  const rupees = (v: number | null | undefined) =>
    v === null || v === undefined ? null : formatMoney(v);
  /** An enumeration value in the reader's language (area unit, soil and irrigation types). */
  const option = (v: string | null | undefined) => (v && v in options ? t(options[v as keyof typeof options]) : (v ?? null));
  const day = (v: string | null | undefined) => (v ? formatDate(intl, v, 'date') : null);

  return (
    <div className="dialog-backdrop">
      <div role="dialog" aria-modal="true" aria-label={t(fm.details)} className="dialog dialog-wide">
        <header className="dialog-header">
          <h2>{t(fm.details)}</h2>
          <button type="button" onClick={() => actor.send({ type: 'details.close' })}>
            {t(fm.close)}
          </button>
        </header>
        {detailLoading && <p role="status">{t(fm.loadingDetails)}</p>}
        {failed && (
          <p role="alert" className="banner banner-error">
            {t(fm.detailsFailed)}
          </p>
        )}
        {detail && (
          <>
            <h3>{detail.name}</h3>
            <Facts
              rows={[
                [t(fm.owner), detail.owner.name],
                [t(fm.cropType), detail.currentCrop.name && cropLabel(intl, detail.currentCrop.name)],
                [t(fm.area), detail.location.area.value === null ? null : `${num(detail.location.area.value)} ${option(detail.location.area.unit)}`],
              ]}
            />
            <Section title={t(fm.soil)} empty={t(fm.noSoil)}>
              {detail.soilInfo === null ? null : (
                <Facts
                  rows={[
                    [t(fm.soilType), option(detail.soilInfo.type)],
                    [t(fm.ph), num(detail.soilInfo.ph)],
                    [t(fm.organicMatter), num(detail.soilInfo.organicMatter)],
                    [t(fm.nitrogen), num(detail.soilInfo.nitrogen)],
                    [t(fm.phosphorus), num(detail.soilInfo.phosphorus)],
                    [t(fm.potassium), num(detail.soilInfo.potassium)],
                    [t(fm.lastTested), day(detail.soilInfo.lastTested)],
                  ]}
                />
              )}
            </Section>
            <Section title={t(fm.irrigation)} empty={t(fm.noIrrigation)}>
              {detail.irrigation === null ? null : (
                <Facts
                  rows={[
                    [t(fm.irrigationType), option(detail.irrigation.type)],
                    [t(fm.automation), t(detail.irrigation.automation ? fm.yes : fm.no)],
                    [
                      t(fm.schedule),
                      detail.irrigation.schedule.frequency || detail.irrigation.schedule.duration !== null
                        ? t(fm.scheduleValue, { frequency: frequencyLabel(intl, detail.irrigation.schedule.frequency) ?? '--', duration: detail.irrigation.schedule.duration ?? '--' })
                        : null,
                    ],
                  ]}
                />
              )}
            </Section>
            <Section title={t(fm.cropHistory)} empty={t(fm.noCropHistory)}>
              {detail.cropHistory.length === 0 ? null : (
                <ul>
                  {detail.cropHistory.map((h, i) => (
                    <li key={i}>
                      <strong>{cropLabel(intl, h.crop)}</strong> {h.variety} · {t(fm.season)}: {seasonLabel(intl, h.season) ?? '--'} · {t(fm.planted)}: {day(h.plantedDate) ?? '--'} · {t(fm.harvested)}:{' '}
                      {day(h.harvestedDate) ?? '--'} · {t(fm.yieldLabel)}: {h.yield === null ? '--' : `${num(h.yield)} ${option(h.yieldUnit)}`}
                      {h.notes && <div className="muted">{h.notes}</div>}
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Section title={t(fm.financials)} empty={t(fm.noFinancials)}>
              {detail.financial === null ? null : (
                <Facts
                  rows={[
                    [t(fm.seeds), rupees(detail.financial.investment?.seeds)],
                    [t(fm.fertilizers), rupees(detail.financial.investment?.fertilizers)],
                    [t(fm.pesticides), rupees(detail.financial.investment?.pesticides)],
                    [t(fm.labor), rupees(detail.financial.investment?.labor)],
                    [t(fm.irrigationCost), rupees(detail.financial.investment?.irrigation)],
                    [t(fm.other), rupees(detail.financial.investment?.other)],
                    [t(fm.revenueExpected), rupees(detail.financial.revenue.expected)],
                    [t(fm.revenueActual), rupees(detail.financial.revenue.actual)],
                    [t(fm.profit), rupees(detail.financial.profit)],
                  ]}
                />
              )}
            </Section>
            <Section title={t(fm.notes)} empty={t(fm.noNotes)}>
              {detail.notes.length === 0 ? null : (
                <ul>
                  {detail.notes.map((n, i) => (
                    <li key={i}>
                      {n.content} <span className="muted">— {n.author ?? '--'}, {day(n.createdAt)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          </>
        )}
        <section className="detail-section" aria-label={t(fm.timeline)}>
          <h3>{t(fm.timeline)}</h3>
          {timelineLoading && <p role="status">{t(fm.loadingSensors)}</p>}
          {timeline &&
            TIMELINE_TYPES.map(({ type, label, axis }) => {
              const readings = timeline.sensors.find((s) => s.type === type)?.readings ?? [];
              return readings.length ? (
                <SensorTimelineChart key={type} type={type} readings={readings} unitLabel={t(axis)} />
              ) : (
                <p key={type} className="muted">
                  {t(fm.noData, { type: t(label).toLowerCase() })}
                </p>
              );
            })}
        </section>
        {openId && <ReadingsExport key={openId} fieldId={openId} />}
      </div>
    </div>
  );
}
