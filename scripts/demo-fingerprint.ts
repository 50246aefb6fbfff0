/**
 * Seeds the demo world into a fresh PGlite data folder at a fixed clock and prints, per table, the row count
 * and one digest per column (over the column's sorted values), as JSON. Two fingerprints of the same code
 * differ only in columns the seed leaves to chance (password salts, database defaults such as random ids);
 * run it twice to see which, then compare a change against the code before it:
 *
 *   npx tsx scripts/demo-fingerprint.ts > before.json      # (on the old code, and once more)
 *   npx tsx scripts/demo-fingerprint.ts > after.json
 *   npx tsx scripts/demo-fingerprint.ts --compare before.json after.json [before-again.json]
 *
 * With a third file, columns that differ between the two 'before' runs are reported as left to chance.
 * Besides the per-column digests, `wholeRows` digests the sorted rows (so values stay with their rows),
 * leaving out the columns the database fills by chance (random or clock defaults) and password hashes.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { seedDemoIfEmpty } from '../server/src/seed/demo';

type Fingerprint = Record<string, { rows: number; wholeRows: string; columns: Record<string, string> }>;

/** 2026-11-21 06:00 UTC: any fixed instant; the demo world is laid out backwards from it. */
const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);

async function fingerprint(): Promise<Fingerprint> {
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-fingerprint-'));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    if (!(await seedDemoIfEmpty(database.db, NOW))) throw new Error('the fresh database already had users');
    const rowsOf = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows as T[];
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const out: Fingerprint = {};
    for (const { table_name: table } of tables) {
      const columns = await rowsOf<{ column_name: string; column_default: string | null }>(
        sql`select column_name, column_default from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
      );
      const byChance = columns
        .filter((c) => c.column_name === 'password_hash' || /random|now\(\)|nextval/.test(c.column_default ?? ''))
        .map((c) => `'${c.column_name}'`);
      const whole = await rowsOf<{ v: string }>(
        sql.raw(`select (to_jsonb(t) - array[${byChance.join(',')}]::text[])::text v from "${table}" t order by 1`),
      );
      const [{ n }] = await rowsOf<{ n: number }>(sql.raw(`select count(*)::int n from "${table}"`));
      const digests: Record<string, string> = {};
      for (const { column_name: column } of columns) {
        const values = await rowsOf<{ v: string | null }>(sql.raw(`select "${column}"::text v from "${table}" order by 1`));
        digests[column] = createHash('sha256').update(values.map((r) => r.v ?? '\u0000null').join('\u0001')).digest('hex').slice(0, 16);
      }
      out[table] = { rows: n, wholeRows: createHash('sha256').update(whole.map((r) => r.v).join('\n')).digest('hex').slice(0, 16), columns: digests };
    }
    return out;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function compare(beforeFile: string, afterFile: string, againFile?: string) {
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Fingerprint;
  const [before, after] = [read(beforeFile), read(afterFile)];
  const again = againFile ? read(againFile) : null;
  const problems: string[] = [];
  const chance: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[table];
    const a = after[table];
    if (!b || !a) {
      problems.push(`${table}: only in ${b ? 'before' : 'after'}`);
      continue;
    }
    if (b.rows !== a.rows) problems.push(`${table}: ${b.rows} rows before, ${a.rows} after`);
    if (b.wholeRows !== a.wholeRows) problems.push(`${table}: the rows differ (outside the columns filled by chance)`);
    for (const column of Object.keys(b.columns)) {
      if (again && again[table]?.columns[column] !== b.columns[column]) {
        chance.push(`${table}.${column}`);
        continue;
      }
      if (a.columns[column] !== b.columns[column]) problems.push(`${table}.${column}: values differ`);
    }
  }
  const counts = Object.entries(after).map(([t, { rows }]) => `${t} ${rows}`);
  console.log(`rows per table: ${counts.join(', ')}`);
  if (chance.length) console.log(`left to chance (differ between two runs of the same code, not compared): ${chance.join(', ')}`);
  if (problems.length) {
    console.error(`demo world differs:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('demo world: same tables, same row counts, same rows, same values in every compared column');
}

const args = process.argv.slice(2);
if (args[0] === '--compare') compare(args[1], args[2], args[3]);
else console.log(JSON.stringify(await fingerprint(), null, 1));
