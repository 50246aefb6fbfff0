/**
 * The frame the admins and coordinators tables share: a titled panel with a search box (and an optional button
 * beside it), a notice banner, the table with its header and an empty row, the pager, and the sign-in dialog of
 * the person whose "sign-in" action was pressed. What differs (the columns after phone, the row actions, the
 * coordinators' edit and confirm dialogs) comes from the caller.
 */
import { useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Pager } from '@/views/ui/Pager';
import { SignInAccessDialog } from './SignInAccessDialog';
import { EmptyRow, HeaderRow, NoticeBanner, SearchBox, StatusBadge } from './tableParts';
import { pm } from './peopleMessages';

type Person = { _id: string; name: string; email: string; phoneNumber: string | null; status: 'Active' | 'Inactive' | null };

export type StaffTableProps<P extends Person> = {
  title: MessageDescriptor;
  hint?: MessageDescriptor;
  searchLabel: MessageDescriptor;
  search: string;
  onSearch: (value: string) => void;
  /** Beside the search box (the coordinators' Add button). */
  toolbarExtra?: ReactNode;
  /** The banner's text, when there is one. */
  notice: ReactNode;
  onDismissNotice: () => void;
  /** The column after phone (farmers, role) and its cell. */
  extraColumn: MessageDescriptor;
  extraCell: (person: P) => ReactNode;
  people: P[];
  emptyText: MessageDescriptor;
  loading: boolean;
  busy?: boolean;
  /** The row's actions; `openSignIn` opens the person's sign-in dialog. */
  actions: (person: P, openSignIn: () => void) => ReactNode;
  page: number;
  totalPages: number;
  onGo: (page: number) => void;
  /** Dialogs of the caller's own (edit, confirm). */
  children?: ReactNode;
};

export function StaffTable<P extends Person>(props: StaffTableProps<P>) {
  const intl = useIntl();
  // Which person's sign-in dialog is open (view-local: the dialog runs its own machine).
  const [access, setAccess] = useState<{ id: string; name: string } | null>(null);
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const { loading, busy = false } = props;
  return (
    <section className="staff-panel" aria-busy={loading || busy} aria-label={intl.formatMessage(props.title)}>
      {props.hint && <p className="hint">{intl.formatMessage(props.hint)}</p>}
      <div className="toolbar">
        <SearchBox label={props.searchLabel} value={props.search} onSearch={props.onSearch} />
        {props.toolbarExtra}
      </div>
      {props.notice && <NoticeBanner onDismiss={props.onDismissNotice}>{props.notice}</NoticeBanner>}
      {/* One card a person on a phone (workspace.css `stacked`): the name heads it, each other cell says its column. */}
      <table className="staff-table stacked">
        <thead>
          <HeaderRow labels={[pm.name, pm.email, pm.phone, props.extraColumn, pm.status, pm.actions]} />
        </thead>
        <tbody>
          {!loading && props.people.length === 0 && <EmptyRow columns={6} text={props.emptyText} />}
          {props.people.map((p) => (
            <tr key={p._id}>
              <td className="stacked-title" data-label={t(pm.name)}>
                {p.name}
              </td>
              <td data-label={t(pm.email)}>{p.email}</td>
              <td data-label={t(pm.phone)}>{p.phoneNumber ?? '--'}</td>
              <td data-label={t(props.extraColumn)}>{props.extraCell(p)}</td>
              <td data-label={t(pm.status)}>
                <StatusBadge status={p.status} />
              </td>
              <td className="actions" data-label={t(pm.actions)}>
                {props.actions(p, () => setAccess({ id: p._id, name: p.name }))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={props.page} totalPages={props.totalPages} onGo={props.onGo} />
      {props.children}
      {access && <SignInAccessDialog userId={access.id} name={access.name} onClose={() => setAccess(null)} />}
    </section>
  );
}
