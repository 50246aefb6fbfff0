/** Who may open a route, and the guard that sends everyone else away (src/app/App.tsx, src/app/MoreRoutes.tsx). */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { isStaff } from '@/machines/roles';
import { SessionContext } from '@/machines/session.context';
import { PATHS } from './paths';

/** Who may open a route: anyone, only the signed-out (login), any signed-in user, or admin/coordinator only. */
export type Access = 'open' | 'guest' | 'signedIn' | 'staff';

function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const signedIn = SessionContext.useSelector((s) => Boolean(s.context.accessToken));
  const role = SessionContext.useSelector((s) => s.context.user?.role);
  if (access === 'open') return children;
  if (access === 'guest') return signedIn ? <Redirect to={PATHS.home} replace /> : children;
  if (!signedIn) return <Redirect to={PATHS.login} replace />;
  if (access === 'staff' && !isStaff(role)) return <Redirect to={PATHS.home} replace />;
  return children;
}

export function screen(access: Access, node: ReactNode) {
  return <Guard access={access}>{node}</Guard>;
}
