/**
 * The alarm-lifecycle migration maps the rows it finds: an alert table migrated up to the one before it, holding the
 * old severities (high, medium, low) and statuses (unacknowledged, acknowledged, assigned) and the engine's old
 * timeline words ('resolved', 'updated'), comes out with critical/major/minor, active/cleared × unack/ack (the
 * assignee kept), count 1, last seen = updated, and 'cleared' (auto) / 'repeated' entries.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { migratedUpToBefore } from '../support/migrationSteps';

const LIFECYCLE = '0012_alarm-lifecycle';
let db: Awaited<ReturnType<typeof migratedUpToBefore>>;
let pg: PGlite;

beforeAll(async () => {
  db = await migratedUpToBefore(LIFECYCLE);
  pg = db.pg;
}, 60_000);
afterAll(() => db?.close());

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
  await db.migrateRest();
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
