/** Role rules the routes and screens share (spec section 6). Superadmin counts as admin. */
import type { Role } from '@/services/auth';

export const isAdmin = (role: Role | undefined | null) => role === 'admin' || role === 'superadmin';
/** Admin/coordinator routes admit these; everyone else is sent to /. */
export const isStaff = (role: Role | undefined | null) => isAdmin(role) || role === 'coordinator';

/** Which add-user screens a role may open, in the order the role buttons show them. */
export function creatableRoles(role: Role | undefined | null): Array<'admin' | 'coordinator' | 'farmer'> {
  if (role === 'superadmin') return ['admin', 'coordinator', 'farmer'];
  if (role === 'admin') return ['coordinator', 'farmer'];
  if (role === 'coordinator') return ['farmer'];
  return [];
}
