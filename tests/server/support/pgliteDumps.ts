/**
 * The PGlite templates of a server test run, made in a process of their own (started by tests/server/globalSetup.ts)
 * so that the run's workers start on the web files at once instead of waiting for them: initdb, the migrations and
 * the fixture take ~6 s of CPU, PGlite blocks its thread while it works, and vitest's main process serves the web
 * workers' modules. `node --import tsx tests/server/support/pgliteDumps.ts <dir>` writes <dir>/empty.tar (migrated,
 * no rows) and <dir>/template.tar (migrated, with the fixture), each under a temporary name renamed when complete,
 * or <dir>/failed with the error. A server file waits for the dump it needs (templates.ts `pgliteDump`).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

export const DUMPS = { empty: 'empty.tar', fixture: 'template.tar' } as const;
export const FAILED = 'failed';

/** Made and written to `dir` (empty, then with the fixture). */
export async function writePgliteDumps(dir: string) {
  const [{ openDatabase }, { writeFixture }] = await Promise.all([import('../../../server/src/db/client'), import('../fixture')]);
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'gzip' | 'none'): Promise<Blob>; exec(sql: string): Promise<unknown> } }).$client;
  const dumpTo = async (name: string) => {
    const file = join(dir, name);
    writeFileSync(`${file}.part`, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    renameSync(`${file}.part`, file);
  };
  try {
    await database.migrate();
    await slimForTests(client);
    await dumpTo(DUMPS.empty);
    await writeFixture(database.db);
    await dumpTo(DUMPS.fixture);
  } finally {
    await database.close();
  }
}

/**
 * Every server file's database is loaded from one of these dumps (~120 loads per run), so what a load costs counts:
 * - The cluster's template databases (template0, template1) are a third of a dump (14.8 of 43 MB), untarred file by
 *   file into PGlite's in-memory file system. The tests connect only to `postgres` and create no database on
 *   PGlite, so they are dropped the way PostgreSQL allows (no longer templates, then DROP DATABASE: the catalog stays
 *   consistent).
 * - initdb's `shared_buffers = 128MB` is zeroed by postgres at every start; a test database holds ~10 MB, so the
 *   dumps start with 16 MB (ALTER SYSTEM, read at the next start: the load).
 * Together a load costs ~0.7 s of CPU instead of ~1.7 s (8 loads each, docs/testing.md "Sixth pass"). The running
 * app's own cluster keeps initdb's settings and its templates; only the test runs' copies differ, and only there.
 */
async function slimForTests(client: { exec(sql: string): Promise<unknown> }) {
  for (const name of ['template1', 'template0']) {
    await client.exec(`alter database ${name} is_template false`);
    await client.exec(`drop database ${name}`);
  }
  await client.exec(`alter system set shared_buffers = '16MB'`);
  await client.exec('checkpoint');
}

/** The dump's path once it exists; throws what the making process wrote if it failed, or after `timeoutMs`. */
export async function pgliteDump(file: string, timeoutMs = 180_000) {
  const failed = join(file, '..', FAILED);
  for (const until = Date.now() + timeoutMs; ; ) {
    if (existsSync(file)) return file;
    if (existsSync(failed)) throw new Error(`the PGlite template was not made (tests/server/support/pgliteDumps.ts):\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > until) throw new Error(`the PGlite template ${file} did not appear within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  writePgliteDumps(dir).then(
    () => process.exit(0),
    (err: unknown) => {
      writeFileSync(join(dir, FAILED), String((err as Error)?.stack ?? err));
      process.exit(1);
    },
  );
}
