/** The signed-in person's role and name, as the staff screens and the field screens need them. */
import { SessionContext } from '@/machines/session.context';

export type { StaffRole } from '../../../contracts/roles';

export function useSignedIn() {
  const role = SessionContext.useSelector((s) => s.context.user?.role ?? 'farmer');
  const name = SessionContext.useSelector((s) => s.context.user?.name ?? '');
  return { role, name };
}
