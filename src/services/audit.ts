/** The audit trail (issue 19): a page of entries with filters, the actor choices, and the CSV export. */
import { http } from './http';
import type { AuditAction, AuditActors, AuditEntry, AuditPage, AuditTargetType } from '../../contracts/audit';

export type { AuditAction, AuditEntry, AuditTargetType };
export type AuditActor = AuditActors['actors'][number];

/** The screen's filters: a day is `YYYY-MM-DD` (the reader's own calendar day, start to end). */
export type AuditFilters = {
  actor: string | null;
  action: AuditAction | null;
  targetType: AuditTargetType | null;
  from: string | null;
  to: string | null;
};

const dayStart = (d: string) => new Date(`${d}T00:00:00`).toISOString();
const dayEnd = (d: string) => new Date(`${d}T23:59:59.999`).toISOString();

const filterParams = (f: AuditFilters) => ({
  actor: f.actor ?? undefined,
  action: f.action ?? undefined,
  targetType: f.targetType ?? undefined,
  from: f.from ? dayStart(f.from) : undefined,
  to: f.to ? dayEnd(f.to) : undefined,
});

export const listAudit = (q: AuditFilters & { page: number; limit: number }, signal?: AbortSignal) =>
  http.get<AuditPage>('/audit', { params: { page: q.page, limit: q.limit, ...filterParams(q) }, signal });

export const listAuditActors = (signal?: AbortSignal) => http.get<AuditActors>('/audit/actors', { signal });

export const exportAudit = (f: AuditFilters) => http.get<Blob>('/audit/export', { params: filterParams(f), responseType: 'blob', timeoutMs: 120_000 });
