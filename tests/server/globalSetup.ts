/**
 * Once per test run, two templates that test files copy (tests/server/support/templates.ts): a migrated database
 * holding the fixture (tests/server/fixture.ts; createTestApp in tests/server/helper.ts) and a migrated empty one
 * (the tests that write their own rows: live/db.ts, staff/world.ts, …), so no file runs initdb or the migrations.
 *  - PGlite: migrated into a data folder, kept as two folders (empty, then with the fixture); files copy one. Made
 *    on every run (a PostgreSQL run's files also test PGlite), by a process of its own (support/pgliteTemplates.ts)
 *    that this setup starts and does not wait for: the workers run the web files meanwhile (the server files come
 *    last, tests/support/sequencer.ts), and a server file waits for the folder it needs (support/templates.ts).
 *  - PostgreSQL (TEST_DATABASE_URL set): template databases `<TEST_DB_PREFIX or srv_>tpl_<random>` and
 *    `…tple_<random>`; workers `CREATE DATABASE … TEMPLATE` one. Dropped in teardown.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';
import { writeFixture } from './fixture';
import { TEMPLATE_FOLDERS, FAILED } from './support/pgliteTemplates';
import { bundleServer } from '../../server/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the template data folder (with the fixture). */
    pgliteTemplate: string;
    /** PGlite: path of the migrated, empty template data folder. */
    pgliteEmptyTemplate: string;
    /** PostgreSQL: name of the template database. */
    pgTemplateDb: string;
    /** PostgreSQL: name of the migrated, empty template database. */
    pgEmptyTemplateDb: string;
    /** The server bundled once per run (server/build.mjs): what the app-process tests start (live/appProcess.ts). */
    serverBundle: string;
  }
}

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export default async function setup(project: TestProject) {
  // The PGlite templates are made on a PostgreSQL run too: some files test both databases, and some use PGlite alone.
  const [removeTemplates, dropDatabases, removeBundle] = await Promise.all([pgliteTemplates(project), postgresTemplates(project), serverBundle(project)]);
  return async () => {
    await removeTemplates();
    await dropDatabases();
    removeBundle();
  };
}

/** /dev/shm when it is a folder this process may write (a tmpfs on Linux), else nothing. */
function memoryFolder(): string | undefined {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}

/**
 * PGlite: the template folders' paths given to the workers at once, the folders made by a process of their own
 * (support/pgliteTemplates.ts) while the first files run. Returns what ends it and removes the folders and every copy.
 */
async function pgliteTemplates(project: TestProject) {
  // The templates and every file's copy of one (support/templates.ts) in memory where the machine has a tmpfs.
  const dir = mkdtempSync(join(memoryFolder() ?? tmpdir(), 'srv-pglite-'));
  project.provide('pgliteEmptyTemplate', join(dir, TEMPLATE_FOLDERS.empty));
  project.provide('pgliteTemplate', join(dir, TEMPLATE_FOLDERS.fixture));
  const output: Buffer[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./support/pgliteTemplates.ts', import.meta.url)), dir], {
    cwd: project.config.root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => output.push(d));
  child.stderr.on('data', (d: Buffer) => output.push(d));
  const exited = new Promise<void>((resolve) => {
    child.on('error', (err) => {
      writeFileSync(join(dir, FAILED), String(err.stack ?? err));
      resolve();
    });
    child.on('exit', (code, signal) => {
      // Killed, or failed before it could say why: the waiting files are told what it printed.
      if (code !== 0 && !existsSync(join(dir, FAILED))) writeFileSync(join(dir, FAILED), `exit ${code ?? signal}\n${Buffer.concat(output).toString()}`);
      resolve();
    });
  });
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * The server in one file (esbuild, ~1 s), for the tests that run it as a process of its own: a plain `node` start
 * costs ~2 s of CPU less than `node --import tsx` resolving and transpiling ~300 modules (more on a fresh machine,
 * whose tsx cache is empty), the same bundle the browser suite starts. Inside node_modules/.cache so its packages
 * resolve from node_modules. serverProcess.test.ts still starts server.ts through tsx, as `npm start` does.
 */
async function serverBundle(project: TestProject): Promise<() => void> {
  const cache = join(project.config.root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'server-bundle-'));
  project.provide('serverBundle', await bundleServer(dir));
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
