/**
 * The audit trail for admins (issue 19): pages with filters, the actor choices, and the CSV export, streamed
 * (an export is itself an audited action). Admins see every entry but superadmins'; superadmins see all.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { badRequest, translated } from '../../lib/errors';
import { AUDIT_PAGE_SIZE, type AuditExportQuery, type AuditQuery } from '../../../../contracts/audit';
import { AUDIT_CSV_HEADER, auditCsvRow } from '../../domain/audit/csv';
import * as repo from './repository';

export const AUDIT_TEXT = {
  reversedDates: translated(
    'The start date is after the end date.',
    'सुरुवातीची तारीख शेवटच्या तारखेनंतरची आहे.',
    'शुरुआती तारीख आख़िरी तारीख के बाद की है।',
  ),
};

function filters(q: AuditExportQuery): repo.AuditFilters {
  const from = q.from ? new Date(q.from) : undefined;
  const to = q.to ? new Date(q.to) : undefined;
  if (from && to && from > to) throw badRequest(AUDIT_TEXT.reversedDates, { field: 'from' }, 'DATES_REVERSED');
  return { actor: q.actor, action: q.action, targetType: q.targetType, targetId: q.targetId, from, to };
}

export async function auditList(db: Db, reader: AuthUser, q: AuditQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? AUDIT_PAGE_SIZE;
  const { entries, total } = await repo.auditPage(db, reader, filters(q), page, limit);
  return { entries, pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } };
}

export async function auditActors(db: Db, reader: AuthUser) {
  return { actors: (await repo.auditActors(db, reader)).map((a) => ({ _id: a.id, name: a.name, role: a.role })) };
}

/** The matching entries as a CSV stream; the export is recorded first (with its filters), then read page by page. */
export async function auditCsv(db: Db, reader: AuthUser, q: AuditExportQuery): Promise<Readable> {
  const f = filters(q);
  await recordAudit(db, reader, {
    action: 'audit.export',
    target: { type: 'audit', id: null },
    after: { actor: q.actor, action: q.action, targetType: q.targetType, targetId: q.targetId, from: q.from, to: q.to },
  });
  const rows = Readable.from(
    (async function* () {
      for await (const e of repo.auditEntries(db, reader, f)) yield auditCsvRow(e);
    })(),
  );
  return rows.pipe(stringify({ header: true, columns: AUDIT_CSV_HEADER, bom: true }));
}
