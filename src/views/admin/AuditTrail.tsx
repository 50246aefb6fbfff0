/**
 * The audit trail list (issue 19): who did what, when, from where, to whom, and what changed (each changed
 * field before → after, opened per entry). Filters by person, action, kind of target and a day range; server
 * pages; Export CSV with the same filters. A table on a wide screen, one card an entry on a phone.
 */
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { AuditTrailContext } from '@/machines/auditTrail.context';
import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction, type AuditEntry, type AuditTargetType } from '../../../contracts/audit';
import type { Role } from '../../../contracts/roles';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { formatDate } from '@/i18n/format';
import { useT } from '@/i18n/useT';
import { Pager } from '@/views/ui/Pager';
import { EmptyRow, HeaderRow, NoticeBanner } from '../people/tableParts';
import './auditTrail.css';

const m = defineMessages({
  title: { id: 'audit.title', defaultMessage: 'Audit trail' },
  when: { id: 'audit.when', defaultMessage: 'When' },
  who: { id: 'audit.who', defaultMessage: 'Who' },
  action: { id: 'audit.action', defaultMessage: 'Action' },
  target: { id: 'audit.target', defaultMessage: 'On' },
  from: { id: 'audit.from', defaultMessage: 'From' },
  changes: { id: 'audit.changes', defaultMessage: 'Changes' },
  actorFilter: { id: 'audit.filter.actor', defaultMessage: 'Person' },
  targetFilter: { id: 'audit.filter.target', defaultMessage: 'Kind of record' },
  fromDay: { id: 'audit.filter.fromDay', defaultMessage: 'From day' },
  toDay: { id: 'audit.filter.toDay', defaultMessage: 'To day' },
  all: { id: 'audit.filter.all', defaultMessage: 'All' },
  clear: { id: 'audit.filter.clear', defaultMessage: 'Clear filters' },
  export: { id: 'audit.export', defaultMessage: 'Export CSV' },
  exporting: { id: 'audit.exporting', defaultMessage: 'Exporting…' },
  empty: { id: 'audit.empty', defaultMessage: 'No entries match these filters.' },
  loadFailed: { id: 'audit.loadFailed', defaultMessage: 'The audit trail could not be loaded.' },
  exportFailed: { id: 'audit.exportFailed', defaultMessage: 'The audit trail could not be exported.' },
  showChanges: { id: 'audit.showChanges', defaultMessage: '{count, plural, =0 {No field changed} one {Show # change} other {Show # changes}}' },
  hideChanges: { id: 'audit.hideChanges', defaultMessage: 'Hide changes' },
  before: { id: 'audit.before', defaultMessage: 'Before' },
  after: { id: 'audit.after', defaultMessage: 'After' },
  empty_value: { id: 'audit.value.none', defaultMessage: 'none' },
  yes: { id: 'audit.value.yes', defaultMessage: 'yes' },
  no: { id: 'audit.value.no', defaultMessage: 'no' },
  unknownPerson: { id: 'audit.unknownPerson', defaultMessage: 'Removed user' },
});

export const actionLabel = defineMessages({
  'user.create': { id: 'audit.action.userCreate', defaultMessage: 'Added a user' },
  'user.edit': { id: 'audit.action.userEdit', defaultMessage: 'Edited a user' },
  'user.deactivate': { id: 'audit.action.userDeactivate', defaultMessage: 'Deactivated a user' },
  'user.invite': { id: 'audit.action.userInvite', defaultMessage: 'Sent a sign-in invitation' },
  'user.role': { id: 'audit.action.userRole', defaultMessage: 'Changed a role' },
  'twoFactor.reset': { id: 'audit.action.twoFactorReset', defaultMessage: 'Reset two-factor sign-in' },
  'farmer.reassign': { id: 'audit.action.farmerReassign', defaultMessage: 'Reassigned a farmer' },
  'farmers.import': { id: 'audit.action.farmersImport', defaultMessage: 'Imported farmers (CSV)' },
  'farmers.export': { id: 'audit.action.farmersExport', defaultMessage: 'Exported farmers (CSV)' },
  'readings.export': { id: 'audit.action.readingsExport', defaultMessage: "Exported a field's readings (CSV)" },
  'deliveries.export': { id: 'audit.action.deliveriesExport', defaultMessage: 'Exported the notification delivery log (CSV)' },
  'field.create': { id: 'audit.action.fieldCreate', defaultMessage: 'Added a field' },
  'field.locate': { id: 'audit.action.fieldLocate', defaultMessage: 'Set a field location' },
  'field.edit': { id: 'audit.action.fieldEdit', defaultMessage: 'Edited a field' },
  'alert.acknowledge': { id: 'audit.action.alertAcknowledge', defaultMessage: 'Acknowledged an alert' },
  'alert.assign': { id: 'audit.action.alertAssign', defaultMessage: 'Assigned an alert' },
  'alert.clear': { id: 'audit.action.alertClear', defaultMessage: 'Cleared an alert' },
  'signIn.clear': { id: 'audit.action.signInClear', defaultMessage: 'Cleared a sign-in wait' },
  'sessions.end': { id: 'audit.action.sessionsEnd', defaultMessage: 'Ended all sessions' },
  'deviceKey.issue': { id: 'audit.action.deviceKeyIssue', defaultMessage: 'Issued a device key' },
  'deviceKey.revoke': { id: 'audit.action.deviceKeyRevoke', defaultMessage: 'Revoked a device key' },
  'audit.export': { id: 'audit.action.auditExport', defaultMessage: 'Exported the audit trail' },
}) satisfies Record<AuditAction, MessageDescriptor>;

const targetLabel = defineMessages({
  user: { id: 'audit.targetType.user', defaultMessage: 'User' },
  farmers: { id: 'audit.targetType.farmers', defaultMessage: 'Farmer list' },
  field: { id: 'audit.targetType.field', defaultMessage: 'Field' },
  alert: { id: 'audit.targetType.alert', defaultMessage: 'Alert' },
  sensor: { id: 'audit.targetType.sensor', defaultMessage: 'Sensor' },
  audit: { id: 'audit.targetType.audit', defaultMessage: 'Audit trail' },
  deliveries: { id: 'audit.targetType.deliveries', defaultMessage: 'Delivery log' },
}) satisfies Record<AuditTargetType, MessageDescriptor>;

const roleLabel = defineMessages({
  superadmin: { id: 'profile.role.superadmin', defaultMessage: 'Super admin' },
  admin: { id: 'profile.role.admin', defaultMessage: 'Admin' },
  coordinator: { id: 'profile.role.coordinator', defaultMessage: 'Coordinator' },
  farmer: { id: 'profile.role.farmer', defaultMessage: 'Farmer' },
}) satisfies Record<Role, MessageDescriptor>;

/** The changed fields' names in the reader's language (an unknown one is shown as it is stored). */
const fieldLabel: Record<string, MessageDescriptor> = defineMessages({
  name: { id: 'audit.field.name', defaultMessage: 'Name' },
  email: { id: 'audit.field.email', defaultMessage: 'E-mail' },
  phoneNumber: { id: 'audit.field.phoneNumber', defaultMessage: 'Phone' },
  status: { id: 'audit.field.status', defaultMessage: 'Status' },
  role: { id: 'audit.field.role', defaultMessage: 'Role' },
  managedBy: { id: 'audit.field.managedBy', defaultMessage: 'Coordinator' },
  assignedTo: { id: 'audit.field.assignedTo', defaultMessage: 'Assigned to' },
  lat: { id: 'audit.field.lat', defaultMessage: 'Latitude' },
  lng: { id: 'audit.field.lng', defaultMessage: 'Longitude' },
  fieldId: { id: 'audit.field.fieldId', defaultMessage: 'Field ID' },
  farmerId: { id: 'audit.field.farmerId', defaultMessage: 'Farmer' },
  sensors: { id: 'audit.field.sensors', defaultMessage: 'Sensors' },
  // A field's edited attributes (PATCH /fields/:id), named as on the Add Field form.
  cropName: { id: 'addField.cropName', defaultMessage: 'Crop Name' },
  cropVariety: { id: 'addField.cropVariety', defaultMessage: 'Variety' },
  cropStatus: { id: 'addField.cropStatus', defaultMessage: 'Crop Status' },
  areaValue: { id: 'addField.area', defaultMessage: 'Area' },
  areaUnit: { id: 'addField.areaUnit', defaultMessage: 'Area Unit' },
  soilType: { id: 'addField.soilType', defaultMessage: 'Soil Type' },
  irrigationType: { id: 'addField.irrigationType', defaultMessage: 'Irrigation Type' },
  village: { id: 'addField.village', defaultMessage: 'Village' },
  district: { id: 'addField.district', defaultMessage: 'District' },
  state: { id: 'addField.state', defaultMessage: 'State' },
  pincode: { id: 'addField.pincode', defaultMessage: 'Pincode' },
  fullAddress: { id: 'addField.fullAddress', defaultMessage: 'Full Address' },
  imported: { id: 'audit.field.imported', defaultMessage: 'Imported' },
  rejected: { id: 'audit.field.rejected', defaultMessage: 'Rejected' },
  rows: { id: 'audit.field.rows', defaultMessage: 'Rows' },
  sessionsEnded: { id: 'audit.field.sessionsEnded', defaultMessage: 'Sessions ended' },
  farmersManaged: { id: 'audit.field.farmersManaged', defaultMessage: 'Farmers managed' },
  twoFactorEnabled: { id: 'audit.field.twoFactorEnabled', defaultMessage: 'Two-factor sign-in on' },
  channels: { id: 'audit.field.channels', defaultMessage: 'Channels' },
  sensorId: { id: 'audit.field.sensorId', defaultMessage: 'Sensor ID' },
  deviceKeyActive: { id: 'audit.field.deviceKeyActive', defaultMessage: 'Device key works' },
  issuedAt: { id: 'audit.field.issuedAt', defaultMessage: 'Issued at' },
  action: { id: 'audit.field.action', defaultMessage: 'Action filter' },
  targetType: { id: 'audit.field.targetType', defaultMessage: 'Record filter' },
  targetId: { id: 'audit.field.targetId', defaultMessage: 'Record filter' },
  actor: { id: 'audit.field.actor', defaultMessage: 'Person filter' },
  from: { id: 'audit.field.from', defaultMessage: 'From' },
  to: { id: 'audit.field.to', defaultMessage: 'To' },
});

/** Stored values that are words of the product, said in the reader's language. */
const valueLabel: Record<string, MessageDescriptor> = defineMessages({
  Active: { id: 'people.status.active', defaultMessage: 'Active' },
  Inactive: { id: 'people.status.inactive', defaultMessage: 'Inactive' },
  active_unack: { id: 'alerts.status.activeUnack', defaultMessage: 'Active, unacknowledged' },
  active_ack: { id: 'alerts.status.activeAck', defaultMessage: 'Active, acknowledged' },
  cleared_unack: { id: 'alerts.status.clearedUnack', defaultMessage: 'Cleared, unacknowledged' },
  cleared_ack: { id: 'alerts.status.clearedAck', defaultMessage: 'Cleared, acknowledged' },
  ...roleLabel,
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function valueText(intl: IntlShape, v: string | number | boolean | null): string {
  if (v === null) return intl.formatMessage(m.empty_value);
  if (typeof v === 'boolean') return intl.formatMessage(v ? m.yes : m.no);
  if (typeof v === 'number') return intl.formatNumber(v, { numberingSystem: 'latn', maximumFractionDigits: 6 });
  if (valueLabel[v]) return intl.formatMessage(valueLabel[v]);
  if (ISO.test(v)) return formatDate(intl, v, 'shortDateTime');
  return v;
}

/** A short device name from the user agent (the full text is the cell's title). */
function deviceOf(ua: string | null) {
  if (!ua) return null;
  // In order of precedence: an Android UA also says Linux, Edge's says Chrome, Chrome's says Safari.
  const os = ['Android', 'iPhone', 'iPad', 'Windows', 'Mac OS', 'Linux'].find((w) => ua.includes(w));
  const browser = ['Edg', 'Firefox', 'Chrome', 'Safari'].find((w) => ua.includes(w));
  return [browser === 'Edg' ? 'Edge' : browser, os === 'Mac OS' ? 'macOS' : os].filter(Boolean).join(' · ') || ua.slice(0, 40);
}

function Changes({ entry, open }: { entry: AuditEntry; open: boolean }) {
  const intl = useIntl();
  const t = useT();
  const actor = AuditTrailContext.useActorRef();
  const names = Object.keys(entry.changes);
  if (!names.length) return <span className="audit-muted">{t(m.showChanges, { count: 0 })}</span>;
  const listId = `audit-changes-${entry._id}`;
  return (
    <div className="audit-changes">
      <button type="button" className="link-button" aria-expanded={open} aria-controls={listId} onClick={() => actor.send({ type: 'entry.toggle', id: entry._id })}>
        {open ? t(m.hideChanges) : t(m.showChanges, { count: names.length })}
      </button>
      {open && (
        <dl id={listId} className="audit-diff">
          {names.map((name) => {
            const { before, after } = entry.changes[name];
            return (
              <div key={name} className="audit-diff-row">
                <dt>{fieldLabel[name] ? intl.formatMessage(fieldLabel[name]) : name}</dt>
                <dd>
                  <span className="audit-before" aria-label={intl.formatMessage(m.before)}>
                    {valueText(intl, before)}
                  </span>
                  <span aria-hidden="true"> → </span>
                  <span className="audit-after" aria-label={intl.formatMessage(m.after)}>
                    {valueText(intl, after)}
                  </span>
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </div>
  );
}

function EntryRow({ e, open }: { e: AuditEntry; open: boolean }) {
  const intl = useIntl();
  const t = (x: MessageDescriptor) => intl.formatMessage(x);
  const device = deviceOf(e.userAgent);
  return (
    <tr>
      <td className="stacked-title" data-label={t(m.action)}>
        {t(actionLabel[e.action])}
      </td>
      <td data-label={t(m.when)}>{formatDate(intl, e.createdAt, 'shortDateTime')}</td>
      {/* One child per cell: on a phone a cell is a grid of its label and its content. */}
      <td data-label={t(m.who)}>
        <span>
          {e.actor.name ?? t(m.unknownPerson)} <span className="audit-muted">({t(roleLabel[e.actor.role])})</span>
        </span>
      </td>
      <td data-label={t(m.target)}>
        {t(targetLabel[e.target.type])}
        {e.target.name ? `: ${e.target.name}` : ''}
      </td>
      <td data-label={t(m.from)} title={e.userAgent ?? undefined}>
        <span>
          <span className="audit-ip">{e.ipAddress ?? '—'}</span>
          {device && <span className="audit-muted"> · {device}</span>}
        </span>
      </td>
      <td data-label={t(m.changes)}>
        <Changes entry={e} open={open} />
      </td>
    </tr>
  );
}

function Select<V extends string>({ id, label, value, options, onChange }: { id: string; label: MessageDescriptor; value: V | null; options: { value: V; label: string }[]; onChange: (v: V | null) => void }) {
  const intl = useIntl();
  return (
    <div className="audit-filter">
      <label htmlFor={id}>{intl.formatMessage(label)}</label>
      <select id={id} value={value ?? ''} onChange={(ev) => onChange((ev.target.value || null) as V | null)}>
        <option value="">{intl.formatMessage(m.all)}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AuditTrail() {
  const intl = useIntl();
  const t = (x: MessageDescriptor) => intl.formatMessage(x);
  const send = AuditTrailContext.useActorRef().send;
  const entries = AuditTrailContext.useSelector((s) => s.context.entries);
  const actors = AuditTrailContext.useSelector((s) => s.context.actors);
  const actorId = AuditTrailContext.useSelector((s) => s.context.actor);
  const action = AuditTrailContext.useSelector((s) => s.context.action);
  const targetType = AuditTrailContext.useSelector((s) => s.context.targetType);
  const from = AuditTrailContext.useSelector((s) => s.context.from);
  const to = AuditTrailContext.useSelector((s) => s.context.to);
  const open = AuditTrailContext.useSelector((s) => s.context.open);
  const page = AuditTrailContext.useSelector((s) => s.context.page);
  const totalPages = AuditTrailContext.useSelector((s) => s.context.totalPages);
  const notice = AuditTrailContext.useSelector((s) => s.context.notice);
  const loading = AuditTrailContext.useSelector((s) => s.hasTag('loading'));
  const exporting = AuditTrailContext.useSelector((s) => s.matches('exporting'));
  const ready = AuditTrailContext.useSelector((s) => s.matches('ready'));
  const canClear = AuditTrailContext.useSelector((s) => s.can({ type: 'filters.clear' }));
  const columns = [m.action, m.when, m.who, m.target, m.from, m.changes];
  return (
    <section className="staff-panel audit-trail" aria-busy={loading || exporting} aria-label={t(m.title)}>
      <div className="audit-filters">
        <Select
          id="audit-actor"
          label={m.actorFilter}
          value={actorId}
          options={actors.map((a) => ({ value: a._id, label: `${a.name} (${t(roleLabel[a.role])})` }))}
          onChange={(value) => send({ type: 'filter.actor', value })}
        />
        <Select id="audit-action" label={m.action} value={action} options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(actionLabel[a]) }))} onChange={(value) => send({ type: 'filter.action', value })} />
        <Select id="audit-target" label={m.targetFilter} value={targetType} options={AUDIT_TARGETS.map((v) => ({ value: v, label: t(targetLabel[v]) }))} onChange={(value) => send({ type: 'filter.target', value })} />
        <div className="audit-filter">
          <label htmlFor="audit-from">{t(m.fromDay)}</label>
          <input id="audit-from" type="date" value={from ?? ''} onChange={(ev) => send({ type: 'filter.from', value: ev.target.value || null })} />
        </div>
        <div className="audit-filter">
          <label htmlFor="audit-to">{t(m.toDay)}</label>
          <input id="audit-to" type="date" value={to ?? ''} onChange={(ev) => send({ type: 'filter.to', value: ev.target.value || null })} />
        </div>
        <div className="audit-buttons">
          <button type="button" disabled={!canClear} onClick={() => send({ type: 'filters.clear' })}>
            {t(m.clear)}
          </button>
          <button type="button" disabled={!ready} onClick={() => send({ type: 'export.start' })}>
            {t(exporting ? m.exporting : m.export)}
          </button>
        </div>
      </div>
      {notice && (
        <NoticeBanner onDismiss={() => send({ type: 'notice.dismiss' })}>
          <p>{httpErrorMessage(intl, notice.error, notice.kind === 'exportFailed' ? m.exportFailed : m.loadFailed)}</p>
        </NoticeBanner>
      )}
      <table className="staff-table stacked audit-table">
        <thead>
          <HeaderRow labels={columns} />
        </thead>
        <tbody>
          {!loading && entries.length === 0 && <EmptyRow columns={columns.length} text={m.empty} />}
          {entries.map((e) => (
            <EntryRow key={e._id} e={e} open={open === e._id} />
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={totalPages} onGo={(p) => send({ type: 'page.go', page: p })} />
    </section>
  );
}
