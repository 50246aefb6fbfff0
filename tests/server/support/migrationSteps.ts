/**
 * A PGlite database migrated up to the migration just before `tag`, for a test that fills it with rows in the old
 * shape and then runs `tag` (and the rest) over them: `const db = await migratedUpToBefore('0012_…')`,
 * insert old rows into `db.pg`, `await db.migrateRest()`, check, `await db.close()`.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const folder = join(__dirname, '../../../server/src/db/migrations');
type Journal = { entries: Array<{ tag: string }> };

export async function migratedUpToBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'migration-steps-'));
  /** A copy of the migrations folder whose journal ends at `last` (inclusive); null: every migration. */
  const foldersUpTo = (last: string | null) => {
    const copy = join(dir, last ?? 'all');
    cpSync(folder, copy, { recursive: true });
    if (last) {
      const path = join(copy, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(path, 'utf8')) as Journal;
      journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
      writeFileSync(path, JSON.stringify(journal));
    }
    return copy;
  };
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
  const i = journal.entries.findIndex((e) => e.tag === tag);
  if (i < 1) throw new Error(`no migration ${tag} with one before it in the journal`);
  const pg = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(pg), { migrationsFolder: foldersUpTo(journal.entries[i - 1].tag) });
  return {
    pg,
    /** Runs `tag` and every migration after it. */
    migrateRest: () => migrate(drizzle(pg), { migrationsFolder: foldersUpTo(null) }),
    close: async () => {
      await pg.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
