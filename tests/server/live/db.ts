/**
 * A fresh, migrated database for the live-data tests that run below the app (pipeline, engine):
 * in-memory PGlite by default, a throwaway `live_…` database on PostgreSQL when TEST_DATABASE_URL is set; both
 * copied from the run's migrated empty template (../support/templates.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../../server/src/db/client';
import { databaseCopy, pgliteCopy } from '../support/templates';
import { fields, sensors, users } from '../../../server/src/db/schema';

export type LiveDb = Database & { drop(): Promise<void>; /** PostgreSQL only: the throwaway database's URL. */ url?: string };

export async function freshDatabase(kind: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'): Promise<LiveDb> {
  if (kind === 'pglite') {
    const d = await pgliteCopy('empty');
    return { ...d, drop: () => d.close() };
  }
  // A copy of the run's migrated template when the run is on PostgreSQL; a PGlite run's PostgreSQL-only tests
  // (Redis adapter, kill during ingest) make and migrate their own on the default server.
  if (process.env.TEST_DATABASE_URL) {
    const { database: d, url, drop } = await databaseCopy('empty', 'live');
    return {
      ...d,
      url,
      drop: async () => {
        await d.close();
        await drop();
      },
    };
  }
  const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${process.env.TEST_DB_PREFIX ?? ''}live_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const d = await openDatabase({ url: url.toString(), poolSize: 4 });
  await d.migrate();
  return {
    ...d,
    url: url.toString(),
    drop: async () => {
      await d.close();
      const c2 = new pg.Client({ connectionString: admin });
      await c2.connect();
      await c2.query(`drop database if exists ${name} with (force)`);
      await c2.end();
    },
  };
}

/** A coordinator, their farmer, one field with a moisture and a temperature sensor. */
export async function liveFixture(db: Database['db'], tag = randomBytes(3).toString('hex')) {
  const [coordinator] = await db
    .insert(users)
    .values({ name: 'Sunita Coordinator', email: `coord-${tag}@t.in`, passwordHash: 'x', role: 'coordinator' })
    .returning();
  const [farmer] = await db
    .insert(users)
    .values({ name: 'Ramesh Patil', email: `farmer-${tag}@t.in`, passwordHash: 'x', role: 'farmer', managedBy: coordinator.id })
    .returning();
  const [field] = await db
    .insert(fields)
    .values({ fieldId: `FLD${tag}ABC`.toUpperCase(), name: 'North plot', farmerId: farmer.id })
    .returning();
  const [moisture, temperature] = await db
    .insert(sensors)
    .values([
      { sensorId: `M-${tag}`, fieldId: field.id, type: 'moisture' },
      { sensorId: `T-${tag}`, fieldId: field.id, type: 'temperature' },
    ])
    .returning();
  return { coordinator, farmer, field, moisture, temperature };
}
