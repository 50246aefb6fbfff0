/** The audit trail as CSV: one line per entry, cells that could start a spreadsheet formula neutralised. */
import type { AuditEntry } from '../../../../contracts/audit';
import { neutraliseCell } from '../people/csv';

export const AUDIT_CSV_HEADER = [
  'Time (UTC)', 'Actor', 'Actor ID', 'Actor Role', 'IP Address', 'User Agent', 'Action', 'Target Type', 'Target ID', 'Target', 'Changes',
];

/** `field: before → after; …` (the changed fields only; secrets were never written). */
export function changesText(changes: AuditEntry['changes']): string {
  return Object.entries(changes)
    .map(([k, { before, after }]) => `${k}: ${before === null ? '–' : String(before)} → ${after === null ? '–' : String(after)}`)
    .join('; ');
}

export function auditCsvRow(e: AuditEntry): string[] {
  return [
    e.createdAt, e.actor.name ?? '', e.actor._id, e.actor.role, e.ipAddress ?? '', e.userAgent ?? '', e.action,
    e.target.type, e.target.id ?? '', e.target.name ?? '', changesText(e.changes),
  ].map(neutraliseCell);
}
