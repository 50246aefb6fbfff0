/**
 * The superadmin's admins table (issue 19): the administrators with their role; "Sign-in and role" opens the
 * sign-in dialog, where a superadmin may make an admin a coordinator (confirmed first, audited by the server).
 * After a role change this table, the coordinators table and the farmers table reload (listChanges.ts).
 */
import { useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { AdminsTableContext } from '@/machines/adminsTable.context';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { Pager } from '@/views/ui/Pager';
import { SignInAccessDialog } from './SignInAccessDialog';
import { pm } from './peopleMessages';
import { EmptyRow, HeaderRow, NoticeBanner, RowAction, SearchBox, StatusBadge } from './tableParts';

const m = defineMessages({
  title: { id: 'people.adminsTitle', defaultMessage: 'Administrators' },
  search: { id: 'people.searchAdmins', defaultMessage: 'Search administrators...' },
  none: { id: 'people.noAdmins', defaultMessage: 'No administrators found.' },
  role: { id: 'people.col.role', defaultMessage: 'Role' },
  roleAction: { id: 'people.signInAndRole', defaultMessage: 'Sign-in and role' },
  hint: {
    id: 'people.adminsHint',
    defaultMessage: 'To make an admin a coordinator, open "Sign-in and role". Your own role cannot be changed here.',
  },
  loadFailed: { id: 'people.adminsLoadFailed', defaultMessage: 'Could not load the administrators.' },
});
const roleName = defineMessages({
  superadmin: { id: 'profile.role.superadmin', defaultMessage: 'Super admin' },
  admin: { id: 'profile.role.admin', defaultMessage: 'Admin' },
}) as Record<string, MessageDescriptor>;

export function AdminsTable() {
  const intl = useIntl();
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  // Which person's sign-in dialog is open (view-local: the dialog runs its own machine).
  const [access, setAccess] = useState<{ id: string; name: string } | null>(null);
  const actor = AdminsTableContext.useActorRef();
  const admins = AdminsTableContext.useSelector((s) => s.context.admins);
  const search = AdminsTableContext.useSelector((s) => s.context.search);
  const page = AdminsTableContext.useSelector((s) => s.context.page);
  const totalPages = AdminsTableContext.useSelector((s) => s.context.totalPages);
  const notice = AdminsTableContext.useSelector((s) => s.context.notice);
  const loading = AdminsTableContext.useSelector((s) => s.hasTag('loading'));

  return (
    <section className="staff-panel" aria-busy={loading} aria-label={t(m.title)}>
      <p className="hint">{t(m.hint)}</p>
      <div className="toolbar">
        <SearchBox label={m.search} value={search} onSearch={(value) => actor.send({ type: 'search.change', value })} />
      </div>
      {notice && (
        <NoticeBanner onDismiss={() => actor.send({ type: 'notice.dismiss' })}>
          <p>{httpErrorMessage(intl, notice.error, m.loadFailed)}</p>
        </NoticeBanner>
      )}
      <table className="staff-table">
        <thead>
          <HeaderRow labels={[pm.name, pm.email, pm.phone, m.role, pm.status, pm.actions]} />
        </thead>
        <tbody>
          {!loading && admins.length === 0 && <EmptyRow columns={6} text={m.none} />}
          {admins.map((a) => (
            <tr key={a._id}>
              <td>{a.name}</td>
              <td>{a.email}</td>
              <td>{a.phoneNumber ?? '--'}</td>
              <td>{t(roleName[a.role])}</td>
              <td>
                <StatusBadge status={a.status} />
              </td>
              <td className="actions">
                <RowAction action={m.roleAction} person={a.name} disabled={loading} onClick={() => setAccess({ id: a._id, name: a.name })} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={totalPages} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
      {access && <SignInAccessDialog userId={access.id} name={access.name} onClose={() => setAccess(null)} />}
    </section>
  );
}
