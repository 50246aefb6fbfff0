/**
 * SQL for the people screens: farmer and coordinator lists, edits, deactivation, import and export.
 * Every farmer query is limited by `farmerScope(user)`; callers check the role first.
 */
import { and, asc, count, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { alerts, fields, sessions, users } from '../../db/schema';
import { farmerScope, type AuthUser } from '../../lib/access';
import { accessChanged } from '../../lib/accessCache';
import { scopeKey, versionStamp, type CountCache, type CountedTable } from '../../lib/countCache';

export type FarmerStatusFilter = 'all' | 'active' | 'inactive' | 'alert';
export type ListQuery = { page: number; limit: number; search?: string; status?: FarmerStatusFilter };

const coordinator = alias(users, 'coordinator');

/** `%term%` with LIKE wildcards in the term taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The pattern for a `search_text` column (schema.ts): lower-cased like the column, and without line breaks, which
 * separate the column's parts, so a term never matches across two of them.
 */
export const searchPattern = (term: string) => containing(term.trim().replace(/\s+/g, ' ').toLowerCase());

/** The farmer has an alert that has not cleared yet (the coordinator list's 'alert' filter). */
const hasOpenAlert = sql<boolean>`exists (select 1 from ${alerts} where ${alerts.farmerId} = ${users.id} and ${alerts.resolvedAt} is null)`;

function farmerFilter(user: AuthUser, q: ListQuery): SQL {
  const parts: (SQL | undefined)[] = [farmerScope(user)];
  if (q.search?.trim()) parts.push(like(users.searchText, searchPattern(q.search)));
  if (q.status === 'active') parts.push(eq(users.status, 'Active'));
  if (q.status === 'inactive') parts.push(eq(users.status, 'Inactive'));
  if (q.status === 'alert') parts.push(hasOpenAlert);
  return and(...parts)!;
}

/**
 * A list's total: counted once per version of the tables it depends on. `stamp` is those versions as read with
 * the page (`versionStamp` selected as a column), so a page and its reused total cost one round trip; an empty
 * page carries no stamp and reads the versions itself. Without a count cache (one-off callers) it is counted.
 */
function counted<T>(counts: CountCache | undefined, db: Db, key: string, tables: readonly CountedTable[], stamp: string | undefined, compute: () => Promise<T>) {
  if (!counts) return compute();
  return stamp ? counts.at(key, stamp, compute) : counts.get(db, key, tables, compute);
}

const FARMER_TABLES = (q: ListQuery): CountedTable[] => (q.status === 'alert' ? ['alerts', 'users'] : ['users']);
/** A farmer row also shows field counts and open alerts. */
const FARMER_PAGE_TABLES: CountedTable[] = ['alerts', 'fields', 'users'];

export function listFarmers(db: Db, user: AuthUser, q: ListQuery, counts?: CountCache) {
  if (!counts) return farmerPage(db, user, q).then((p) => p.value);
  const key = `farmers-page|${scopeKey(user)}|${q.status ?? 'all'}|${q.search?.trim() ?? ''}|${q.page}|${q.limit}`;
  return counts.page(key, { stamp: () => counts.stamp(db, FARMER_PAGE_TABLES), compute: () => farmerPage(db, user, q, counts) });
}

async function farmerPage(db: Db, user: AuthUser, q: ListQuery, counts?: CountCache) {
  const where = farmerFilter(user, q);
  const key = `farmers|${scopeKey(user)}|${q.status ?? 'all'}|${q.search?.trim() ?? ''}`;
  const tables = FARMER_TABLES(q);
  const rows = await db
    .select({
      _id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      village: users.village,
      district: users.district,
      status: users.status,
      coordinator: users.managedBy,
      coordinatorName: coordinator.name,
      lastActive: users.lastActiveAt,
      fieldCount: sql<number>`(select count(*)::int from ${fields} where ${fields.farmerId} = ${users.id})`,
      hasOpenAlert,
      stamp: versionStamp(tables),
      pageStamp: versionStamp(FARMER_PAGE_TABLES),
      matches: matchesWhenSearching(q),
    })
    .from(users)
    .leftJoin(coordinator, eq(coordinator.id, users.managedBy))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const total =
    rows[0]?.matches ?? (await counted(counts, db, key, tables, rows[0]?.stamp, async () => (await db.select({ total: count() }).from(users).where(where))[0].total));
  return {
    stamp: rows[0]?.pageStamp,
    value: {
      farmers: rows.map(({ stamp: _, pageStamp: __, matches: ___, ...r }) => ({ ...r, lastActive: r.lastActive?.toISOString() ?? null })),
      pagination: pageInfo(q, total),
    },
  };
}

export { counted };

/**
 * A search's total, counted by the page query itself (a window over the same matches): a search term is seldom
 * repeated, so a kept count rarely helps, and one scan of the matches costs half of two. Null otherwise.
 */
export const matchesWhenSearching = (q: { search?: string }) =>
  q.search?.trim() ? sql<number | null>`(count(*) over ())::int` : sql<number | null>`null::int`;

export const pageInfo = (q: { page: number; limit: number }, total: number) => ({
  page: q.page,
  limit: q.limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / q.limit)),
});

/** Active coordinators for selectors (Add Farmer, assign coordinator). */
export function coordinatorChoices(db: Db) {
  return db
    .select({ _id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'coordinator'), eq(users.status, 'Active')))
    .orderBy(asc(users.name));
}

type CoordinatorQuery = { page: number; limit: number; search?: string };

export function listCoordinators(db: Db, q: CoordinatorQuery, counts?: CountCache) {
  if (!counts) return coordinatorPage(db, q).then((p) => p.value);
  const key = `coordinators-page|${q.search?.trim() ?? ''}|${q.page}|${q.limit}`;
  return counts.page(key, { stamp: () => counts.stamp(db, ['users']), compute: () => coordinatorPage(db, q, counts) });
}

async function coordinatorPage(db: Db, q: CoordinatorQuery, counts?: CountCache) {
  const parts: (SQL | undefined)[] = [eq(users.role, 'coordinator')];
  if (q.search?.trim()) parts.push(like(users.searchText, searchPattern(q.search)));
  const where = and(...parts);
  const rows = await db
    .select({ _id: users.id, name: users.name, email: users.email, phoneNumber: users.phoneNumber, status: users.status, stamp: versionStamp(['users']) })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const stamp = rows[0]?.stamp;
  const [total, perCoordinator] = await Promise.all([
    counted(counts, db, `coordinators|${q.search?.trim() ?? ''}`, ['users'], stamp, async () => (await db.select({ total: count() }).from(users).where(where))[0].total),
    // One grouped count for every coordinator, reused while users are unchanged, instead of a count per row.
    rows.length ? counted(counts, db, 'farmers-per-coordinator', ['users'], stamp, () => farmersPerCoordinator(db)) : new Map<string, number>(),
  ]);
  return {
    stamp,
    value: {
      coordinators: rows.map(({ stamp: _, ...r }) => ({ ...r, farmerCount: perCoordinator.get(r._id) ?? 0 })),
      pagination: pageInfo(q, total),
    },
  };
}

/** The administrators (admins and superadmins), by name, for superadmins' admins table; search as the other lists. */
export async function listAdmins(db: Db, q: CoordinatorQuery) {
  const parts: (SQL | undefined)[] = [inArray(users.role, ['admin', 'superadmin'])];
  if (q.search?.trim()) parts.push(like(users.searchText, searchPattern(q.search)));
  const where = and(...parts);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ _id: users.id, name: users.name, email: users.email, phoneNumber: users.phoneNumber, role: users.role, status: users.status })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { admins: rows as (Omit<(typeof rows)[number], 'role'> & { role: 'admin' | 'superadmin' })[], pagination: pageInfo(q, total) };
}

/** How many farmers each coordinator manages (coordinators without farmers are absent). */
async function farmersPerCoordinator(db: Db) {
  const rows = await db
    .select({ id: users.managedBy, n: count() })
    .from(users)
    .where(and(eq(users.role, 'farmer'), sql`${users.managedBy} is not null`))
    .groupBy(users.managedBy);
  return new Map(rows.map((r) => [r.id as string, r.n]));
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findActiveCoordinator(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'coordinator'), eq(users.status, 'Active')))
    .limit(1);
  return row;
}

export async function findCoordinator(db: Db, id: string) {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), eq(users.role, 'coordinator'))).limit(1);
  return row;
}

export type PersonEdit = { name: string; email: string; phoneNumber: string; status?: 'Active' | 'Inactive' };

export async function updatePerson(db: Db, id: string, edit: PersonEdit) {
  await db
    .update(users)
    .set({ ...edit, email: edit.email.toLowerCase(), updatedAt: new Date() })
    .where(eq(users.id, id));
  await accessChanged(db, { users: [id] });
}

/**
 * Ends every live session of the given users; returns their ids so the caller can close their sockets.
 * Access tokens are short-lived and the authenticate hook rejects inactive users, so this is the whole logout.
 */
export async function revokeSessionsOf(db: Db, userIds: string[], reason: string) {
  if (!userIds.length) return [];
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await accessChanged(db, { users: userIds });
  return rows.map((r) => r.id);
}

export async function setStatus(db: Db, id: string, status: 'Active' | 'Inactive') {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
  await accessChanged(db, { users: [id] });
}

/** A deactivated coordinator's farmers become unassigned until an admin reassigns them. */
export async function releaseFarmersOf(db: Db, coordinatorId: string) {
  await db.update(users).set({ managedBy: null, updatedAt: new Date() }).where(eq(users.managedBy, coordinatorId));
  await accessChanged(db, { scopes: true });
}

export async function assignCoordinator(db: Db, farmerId: string, coordinatorId: string) {
  await db.update(users).set({ managedBy: coordinatorId, updatedAt: new Date() }).where(eq(users.id, farmerId));
  await accessChanged(db, { scopes: true });
}

/** Everything the import validator compares against. */
export async function importContext(db: Db) {
  const [emails, coordinators] = await Promise.all([
    db.select({ email: users.email }).from(users),
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'coordinator'), eq(users.status, 'Active'))),
  ]);
  return {
    existingEmails: new Set(emails.map((e) => e.email)),
    coordinatorIdByEmail: new Map(coordinators.map((c) => [c.email, c.id])),
  };
}

export function exportRows(db: Db, user: AuthUser) {
  return db
    .select({
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      address: users.address,
      village: users.village,
      district: users.district,
      state: users.state,
      pincode: users.pincode,
      preferredLanguage: users.preferredLanguage,
      status: users.status,
      coordinatorEmail: coordinator.email,
      fieldCount: sql<number>`(select count(*)::int from ${fields} where ${fields.farmerId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(coordinator, eq(coordinator.id, users.managedBy))
    .where(farmerScope(user))
    .orderBy(asc(users.name), asc(users.id));
}

/** Inserts imported farmers; who was created, for their invitations. A unique-index clash (an e-mail) rejects (23505). */
export function insertFarmers(db: Db, rows: (typeof users.$inferInsert)[]) {
  return db
    .insert(users)
    .values(rows)
    .returning({ id: users.id, name: users.name, email: users.email, phoneNumber: users.phoneNumber, preferredLanguage: users.preferredLanguage, status: users.status });
}
