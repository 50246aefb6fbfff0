/**
 * Once per test run: a migrated database holding the fixture (tests/server/fixture.ts), which every
 * test file then copies (tests/server/helper.ts).
 *  - PGlite (default): migrated in memory, dumped to a temp file; workers load the dump.
 *  - PostgreSQL (TEST_DATABASE_URL set): a template database `<TEST_DB_PREFIX or srv>_tpl_<random>`; workers
 *    `CREATE DATABASE … TEMPLATE` it. Dropped in teardown.
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
    /** PostgreSQL: name of the template database. */
    pgTemplateDb: string;
  }
}

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `${process.env.TEST_DB_PREFIX ?? 'srv_'}tpl_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ url: withDatabase(adminUrl, name), poolSize: 1 });
    try {
      await database.migrate();
      await writeFixture(database.db);
    } finally {
      await database.close();
    }
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const database = await openDatabase({});
  await database.migrate();
  await writeFixture(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'gzip' | 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'srv-pglite-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
