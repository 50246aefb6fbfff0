/** The role buttons: which add-user screens the signed-in role may open (spec, farmer home). */
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { PATHS } from '@/app/paths';
import { creatableRoles } from '@/machines/roles';
import { SessionContext } from '@/machines/session.context';

const m = defineMessages({
  nav: { id: 'roleLinks.label', defaultMessage: 'Add people' },
  admin: { id: 'roleLinks.addAdmin', defaultMessage: 'Add Admin' },
  coordinator: { id: 'roleLinks.addCoordinator', defaultMessage: 'Add Coordinator' },
  farmer: { id: 'roleLinks.addFarmer', defaultMessage: 'Add Farmer' },
});

const HREF = { admin: PATHS.addAdmin, coordinator: PATHS.addCoordinator, farmer: PATHS.addFarmer } as const;

export function RoleLinks() {
  const intl = useIntl();
  const role = SessionContext.useSelector((s) => s.context.user?.role);
  const roles = creatableRoles(role);
  if (roles.length === 0) return null;
  return (
    <nav className="role-links" aria-label={intl.formatMessage(m.nav)}>
      {roles.map((r) => (
        <Link key={r} href={HREF[r]} className="button button-secondary">
          {intl.formatMessage(m[r])}
        </Link>
      ))}
    </nav>
  );
}
