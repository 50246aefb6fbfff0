/**
 * Opens the database: PGlite in a data folder (the embedded default) or node-postgres when a URL is given.
 * Both speak the same SQL and run the same migrations; the rest of the server only sees `Db`.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type DbKind = 'pglite' | 'postgres';
export type Database = {
  db: Db;
  kind: DbKind;
  /** Cheap liveness probe for /health. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  /** dataDir undefined = in memory; loadDataDir = start from a dumped database (tests). */
  | { url?: undefined; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url !== undefined) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // The options-object form: `new PGlite(undefined, { loadDataDir })` silently ignores the dump.
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
