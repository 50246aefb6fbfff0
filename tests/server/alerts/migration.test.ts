/**
 * The alarm-lifecycle migration maps the rows it finds: an alert table migrated up to the one before it, holding the
 * old severities (high, medium, low) and statuses (unacknowledged, acknowledged, assigned) and the engine's old
 * timeline words ('resolved', 'updated'), comes out with critical/major/minor, active/cleared × unack/ack (the
 * assignee kept), count 1, last seen = updated, and 'cleared' (auto) / 'repeated' entries.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const folder = join(__dirname, '../../../server/src/db/migrations');
const LIFECYCLE = '0012_alarm-lifecycle';
let pg: PGlite;
let dir: string;

/** A copy of the migrations folder whose journal ends at `last` (inclusive). */
function foldersUpTo(last: string | null) {
  const copy = join(dir, last ?? 'all');
  cpSync(folder, copy, { recursive: true });
  if (last) {
    const path = join(copy, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: Array<{ tag: string }> };
    journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
    writeFileSync(path, JSON.stringify(journal));
  }
  return copy;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'alarm-migration-'));
  pg = new PGlite({ extensions: { pg_trgm } });
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const i = journal.entries.findIndex((e) => e.tag === LIFECYCLE);
  expect(i).toBeGreaterThan(0);
  await migrate(drizzle(pg), { migrationsFolder: foldersUpTo(journal.entries[i - 1].tag) });
}, 60_000);
afterAll(async () => {
  await pg?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('maps old severities, statuses and timeline entries onto the new ones', async () => {
  const farmer = '00000000-0000-4000-8000-000000000021';
  const coordinator = '00000000-0000-4000-8000-000000000011';
  await pg.exec(`
    insert into users (id, name, email, password_hash, role) values
      ('${farmer}', 'Ramesh', 'r@t.in', 'x', 'farmer'), ('${coordinator}', 'Sunil', 's@t.in', 'x', 'coordinator');
    insert into fields (id, field_id, name, farmer_id) values ('00000000-0000-4000-9000-000000000001', 'FLD1', 'North', '${farmer}');
    insert into alerts (id, field_id, farmer_id, type, severity, status, message, assigned_to, resolved_at, updated_at) values
      ('00000000-0000-4000-a000-000000000001', '00000000-0000-4000-9000-000000000001', '${farmer}', 'moisture', 'high', 'unacknowledged', 'a', null, null, '2026-01-01T10:00:00Z'),
      ('00000000-0000-4000-a000-000000000002', '00000000-0000-4000-9000-000000000001', '${farmer}', 'temperature', 'medium', 'acknowledged', 'b', null, null, '2026-01-02T10:00:00Z'),
      ('00000000-0000-4000-a000-000000000003', '00000000-0000-4000-9000-000000000001', '${farmer}', 'pest', 'low', 'assigned', 'c', '${coordinator}', '2026-01-03T11:00:00Z', '2026-01-03T10:00:00Z'),
      ('00000000-0000-4000-a000-000000000004', '00000000-0000-4000-9000-000000000001', '${farmer}', 'moisture', 'high', 'acknowledged', 'd', null, '2026-01-04T11:00:00Z', '2026-01-04T10:00:00Z');
    insert into alert_actions (alert_id, action, detail) values
      ('00000000-0000-4000-a000-000000000003', 'resolved', '{}'), ('00000000-0000-4000-a000-000000000001', 'updated', '{"value": 12}');
  `);
  await migrate(drizzle(pg), { migrationsFolder: foldersUpTo(null) });
  const rows = (
    await pg.query<{ message: string; severity: string; status: string; assigned_to: string | null; count: number; last_seen_at: Date; updated_at: Date }>(
      'select message, severity, status, assigned_to, count, last_seen_at, updated_at from alerts order by message',
    )
  ).rows;
  expect(rows.map((r) => [r.message, r.severity, r.status, r.assigned_to, r.count])).toEqual([
    ['a', 'critical', 'active_unack', null, 1],
    ['b', 'major', 'active_ack', null, 1],
    ['c', 'minor', 'cleared_unack', coordinator, 1],
    ['d', 'critical', 'cleared_ack', null, 1],
  ]);
  for (const r of rows) expect(r.last_seen_at.getTime()).toBe(r.updated_at.getTime());
  const actions = (await pg.query<{ action: string; detail: unknown }>('select action, detail from alert_actions order by action')).rows;
  expect(actions).toEqual([
    { action: 'cleared', detail: { auto: true } },
    { action: 'repeated', detail: { value: 12 } },
  ]);
  // The new columns' defaults hold for rows written afterwards.
  const [fresh] = (
    await pg.query<{ status: string; count: number }>(
      `insert into alerts (field_id, type, severity, message) values ('00000000-0000-4000-9000-000000000001', 'offline', 'warning', 'e') returning status, count`,
    )
  ).rows;
  expect(fresh).toEqual({ status: 'active_unack', count: 1 });
}, 60_000);
