/**
 * The admins' notification delivery log (issue 16): who was told what on which channel, how it stands, how many
 * attempts and the last error; filters by status, channel and kind; server pages; Export CSV with the same filters.
 * A table on a wide screen, one card a delivery on a phone (`staff-table stacked`).
 */
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { DeliveryLogContext } from '@/machines/deliveryLog.context';
import { DELIVERY_STATUSES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type DeliveryItem, type DeliveryStatus, type NotificationChannel, type NotificationKind } from '../../../contracts/notifications';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { formatDate } from '@/i18n/format';
import { Pager } from '@/views/ui/Pager';
import { EmptyRow, HeaderRow, NoticeBanner } from '../people/tableParts';

const m = defineMessages({
  recipient: { id: 'deliveryLog.recipient', defaultMessage: 'Recipient' },
  channel: { id: 'deliveryLog.channel', defaultMessage: 'Channel' },
  kind: { id: 'deliveryLog.kind', defaultMessage: 'Kind' },
  status: { id: 'deliveryLog.status', defaultMessage: 'Status' },
  attempts: { id: 'deliveryLog.attempts', defaultMessage: 'Attempts' },
  lastError: { id: 'deliveryLog.lastError', defaultMessage: 'Last error' },
  queuedAt: { id: 'deliveryLog.queuedAt', defaultMessage: 'Queued' },
  updatedAt: { id: 'deliveryLog.updatedAt', defaultMessage: 'Last change' },
  all: { id: 'deliveryLog.all', defaultMessage: 'All' },
  export: { id: 'deliveryLog.export', defaultMessage: 'Export CSV' },
  exporting: { id: 'deliveryLog.exporting', defaultMessage: 'Exporting…' },
  empty: { id: 'deliveryLog.empty', defaultMessage: 'No deliveries found.' },
  loadFailed: { id: 'deliveryLog.loadFailed', defaultMessage: 'The delivery log could not be loaded.' },
  exportFailed: { id: 'deliveryLog.exportFailed', defaultMessage: 'The delivery log could not be exported.' },
  title: { id: 'deliveryLog.title', defaultMessage: 'Notification delivery log' },
});

export const deliveryStatusLabel = defineMessages({
  queued: { id: 'deliveryLog.status.queued', defaultMessage: 'Queued' },
  sent: { id: 'deliveryLog.status.sent', defaultMessage: 'Sent' },
  failed: { id: 'deliveryLog.status.failed', defaultMessage: 'Failed' },
  retrying: { id: 'deliveryLog.status.retrying', defaultMessage: 'Retrying' },
  skipped: { id: 'deliveryLog.status.skipped', defaultMessage: 'Skipped' },
}) satisfies Record<DeliveryStatus, MessageDescriptor>;

export const channelLabel = defineMessages({
  inApp: { id: 'notificationSettings.channel.inApp', defaultMessage: 'In the app' },
  push: { id: 'notificationSettings.channel.push', defaultMessage: 'Push' },
  sms: { id: 'notificationSettings.channel.sms', defaultMessage: 'SMS' },
  email: { id: 'notificationSettings.channel.email', defaultMessage: 'E-mail' },
}) satisfies Record<NotificationChannel, MessageDescriptor>;

const kindLabel = defineMessages({
  alertRaised: { id: 'notifications.kind.alertRaised', defaultMessage: 'New alert' },
  alertAssigned: { id: 'notifications.kind.alertAssigned', defaultMessage: 'Assigned to you' },
  alertEscalated: { id: 'notifications.kind.alertEscalated', defaultMessage: 'Escalated' },
  message: { id: 'notifications.kind.message', defaultMessage: 'Message' },
}) satisfies Record<NotificationKind, MessageDescriptor>;

const statusBadge: Record<DeliveryStatus, string> = { queued: 'badge-muted', sent: 'badge-ok', failed: 'badge-alert', retrying: 'badge-muted', skipped: 'badge-muted' };

/** One filter: a labelled select of the values, '' for all. */
function Filter<V extends string>({ id, label, value, values, labels, onChange }: { id: string; label: MessageDescriptor; value: V | null; values: readonly V[]; labels: Record<V, MessageDescriptor>; onChange: (v: V | null) => void }) {
  const intl = useIntl();
  return (
    <>
      <label id={`${id}-label`} htmlFor={id}>
        {intl.formatMessage(label)}
      </label>
      <select id={id} aria-labelledby={`${id}-label`} value={value ?? ''} onChange={(e) => onChange((e.target.value || null) as V | null)}>
        <option value="">{intl.formatMessage(m.all)}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {intl.formatMessage(labels[v] as MessageDescriptor)}
          </option>
        ))}
      </select>
    </>
  );
}

function DeliveryRow({ d }: { d: DeliveryItem }) {
  const intl = useIntl();
  const t = (x: MessageDescriptor) => intl.formatMessage(x);
  return (
    <tr>
      <td className="stacked-title" data-label={t(m.recipient)}>
        {d.recipient.name}
      </td>
      <td data-label={t(m.channel)}>{t(channelLabel[d.channel])}</td>
      <td data-label={t(m.kind)}>{t(kindLabel[d.kind])}</td>
      <td data-label={t(m.status)}>
        <span className={`badge ${statusBadge[d.status]}`}>{t(deliveryStatusLabel[d.status])}</span>
      </td>
      <td data-label={t(m.attempts)}>{intl.formatNumber(d.attempts, { numberingSystem: 'latn' })}</td>
      <td data-label={t(m.lastError)}>{d.lastError ?? '—'}</td>
      <td data-label={t(m.queuedAt)}>{formatDate(intl, d.createdAt, 'shortDateTime')}</td>
      <td data-label={t(m.updatedAt)}>{formatDate(intl, d.updatedAt, 'shortDateTime')}</td>
    </tr>
  );
}

export function DeliveryLog() {
  const intl = useIntl();
  const t = (x: MessageDescriptor) => intl.formatMessage(x);
  const actor = DeliveryLogContext.useActorRef();
  const deliveries = DeliveryLogContext.useSelector((s) => s.context.deliveries);
  const status = DeliveryLogContext.useSelector((s) => s.context.status);
  const channel = DeliveryLogContext.useSelector((s) => s.context.channel);
  const kind = DeliveryLogContext.useSelector((s) => s.context.kind);
  const page = DeliveryLogContext.useSelector((s) => s.context.page);
  const totalPages = DeliveryLogContext.useSelector((s) => s.context.totalPages);
  const notice = DeliveryLogContext.useSelector((s) => s.context.notice);
  const loading = DeliveryLogContext.useSelector((s) => s.hasTag('loading'));
  const exporting = DeliveryLogContext.useSelector((s) => s.matches('exporting'));
  const ready = DeliveryLogContext.useSelector((s) => s.matches('ready'));
  const columns = [m.recipient, m.channel, m.kind, m.status, m.attempts, m.lastError, m.queuedAt, m.updatedAt];
  return (
    <section className="staff-panel" aria-busy={loading || exporting} aria-label={t(m.title)}>
      <div className="toolbar">
        <Filter id="delivery-status" label={m.status} value={status} values={DELIVERY_STATUSES} labels={deliveryStatusLabel} onChange={(value) => actor.send({ type: 'filter.status', value })} />
        <Filter id="delivery-channel" label={m.channel} value={channel} values={NOTIFICATION_CHANNELS} labels={channelLabel} onChange={(value) => actor.send({ type: 'filter.channel', value })} />
        <Filter id="delivery-kind" label={m.kind} value={kind} values={NOTIFICATION_KINDS} labels={kindLabel} onChange={(value) => actor.send({ type: 'filter.kind', value })} />
        <button type="button" disabled={!ready} onClick={() => actor.send({ type: 'export.start' })}>
          {t(exporting ? m.exporting : m.export)}
        </button>
      </div>
      {notice && (
        <NoticeBanner onDismiss={() => actor.send({ type: 'notice.dismiss' })}>
          <p>{httpErrorMessage(intl, notice.error, notice.kind === 'exportFailed' ? m.exportFailed : m.loadFailed)}</p>
        </NoticeBanner>
      )}
      <table className="staff-table stacked">
        <thead>
          <HeaderRow labels={columns} />
        </thead>
        <tbody>
          {!loading && deliveries.length === 0 && <EmptyRow columns={columns.length} text={m.empty} />}
          {deliveries.map((d) => (
            <DeliveryRow key={d._id} d={d} />
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={totalPages} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
    </section>
  );
}
