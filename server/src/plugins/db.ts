/**
 * Opens the database named by the config (PGlite in DATA_DIR, or PostgreSQL from DATABASE_URL),
 * brings it to the latest migration, and closes it with the app. Tests hand in their own database.
 */
import fp from 'fastify-plugin';
import { openDatabase, type Database, type Db } from '../db/client';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export type DbPluginOptions = { config: Config; database?: Database };

export default fp<DbPluginOptions>(
  async (app, { config, database }) => {
    const owned = !database;
    const opened = database ?? (await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }));
    if (owned) await opened.migrate();
    app.decorate('database', opened);
    app.decorate('db', opened.db);
    // A database handed in by the caller (tests) is the caller's to close.
    if (owned) app.addHook('onClose', async () => opened.close());
  },
  { name: 'db' },
);
