/**
 * A test file's own database, copied from one of the run's two templates (made once by tests/server/globalSetup.ts):
 *  - 'fixture': migrated and holding the fixture (tests/server/fixture.ts): what createTestApp() starts from;
 *  - 'empty': migrated, no rows: for the tests that write their own world (live/db.ts, staff/world.ts, …).
 * PGlite: a copy of the template's data folder, opened (~0.3 s of CPU; a fresh initdb and the migrations cost
 * ~5.5 s). PostgreSQL: `CREATE DATABASE … TEMPLATE`, dropped by `drop()`.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteArtifacts, type Database, type PgliteArtifacts } from '../../../server/src/db/client';
import { withDatabase } from '../globalSetup';
import { templateFolderReady } from './pgliteTemplates';

export type Template = 'fixture' | 'empty';

/**
 * Read once per worker (the server project shares a process between the files it runs): PGlite's compiled WASM and
 * file bundle. Every file still opens its own copy of a template folder.
 */
let artifacts: Promise<PgliteArtifacts> | undefined;
/** The template folder is made while the run's first files run (./pgliteTemplates.ts): the first file to need it waits. */
const templateFolder = (template: Template) => templateFolderReady(inject(template === 'fixture' ? 'pgliteTemplate' : 'pgliteEmptyTemplate'));

/**
 * A fresh PGlite database copied from `template`: a copy of the template's folder beside it (in the run's folder,
 * on tmpfs where there is one: tests/server/globalSetup.ts), removed when the database is closed.
 */
export async function pgliteCopy(template: Template): Promise<Database> {
  const folder = await templateFolder(template);
  const dataDir = mkdtempSync(join(dirname(folder), 'copy-'));
  const database = await pgliteFolder(template, dataDir);
  const close = database.close.bind(database);
  return Object.assign(database, {
    close: async () => {
      try {
        await close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  });
}

/**
 * A PGlite data folder at `dataDir` (empty or new) copied from `template`, open: for a test that then runs the app, or
 * its CLI, on that folder as the embedded default does (close it first: a folder belongs to one process at a time).
 * The copy has the template's two differences from a folder the app's first start makes (./pgliteTemplates.ts: no
 * template0 and template1 databases, 16 MB of shared buffers), which nothing the app does reads.
 */
export async function pgliteFolder(template: Template, dataDir: string): Promise<Database> {
  const [folder, compiled] = await Promise.all([templateFolder(template), (artifacts ??= pgliteArtifacts())]);
  cpSync(folder, dataDir, { recursive: true });
  return openDatabase({ dataDir, artifacts: compiled });
}

/**
 * A fresh database copied from `template`: PGlite, or on PostgreSQL (TEST_DATABASE_URL) `<prefix><tag>_<random>`.
 * `url` is the PostgreSQL database's address; `drop()` removes it (close the database first or not: forced).
 */
export async function databaseCopy(template: Template, tag = 't'): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { database: await pgliteCopy(template), drop: async () => {} };
  const name = `${process.env.TEST_DB_PREFIX ?? 'srv_'}${tag}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject(template === 'fixture' ? 'pgTemplateDb' : 'pgEmptyTemplateDb')}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ url, poolSize: 4 });
  return {
    database,
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
