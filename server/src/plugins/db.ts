/**
 * Opens the database named by the config (PGlite in DATA_DIR, or PostgreSQL from DATABASE_URL),
 * brings it to the latest migration, and closes it with the app. Tests hand in their own database.
 */
import fp from 'fastify-plugin';
import { openDatabase, type Database, type Db } from '../db/client';
import type { Config } from '../config';
import { vacuumTables } from '../db/maintenance';
import { createCountCache, type CountCache } from '../lib/countCache';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    /** List totals and stat-card figures, reused while their tables are unchanged (lib/countCache.ts). */
    counts: CountCache;
  }
}

export type DbPluginOptions = { config: Config; database?: Database };

export default fp<DbPluginOptions>(
  async (app, { config, database }) => {
    const owned = !database;
    const opened =
      database ??
      (await openDatabase(
        config.databaseUrl
          ? {
              url: config.databaseUrl,
              connectTimeoutMs: config.dbConnectTimeoutMs,
              onConnectionError: (err) => app.log.warn({ err: { message: err.message } }, 'database connection lost; requests answer 503 until it is back'),
            }
          : { dataDir: config.dataDir },
      ));
    if (owned) await opened.migrate();
    app.decorate('database', opened);
    app.decorate('db', opened.db);
    app.decorate('counts', createCountCache());
    // PGlite has no autovacuum: the app does its upkeep (db/maintenance.ts). One run at a time.
    let upkeep: Promise<unknown> | null = null;
    const timer =
      opened.kind === 'pglite' && config.pgliteVacuumMinutes > 0
        ? setInterval(() => {
            upkeep ??= vacuumTables(opened.db)
              .catch((err: unknown) => app.log.warn({ err }, 'database upkeep failed'))
              .finally(() => (upkeep = null));
          }, config.pgliteVacuumMinutes * 60_000)
        : null;
    timer?.unref();
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await upkeep;
      // A database handed in by the caller (tests) is the caller's to close.
      if (owned) await opened.close();
    });
  },
  { name: 'db' },
);
