/**
 * The superadmin's admins table (issue 19): the administrators with their role; "Sign-in and role" opens the
 * sign-in dialog, where a superadmin may make an admin a coordinator (confirmed first, audited by the server).
 * After a role change this table, the coordinators table and the farmers table reload (listChanges.ts).
 */
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { AdminsTableContext } from '@/machines/adminsTable.context';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { StaffTable } from './StaffTable';
import { RowAction } from './tableParts';

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
  const actor = AdminsTableContext.useActorRef();
  const admins = AdminsTableContext.useSelector((s) => s.context.admins);
  const search = AdminsTableContext.useSelector((s) => s.context.search);
  const page = AdminsTableContext.useSelector((s) => s.context.page);
  const totalPages = AdminsTableContext.useSelector((s) => s.context.totalPages);
  const notice = AdminsTableContext.useSelector((s) => s.context.notice);
  const loading = AdminsTableContext.useSelector((s) => s.hasTag('loading'));

  return (
    <StaffTable
      title={m.title}
      hint={m.hint}
      searchLabel={m.search}
      search={search}
      onSearch={(value) => actor.send({ type: 'search.change', value })}
      notice={notice && <p>{httpErrorMessage(intl, notice.error, m.loadFailed)}</p>}
      onDismissNotice={() => actor.send({ type: 'notice.dismiss' })}
      extraColumn={m.role}
      extraCell={(a) => intl.formatMessage(roleName[a.role])}
      people={admins}
      emptyText={m.none}
      loading={loading}
      actions={(a, openSignIn) => <RowAction action={m.roleAction} person={a.name} disabled={loading} onClick={openSignIn} />}
      page={page}
      totalPages={totalPages}
      onGo={(p) => actor.send({ type: 'page.go', page: p })}
    />
  );
}
