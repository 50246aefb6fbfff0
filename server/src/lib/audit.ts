/**
 * The one way an audit entry is written (issue 19). A service calls `recordAudit(tx, actor, { action, target,
 * before, after })` with the transaction that makes the change: the entry commits with the change or not at all.
 * Only the fields whose value changed are kept, and secrets never: a field whose name looks like one (passwords,
 * hashes, TOTP secrets, tokens, keys, backup codes) is written as `[redacted]`, whatever its value.
 * The table is append-only (migration 0014's trigger); its reads live in modules/audit/repository.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditAction, AuditChanges, AuditTargetType } from '../../../contracts/audit';
import type { AuthUser } from './access';

/** A database or an open transaction. */
export type AuditTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type AuditActor = Pick<AuthUser, 'id' | 'role' | 'from'>;

type Plain = string | number | boolean | null;
export type AuditValues = Record<string, unknown>;

export type AuditRecord = {
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null };
  /** The changed object's fields before the change (omit for a creation or an action that changes no field). */
  before?: AuditValues;
  after?: AuditValues;
};

/** Field names that are never written, only marked: `[redacted]`. */
export const REDACTED_FIELDS = [
  /pass(word)?/i,
  /hash/i,
  /secret/i,
  /token/i,
  /totp/i,
  /otp$/i,
  /backup/i,
  /(^|[a-z])key$/i,
  /^key/i,
  /cookie/i,
  /authorization/i,
];
export const REDACTED = '[redacted]';

export const isSecretField = (name: string) => REDACTED_FIELDS.some((r) => r.test(name));

function plain(v: unknown): Plain {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

/** The changed fields only, secrets redacted: `{ name: { before, after } }`. */
export function auditChanges(before: AuditValues = {}, after: AuditValues = {}): AuditChanges {
  const out: AuditChanges = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = plain(before[name]);
    const a = plain(after[name]);
    if (b === a) continue;
    out[name] = isSecretField(name) ? { before: b === null ? null : REDACTED, after: a === null ? null : REDACTED } : { before: b, after: a };
  }
  return out;
}

/** The fields of `row` named in `keys` (the "before" of an edit that names what it may change). */
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}

/** Writes one entry in `tx` (the change's transaction). */
export async function recordAudit(tx: AuditTx, actor: AuditActor, r: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorRole: actor.role,
    ipAddress: actor.from?.ip ?? null,
    userAgent: actor.from?.userAgent ?? null,
    action: r.action,
    targetType: r.target.type,
    targetId: r.target.id,
    changes: auditChanges(r.before, r.after),
    // clock_timestamp(): entries written in one transaction keep their order.
    createdAt: sql`clock_timestamp()`,
  });
}
