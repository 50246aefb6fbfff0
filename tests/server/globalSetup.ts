/**
 * Once per test run, two templates that test files copy (tests/server/support/templates.ts): a migrated database
 * holding the fixture (tests/server/fixture.ts; createTestApp in tests/server/helper.ts) and a migrated empty one
 * (the tests that write their own rows: live/db.ts, staff/world.ts, …), so no file runs initdb or the migrations.
 *  - PGlite: migrated in memory, dumped to temp files (empty, then with the fixture); workers load a dump. Made
 *    on every run (a PostgreSQL run's files also test PGlite).
 *  - PostgreSQL (TEST_DATABASE_URL set): template databases `<TEST_DB_PREFIX or srv_>tpl_<random>` and
 *    `…tple_<random>`; workers `CREATE DATABASE … TEMPLATE` one. Dropped in teardown.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';
import { writeFixture } from './fixture';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the dumped template data dir. */
    pgliteTemplate: string;
    /** PGlite: path of the dumped migrated, empty data dir. */
    pgliteEmptyTemplate: string;
    /** PostgreSQL: name of the template database. */
    pgTemplateDb: string;
    /** PostgreSQL: name of the migrated, empty template database. */
    pgEmptyTemplateDb: string;
  }
}

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export default async function setup(project: TestProject) {
  // The PGlite dumps are made on a PostgreSQL run too: some files test both databases, and some use PGlite alone.
  const [removeDumps, dropDatabases] = await Promise.all([pgliteTemplates(project), postgresTemplates(project)]);
  return async () => {
    removeDumps();
    await dropDatabases();
  };
}

/** PGlite: migrated in memory and dumped to temp files, empty and then with the fixture. Returns their removal. */
async function pgliteTemplates(project: TestProject) {
  const database = await openDatabase({});
  const dir = mkdtempSync(join(tmpdir(), 'srv-pglite-'));
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'gzip' | 'none'): Promise<Blob> } }).$client;
  const dumpTo = async (name: string) => {
    const file = join(dir, name);
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  try {
    await database.migrate();
    project.provide('pgliteEmptyTemplate', await dumpTo('empty.tar'));
    await writeFixture(database.db);
    project.provide('pgliteTemplate', await dumpTo('template.tar'));
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}

/** PostgreSQL (TEST_DATABASE_URL set): the two template databases. Returns their drop. */
async function postgresTemplates(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide('pgTemplateDb', '');
  project.provide('pgEmptyTemplateDb', '');
  if (!adminUrl) return async () => {};
  const suffix = randomBytes(5).toString('hex');
  const prefix = process.env.TEST_DB_PREFIX ?? 'srv_';
  const [name, empty] = [`${prefix}tpl_${suffix}`, `${prefix}tple_${suffix}`];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop database if exists ${empty} with (force)`);
    await admin.end();
  };
  try {
    await admin.query(`create database ${empty}`);
    const migrated = await openDatabase({ url: withDatabase(adminUrl, empty), poolSize: 1 });
    try {
      await migrated.migrate();
    } finally {
      await migrated.close();
    }
    await admin.query(`create database ${name} template ${empty}`);
    const database = await openDatabase({ url: withDatabase(adminUrl, name), poolSize: 1 });
    try {
      await writeFixture(database.db);
    } finally {
      await database.close();
    }
  } catch (err) {
    await drop();
    throw err;
  }
  project.provide('pgTemplateDb', name);
  project.provide('pgEmptyTemplateDb', empty);
  return drop;
}
