/**
 * What a connected socket may still receive. A socket is admitted with an access token and then lives on
 * for hours, so the rooms it sits in are re-checked against the database whenever access may have shrunk
 * (a session ended, a user deactivated or given another role, a farmer moved to another coordinator, a
 * field removed) and whenever socket.io would restore a dropped socket's rooms (connection state recovery).
 * The same rules as REST: the session is live, the user Active with the same role, and each watched field
 * inside lib/access.ts `fieldScope`.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fields, sessions, users } from '../db/schema';
import { fieldScope, isUuid, type AuthUser } from '../lib/access';

export const FIELD_ROOM = 'field:';
export const fieldRoom = (id: string) => `${FIELD_ROOM}${id}`;

/** The field ids behind a socket's `field:<uuid>` rooms. */
export function watchedFields(rooms: Iterable<string>): string[] {
  const ids: string[] = [];
  for (const room of rooms) if (room.startsWith(FIELD_ROOM)) ids.push(room.slice(FIELD_ROOM.length));
  return ids;
}

export type Entitlement =
  /** The session ended, or the user is no longer Active or no longer has the role the socket was admitted with. */
  | { live: false }
  | { live: true; allowedFields: Set<string> };

/** Whether `user`'s socket may stay, and which of `fieldIds` it may still watch (two indexed reads at most). */
export async function entitlement(db: Db, user: AuthUser, fieldIds: readonly string[]): Promise<Entitlement> {
  if (!isUuid(user.sessionId) || !isUuid(user.id)) return { live: false };
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, user.sessionId),
        eq(sessions.userId, user.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.status, 'Active'),
        eq(users.role, user.role),
      ),
    )
    .limit(1);
  if (!row) return { live: false };
  const ids = [...new Set(fieldIds.filter(isUuid))];
  if (!ids.length) return { live: true, allowedFields: new Set() };
  const allowed = await db
    .select({ id: fields.id })
    .from(fields)
    .where(and(inArray(fields.id, ids), fieldScope(user)));
  return { live: true, allowedFields: new Set(allowed.map((r) => r.id)) };
}

/** The field ids a farmer owns (the rooms whose watchers a reassignment concerns). */
export async function fieldsOfFarmers(db: Db, farmerIds: readonly string[]): Promise<string[]> {
  const ids = farmerIds.filter(isUuid);
  if (!ids.length) return [];
  const rows = await db.select({ id: fields.id }).from(fields).where(inArray(fields.farmerId, ids));
  return rows.map((r) => r.id);
}
