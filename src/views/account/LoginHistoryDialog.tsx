import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { filterHistory, loginHistoryMachine, type HistoryFilter } from '../../machines/loginHistory.machine';
import { AccountDialog } from './AccountDialog';
import { accountMessages as am } from './accountMessages';
import { saveFile } from '../ui/saveFile';
import { serverWords, statusOf } from '@/i18n/httpErrors';
import { formatDate } from '@/i18n/format';

const m = defineMessages({
  title: { id: 'history.title', defaultMessage: 'Login history' },
  filter: { id: 'history.filter', defaultMessage: 'Show' },
  all: { id: 'history.filter.all', defaultMessage: 'All' },
  lastWeek: { id: 'history.filter.lastWeek', defaultMessage: 'Last week' },
  suspicious: { id: 'history.filter.suspicious', defaultMessage: 'Suspicious / failed' },
  export: { id: 'history.export', defaultMessage: 'Export CSV' },
  empty: { id: 'history.empty', defaultMessage: 'no login history found' },
  loadFailed: { id: 'history.loadFailed', defaultMessage: 'Failed to load login history' },
  revokeFailed: { id: 'history.revokeFailed', defaultMessage: 'Failed to revoke the session' },
  reportFailed: { id: 'history.reportFailed', defaultMessage: 'Failed to report the sign-in' },
  success: { id: 'history.status.success', defaultMessage: 'Success' },
  failed: { id: 'history.status.failed', defaultMessage: 'Failed' },
  suspiciousStatus: { id: 'history.status.suspicious', defaultMessage: 'Suspicious' },
  throttled: { id: 'history.status.throttled', defaultMessage: 'Slowed down (too many failures)' },
  unthrottled: { id: 'history.status.unthrottled', defaultMessage: 'Cleared by an administrator' },
  sessionsEnded: { id: 'history.status.sessions_ended', defaultMessage: 'Signed out by an administrator' },
  retryAt: { id: 'history.retryAt', defaultMessage: 'Can try again at' },
  current: { id: 'history.current', defaultMessage: 'This device' },
  details: { id: 'history.details', defaultMessage: 'Details' },
  ip: { id: 'history.ip', defaultMessage: 'IP address' },
  userAgent: { id: 'history.userAgent', defaultMessage: 'Browser' },
  location: { id: 'history.location', defaultMessage: 'Location' },
  session: { id: 'history.session', defaultMessage: 'Session id' },
  unknown: { id: 'history.unknown', defaultMessage: 'Unknown' },
  revoke: { id: 'history.revoke', defaultMessage: 'Revoke session' },
  report: { id: 'history.report', defaultMessage: 'Report' },
  reported: { id: 'history.reported', defaultMessage: 'Reported' },
  working: { id: 'history.working', defaultMessage: 'Please wait…' },
  mobile: { id: 'history.device.mobile', defaultMessage: 'Mobile' },
  tablet: { id: 'history.device.tablet', defaultMessage: 'Tablet' },
  desktop: { id: 'history.device.desktop', defaultMessage: 'Computer' },
});

const FILTERS: HistoryFilter[] = ['all', 'lastWeek', 'suspicious'];
export const STATUS = {
  success: m.success,
  failed: m.failed,
  suspicious: m.suspiciousStatus,
  throttled: m.throttled,
  unthrottled: m.unthrottled,
  sessions_ended: m.sessionsEnded,
} as const;
export const RETRY_AT = m.retryAt;
const DEVICE: Record<string, (typeof m)[keyof typeof m]> = { mobile: m.mobile, tablet: m.tablet, desktop: m.desktop, computer: m.desktop };

type Props = { onClose: () => void; logic?: typeof loginHistoryMachine };

export function LoginHistoryDialog({ onClose, logic = loginHistoryMachine }: Props) {
  const intl = useIntl();
  const machine = useMemo(
    () => logic.provide({ actions: { download: (_, f) => saveFile(f.filename, f.text) } }),
    [logic],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s.value as string);
  const history = useSelector(actor, (s) => s.context.history);
  const filter = useSelector(actor, (s) => s.context.filter);
  const expanded = useSelector(actor, (s) => s.context.expanded);
  const error = useSelector(actor, (s) => s.context.error);
  const errorCause = useSelector(actor, (s) => s.context.errorCause);
  const rows = useMemo(() => filterHistory(history, filter), [history, filter]);
  const canRevoke = useSelector(actor, (s) => s.can({ type: 'history.revoke' }));
  const canReport = useSelector(actor, (s) => s.can({ type: 'history.report' }));
  const canExport = useSelector(actor, (s) => s.can({ type: 'history.export' }));
  const busy = state === 'revoking' || state === 'reporting' || state === 'loading';
  const unknown = intl.formatMessage(m.unknown);

  const banner = error && (
    <p role="alert" className="acct-banner acct-banner--error">
      {statusOf(errorCause) === 429
        ? intl.formatMessage(am.tooMany)
        : intl.formatMessage(error === 'load' ? m.loadFailed : error === 'revoke' ? m.revokeFailed : m.reportFailed)}
      {serverWords(errorCause, intl.locale) ? ` (${serverWords(errorCause, intl.locale)})` : ''}
    </p>
  );

  return (
    <AccountDialog title={intl.formatMessage(m.title)} onClose={onClose}>
      {banner}
      {state === 'failed' ? (
        <button type="button" onClick={() => actor.send({ type: 'history.retry' })}>
          {intl.formatMessage(am.retry)}
        </button>
      ) : (
        <>
          <div className="acct-toolbar">
            <label>
              {intl.formatMessage(m.filter)}{' '}
              <select
                value={filter}
                disabled={state !== 'list'}
                onChange={(e) => actor.send({ type: 'history.filter', filter: e.target.value as HistoryFilter })}
              >
                {FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {intl.formatMessage(m[f])}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" disabled={!canExport} onClick={() => actor.send({ type: 'history.export' })}>
              {intl.formatMessage(m.export)}
            </button>
          </div>
          {busy && (
            <p role="status" aria-busy="true">
              {intl.formatMessage(state === 'loading' ? am.loading : m.working)}
            </p>
          )}
          {state === 'list' && rows.length === 0 && <p className="acct-empty">{intl.formatMessage(m.empty)}</p>}
          <ul className="acct-history" aria-label={intl.formatMessage(m.title)}>
            {rows.map((r) => {
              const open = expanded === r._id;
              return (
                <li key={r._id} data-id={r._id} className={`acct-history__row acct-history__row--${r.status}`}>
                  <button
                    type="button"
                    className="acct-history__summary"
                    aria-expanded={open}
                    disabled={state !== 'list'}
                    onClick={() => actor.send({ type: 'history.toggle', id: r._id })}
                  >
                    <span>{formatDate(intl, r.timestamp)}</span>
                    <span>{r.deviceType ? intl.formatMessage(DEVICE[r.deviceType] ?? m.unknown) : unknown}</span>
                    <span>{r.location ?? unknown}</span>
                    <span className={`acct-status acct-status--${r.status}`}>{intl.formatMessage(STATUS[r.status])}</span>
                    {r.current && <span className="acct-badge acct-badge--on">{intl.formatMessage(m.current)}</span>}
                  </button>
                  {open && (
                    <div className="acct-history__details" aria-label={intl.formatMessage(m.details)}>
                      <dl>
                        <dt>{intl.formatMessage(m.ip)}</dt>
                        <dd>{r.ipAddress ?? unknown}</dd>
                        <dt>{intl.formatMessage(m.userAgent)}</dt>
                        <dd>{r.userAgent ?? unknown}</dd>
                        <dt>{intl.formatMessage(m.location)}</dt>
                        <dd>{r.location ?? unknown}</dd>
                        {r.retryAt && (
                          <>
                            <dt>{intl.formatMessage(m.retryAt)}</dt>
                            <dd>{formatDate(intl, r.retryAt, 'time')}</dd>
                          </>
                        )}
                        <dt>{intl.formatMessage(m.session)}</dt>
                        <dd>
                          <code>{r.sessionId ?? '—'}</code>
                        </dd>
                      </dl>
                      <div className="acct-actions">
                        {canRevoke && (
                          <button type="button" className="acct-danger" onClick={() => actor.send({ type: 'history.revoke' })}>
                            {intl.formatMessage(m.revoke)}
                          </button>
                        )}
                        {canReport && (
                          <button type="button" onClick={() => actor.send({ type: 'history.report' })}>
                            {intl.formatMessage(m.report)}
                          </button>
                        )}
                        {r.reported && <span className="acct-badge">{intl.formatMessage(m.reported)}</span>}
                      </div>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </AccountDialog>
  );
}
