/**
 * The one authorization layer: who may reach which farmer, field and alert.
 * Routes call these with the caller the /api/v1 sign-in hook set (`req.user`); a resource outside the caller's reach answers 404,
 * never 403, so ids of other people's data cannot be probed.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alerts, fields, users } from '../db/schema';
import { forbidden, notFound } from './errors';
import { createTtlCache } from './accessCache';
import { ADMIN_ROLES, STAFF_ROLES, type Role } from '../../../contracts/roles';

export type { Role };
/** The signed-in caller; `from` is where this request came from (set per request, recorded by lib/audit.ts). */
export type AuthUser = {
  id: string;
  role: Role;
  sessionId: string;
  name: string;
  email: string;
  from?: { ip: string | null; userAgent: string | null };
};

export const STAFF: readonly Role[] = STAFF_ROLES;
export const ADMINS: readonly Role[] = ADMIN_ROLES;

export const isAdmin = (u: AuthUser) => u.role === 'admin' || u.role === 'superadmin';
export const isStaff = (u: AuthUser) => STAFF.includes(u.role);

/** Who may create whom (register, add-admin/coordinator/farmer). */
export const CAN_CREATE: Record<Role, Role[]> = {
  superadmin: ['admin', 'coordinator', 'farmer'],
  admin: ['coordinator', 'farmer'],
  coordinator: ['farmer'],
  farmer: [],
};

export function requireRole(user: AuthUser, roles: readonly Role[]) {
  if (!roles.includes(user.role)) throw forbidden();
}

/** SQL condition on `users` limiting farmers to those the caller may see. */
export function farmerScope(user: AuthUser): SQL {
  if (isAdmin(user)) return eq(users.role, 'farmer');
  if (user.role === 'coordinator') return and(eq(users.role, 'farmer'), eq(users.managedBy, user.id))!;
  return and(eq(users.role, 'farmer'), eq(users.id, user.id))!;
}

/**
 * SQL condition on `users` limiting the owners of fields to those whose fields the caller may see (the field
 * search by owner name); undefined for admins, who see every owner. fieldScope's rule, seen from `users`.
 */
export function fieldOwnerScope(user: AuthUser): SQL | undefined {
  if (user.role === 'coordinator') return eq(users.managedBy, user.id);
  if (user.role === 'farmer') return eq(users.id, user.id);
  return undefined;
}

/** SQL condition on `fields` limiting fields to those the caller may see. */
export function fieldScope(user: AuthUser): SQL {
  if (isAdmin(user)) return sql`true`;
  if (user.role === 'coordinator') {
    return inArray(
      fields.farmerId,
      sql`(select ${users.id} from ${users} where ${users.managedBy} = ${user.id})`,
    );
  }
  return eq(fields.farmerId, user.id);
}

/** SQL condition on `alerts` limiting alerts to those the caller may see. */
export function alertScope(user: AuthUser): SQL {
  if (isAdmin(user)) return sql`true`;
  if (user.role === 'coordinator') {
    return inArray(alerts.farmerId, sql`(select ${users.id} from ${users} where ${users.managedBy} = ${user.id})`);
  }
  return eq(alerts.farmerId, user.id);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/** The field row if the caller may see it, else 404. Accepts the UUID or the human fieldId. */
export async function loadFieldFor(db: Db, user: AuthUser, id: string) {
  const byId = isUuid(id) ? eq(fields.id, id) : eq(fields.fieldId, id);
  const [row] = await db.select().from(fields).where(and(byId, fieldScope(user))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Field UUIDs by `<user id>|<reference>`: only fields the user may see are ever kept. */
export const fieldAccessCache = (ttlMs: number) => createTtlCache<string>(ttlMs);

/**
 * The UUID of a field the caller may see, else 404: `loadFieldFor` for hot read routes that need only the id.
 * A field never changes owner; a coordinator's reach changes only with an assignment, which clears the cache
 * (accessChanged `scopes`), so a cached answer is as good as a fresh one for its few seconds.
 */
export async function fieldIdFor(db: Db, cache: ReturnType<typeof fieldAccessCache>, user: AuthUser, ref: string) {
  const key = `${user.id}|${ref}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const generation = cache.generation;
  const byId = isUuid(ref) ? eq(fields.id, ref) : eq(fields.fieldId, ref);
  const [row] = await db.select({ id: fields.id }).from(fields).where(and(byId, fieldScope(user))).limit(1);
  if (!row) throw notFound();
  cache.set(key, row.id, generation);
  return row.id;
}

/** The farmer row if the caller may see it, else 404. */
export async function loadFarmerFor(db: Db, user: AuthUser, farmerId: string) {
  if (!isUuid(farmerId)) throw notFound();
  const [row] = await db.select().from(users).where(and(eq(users.id, farmerId), farmerScope(user))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The alert row if the caller may see it, else 404. */
export async function loadAlertFor(db: Db, user: AuthUser, alertId: string) {
  if (!isUuid(alertId)) throw notFound();
  const [row] = await db.select().from(alerts).where(and(eq(alerts.id, alertId), alertScope(user))).limit(1);
  if (!row) throw notFound();
  return row;
}

export function assertCanCreate(user: AuthUser, role: Role) {
  if (!CAN_CREATE[user.role].includes(role)) throw forbidden();
}
