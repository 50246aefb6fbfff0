/**
 * The PGlite templates of a server test run, made in a process of their own (started by tests/server/globalSetup.ts)
 * so that the run's workers start on the web files at once instead of waiting for them: initdb, the migrations and
 * the fixture take ~6 s of CPU, PGlite blocks its thread while it works, and vitest's main process serves the web
 * workers' modules. `node --import tsx tests/server/support/pgliteTemplates.ts <dir>` writes <dir>/empty (migrated, no
 * rows) and <dir>/template (migrated, with the fixture): PGlite data folders, each made under a temporary name and
 * renamed when complete, or <dir>/failed with the error. A server file waits for the folder it needs
 * (templates.ts `templateFolderReady`) and copies it.
 *
 * Folders, not the dumps (tar files) they were until 2026-11-28: a copy of a folder (the kernel copying ~20 MB on
 * tmpfs) opened from its files costs ~0.3 s of CPU, a dump untarred file by file into PGlite's in-memory file system
 * ~0.55 s, and ~150 databases are copied in a run. The copies are PGlite on a data folder, as the embedded default
 * runs in production.
 */
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

export const TEMPLATE_FOLDERS = { empty: 'empty', fixture: 'template' } as const;
export const FAILED = 'failed';

/** Made and written to `dir` (empty, then with the fixture). */
export async function writePgliteTemplates(dir: string) {
  const [{ openDatabase }, { writeFixture }] = await Promise.all([import('../../../server/src/db/client'), import('../fixture')]);
  const making = join(dir, 'making');
  const publish = (name: string, copy: boolean) => {
    const part = join(dir, `${name}.part`);
    if (copy) cpSync(making, part, { recursive: true });
    else renameSync(making, part);
    renameSync(part, join(dir, name));
  };
  const migrated = await openDatabase({ dataDir: making });
  try {
    await migrated.migrate();
    await slimForTests((migrated.db as unknown as { $client: { exec(sql: string): Promise<unknown> } }).$client);
  } finally {
    await migrated.close();
  }
  publish(TEMPLATE_FOLDERS.empty, true);
  const fixture = await openDatabase({ dataDir: making });
  try {
    await writeFixture(fixture.db);
  } finally {
    await fixture.close();
  }
  publish(TEMPLATE_FOLDERS.fixture, false);
  rmSync(making, { recursive: true, force: true });
}

/**
 * Every server file's database is copied from one of these folders (~150 copies per run), so what a copy costs
 * counts:
 * - The cluster's template databases (template0, template1) are a third of a folder (14.8 of 43 MB). The tests
 *   connect only to `postgres` and create no database on PGlite, so they are dropped the way PostgreSQL allows (no
 *   longer templates, then DROP DATABASE: the catalog stays consistent).
 * - initdb's `shared_buffers = 128MB` is zeroed by postgres at every start; a test database holds ~10 MB, so the
 *   templates start with 16 MB (ALTER SYSTEM, read at the next start: the copy's).
 * Together a load of the dump they were cost ~0.7 s of CPU instead of ~1.7 s (docs/testing.md "Sixth pass"). The
 * running app's own cluster keeps initdb's settings and its templates; only the test runs' copies differ.
 */
async function slimForTests(client: { exec(sql: string): Promise<unknown> }) {
  for (const name of ['template1', 'template0']) {
    await client.exec(`alter database ${name} is_template false`);
    await client.exec(`drop database ${name}`);
  }
  await client.exec(`alter system set shared_buffers = '16MB'`);
  await client.exec('checkpoint');
}

/** The template folder's path once it exists; throws what the making process wrote if it failed, or after `timeoutMs`. */
export async function templateFolderReady(file: string, timeoutMs = 180_000) {
  const failed = join(file, '..', FAILED);
  for (const until = Date.now() + timeoutMs; ; ) {
    if (existsSync(file)) return file;
    if (existsSync(failed)) throw new Error(`the PGlite template was not made (tests/server/support/pgliteTemplates.ts):\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > until) throw new Error(`the PGlite template ${file} did not appear within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  writePgliteTemplates(dir).then(
    () => process.exit(0),
    (err: unknown) => {
      writeFileSync(join(dir, FAILED), String((err as Error)?.stack ?? err));
      process.exit(1);
    },
  );
}
