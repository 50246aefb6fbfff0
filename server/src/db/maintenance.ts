/**
 * Routine upkeep for the embedded database. PGlite runs PostgreSQL in single-user mode, which has no
 * autovacuum: without this, every update of a field's last reading would leave a dead row behind for ever and
 * the planner would keep the statistics of the day the table was created. PostgreSQL servers do this themselves.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * VACUUM (ANALYZE) each table of the app's schema, one statement per table so that requests interleave between
 * tables instead of waiting for the whole database. Returns the tables done.
 */
export async function vacuumTables(db: Db): Promise<string[]> {
  const res = await db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const done: string[] = [];
  for (const { name } of res.rows as Array<{ name: string }>) {
    await db.execute(sql.raw(`vacuum (analyze) "${name.replace(/"/g, '""')}"`));
    done.push(name);
  }
  return done;
}
