/** Small pieces the farmer, coordinator and coordinator's-farmers tables share. */
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { pm } from './peopleMessages';

/** The table's search box: its label is also its placeholder. */
export function SearchBox({ label, value, disabled, onSearch }: { label: MessageDescriptor; value: string; disabled?: boolean; onSearch: (value: string) => void }) {
  const text = useIntl().formatMessage(label);
  return <input type="search" aria-label={text} placeholder={text} value={value} disabled={disabled} onChange={(e) => onSearch(e.target.value)} />;
}

/** A banner over the table with a Dismiss button: an alert, or a status when it reports success or news (info). */
export function NoticeBanner({ success = false, info = false, onDismiss, children }: { success?: boolean; info?: boolean; onDismiss: () => void; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div role={success || info ? 'status' : 'alert'} className={`banner ${success ? 'banner-success' : info ? 'banner-info' : 'banner-error'}`}>
      {children}
      <button type="button" onClick={onDismiss}>
        {intl.formatMessage(pm.dismiss)}
      </button>
    </div>
  );
}

/** The header row: one column per label. */
export function HeaderRow({ labels, first }: { labels: MessageDescriptor[]; first?: ReactNode }) {
  const intl = useIntl();
  return (
    <tr>
      {first !== undefined && <th>{first}</th>}
      {labels.map((l) => (
        <th key={l.id}>{intl.formatMessage(l)}</th>
      ))}
    </tr>
  );
}

/** The one row shown when the list is empty. */
export function EmptyRow({ columns, text }: { columns: number; text: MessageDescriptor }) {
  return (
    <tr>
      <td colSpan={columns}>{useIntl().formatMessage(text)}</td>
    </tr>
  );
}

/** Active or Inactive, or Alert when the farmer has an open alert. */
export function StatusBadge({ status, alert = false }: { status: 'Active' | 'Inactive' | null; alert?: boolean }) {
  const intl = useIntl();
  const [kind, text] = alert ? ['badge-alert', pm.alert] : status === 'Inactive' ? ['badge-muted', pm.inactive] : ['badge-ok', pm.active];
  return <span className={`badge ${kind}`}>{intl.formatMessage(text)}</span>;
}

/** A row's action button, named "<action>: <person>" for screen readers. */
export function RowAction({ action, person, disabled, onClick }: { action: MessageDescriptor; person: string; disabled?: boolean; onClick: () => void }) {
  const text = useIntl().formatMessage(action);
  return (
    <button type="button" disabled={disabled} aria-label={`${text}: ${person}`} onClick={onClick}>
      {text}
    </button>
  );
}
