/**
 * Database upkeep (db/maintenance.ts): PGlite has no autovacuum, so the app vacuums and analyzes every table
 * itself. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { fields } from '../../../server/src/db/schema';
import { vacuumTables } from '../../../server/src/db/maintenance';
import { createTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const pageStats = async (table: string) =>
  (await t.db.execute<{ visible: number; tuples: number }>(sql`select relallvisible::int as visible, reltuples::float8 as tuples from pg_class where relname = ${table}`)).rows[0];

it('vacuums and analyzes every table: the visibility map and the planner statistics are brought up to date', async () => {
  // Rewriting every field row leaves the old versions behind and clears the pages' all-visible bits.
  await t.db.update(fields).set({ lastMoisture: sql`coalesce(${fields.lastMoisture}, 0) + 1` });
  const count = Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from fields`)).rows[0].n);
  expect((await pageStats('fields')).visible).toBe(0);

  const done = await vacuumTables(t.db);

  const tables = (await t.db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public'`)).rows.map((r) => r.name);
  expect([...done].sort()).toEqual([...tables].sort());
  expect(done).toEqual(expect.arrayContaining(['users', 'fields', 'sensor_readings', 'alerts', 'sessions']));
  // VACUUM marks a page all-visible only when no open snapshot could still see its old row versions: on PostgreSQL
  // the app's own background work (a job's query at that moment, on a busy machine) may hold one, and that vacuum
  // then leaves the map for the next. So the table is vacuumed again until it is marked (seen once in CI, 2026-11-27).
  await vi.waitFor(
    async () => {
      if ((await pageStats('fields')).visible === 0) await vacuumTables(t.db);
      expect((await pageStats('fields')).visible).toBeGreaterThan(0);
    },
    { timeout: 20_000, interval: 250 },
  );
  expect((await pageStats('fields')).tuples).toBe(count);
});
