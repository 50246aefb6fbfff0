/**
 * Reads of the audit trail (the writes are lib/audit.ts recordAudit, in each change's transaction). What a
 * reader may see: a superadmin every entry, an admin every entry but a superadmin's. There is no update or
 * delete here, and the table's trigger refuses them anyway (migration 0014).
 */
import { and, desc, eq, gte, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, fields, users } from '../../db/schema';
import type { AuthUser } from '../../lib/access';
import type { AuditAction, AuditChanges, AuditEntry, AuditTargetType } from '../../../../contracts/audit';

export type AuditFilters = {
  actor?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  from?: Date;
  to?: Date;
};

/** The entries `reader` may see at all. */
export function auditScope(reader: Pick<AuthUser, 'role'>): SQL | undefined {
  return reader.role === 'superadmin' ? undefined : ne(auditLog.actorRole, 'superadmin');
}

function where(reader: Pick<AuthUser, 'role'>, f: AuditFilters, extra?: SQL) {
  return and(
    auditScope(reader),
    f.actor ? eq(auditLog.actorId, f.actor) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lte(auditLog.createdAt, f.to) : undefined,
    extra,
  );
}

const actor = alias(users, 'audit_actor');
const targetUser = alias(users, 'audit_target_user');

function selectEntries(db: Db) {
  return db
    .select({
      e: auditLog,
      actorName: actor.name,
      targetName: sql<string | null>`coalesce(${targetUser.name}, ${fields.name})`,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(targetUser, and(eq(auditLog.targetType, 'user'), eq(sql`${targetUser.id}::text`, auditLog.targetId)))
    .leftJoin(fields, and(eq(auditLog.targetType, 'field'), eq(sql`${fields.id}::text`, auditLog.targetId)));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

function toEntry({ e, actorName, targetName }: Row): AuditEntry {
  return {
    _id: e.id,
    createdAt: e.createdAt.toISOString(),
    actor: { _id: e.actorId, name: actorName, role: e.actorRole },
    ipAddress: e.ipAddress,
    userAgent: e.userAgent,
    action: e.action as AuditAction,
    target: { type: e.targetType as AuditTargetType, id: e.targetId, name: targetName },
    changes: (e.changes ?? {}) as AuditChanges,
  };
}

/** One page, newest first, and the total. */
export async function auditPage(db: Db, reader: Pick<AuthUser, 'role'>, f: AuditFilters, page: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    selectEntries(db)
      .where(where(reader, f))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where(reader, f)),
  ]);
  return { entries: rows.map(toEntry), total };
}

/** Every matching entry, newest first, `batch` rows per read (keyset paging, so a long export holds no cursor). */
export async function* auditEntries(db: Db, reader: Pick<AuthUser, 'role'>, f: AuditFilters, batch = 500): AsyncGenerator<AuditEntry> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? or(lt(auditLog.createdAt, after.createdAt), and(eq(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id)))
      : undefined;
    const rows: Row[] = await selectEntries(db)
      .where(where(reader, f, keyset))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(batch);
    for (const r of rows) yield toEntry(r);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1].e;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The people with entries the reader may see (the actor filter's choices). */
export async function auditActors(db: Db, reader: Pick<AuthUser, 'role'>) {
  const rows = await db
    .selectDistinct({ id: auditLog.actorId, role: auditLog.actorRole, name: actor.name })
    .from(auditLog)
    .innerJoin(actor, eq(actor.id, auditLog.actorId))
    .where(auditScope(reader))
    .orderBy(actor.name);
  return rows;
}

/**
 * How many entries of each action since `since` (for the trust dashboard's security figures: sessions ended,
 * sign-in waits cleared …). Every entry counts, whoever the actor.
 */
export async function countByAction(db: Db, since: Date): Promise<Partial<Record<AuditAction, number>>> {
  const rows = await db
    .select({ action: auditLog.action, n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(gte(auditLog.createdAt, since))
    .groupBy(auditLog.action);
  return Object.fromEntries(rows.map((r) => [r.action, r.n]));
}
