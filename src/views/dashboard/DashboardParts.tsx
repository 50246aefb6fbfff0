/** Pieces both dashboards share: stat cards, the recent-alerts list and quick-action buttons. */
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { AlertPreview } from '@/machines/dashboard.machine';
import { alertMessage } from '@/views/alerts/alertLabels';
import { useT } from '@/i18n/useT';
import { formatDate } from '@/i18n/format';

const m = defineMessages({
  recentAlerts: { id: 'dashboard.recentAlerts', defaultMessage: 'Recent Alerts' },
  noAlerts: { id: 'dashboard.noAlerts', defaultMessage: 'No alerts found.' },
  critical: { id: 'dashboard.severity.critical', defaultMessage: 'Critical' },
  major: { id: 'dashboard.severity.major', defaultMessage: 'Major' },
  minor: { id: 'dashboard.severity.minor', defaultMessage: 'Minor' },
  warning: { id: 'dashboard.severity.warning', defaultMessage: 'Warning' },
});

export function StatCard({ label, value, hint }: { label: MessageDescriptor; value: string; hint?: string }) {
  const t = useT();
  return (
    <div className="card stat">
      <span className="stat-label">{t(label)}</span>
      <span className="stat-value">{value}</span>
      {hint && <span className="muted">{hint}</span>}
    </div>
  );
}

export function RecentAlerts({ alerts }: { alerts: AlertPreview[] }) {
  const intl = useIntl();
  const t = useT();
  const severity = (s: AlertPreview['severity']) => m[s];
  return (
    <section className="staff-panel" aria-label={t(m.recentAlerts)}>
      <h2>{t(m.recentAlerts)}</h2>
      {alerts.length === 0 ? (
        <p className="muted">{t(m.noAlerts)}</p>
      ) : (
        <ul className="field-list">
          {alerts.map((a) => (
            <li key={a._id}>
              <span>
                {alertMessage(intl, a)}
                {a.fieldName && <span className="muted"> · {a.fieldName}</span>}
                <span className="muted"> · {formatDate(intl, a.createdAt, 'shortDateTime')}</span>
              </span>
              <span className={`badge ${a.severity === 'critical' || a.severity === 'major' ? 'badge-alert' : 'badge-warn'}`}>{t(severity(a.severity))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function QuickActions({ actions, onGo, title }: { actions: [MessageDescriptor, string][]; onGo: (to: string) => void; title: MessageDescriptor }) {
  const t = useT();
  return (
    <section className="staff-panel" aria-label={t(title)}>
      <h2>{t(title)}</h2>
      <div className="quick-actions">
        {actions.map(([label, to]) => (
          <button key={to} type="button" onClick={() => onGo(to)}>
            {t(label)}
          </button>
        ))}
      </div>
    </section>
  );
}
