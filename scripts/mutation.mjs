#!/usr/bin/env node
// `npm run mutation`: StrykerJS mutates the machines (src/machines) and runs the tests that drive them
// (stryker.config.mjs, vitest.mutation.config.ts), one machine at a time, smallest first; then
// scripts/mutationReport.mjs adds each machine's result to docs/statecharts/mutation.json and rewrites
// docs/statecharts/mutation.md. The HTML/JSON reports are in reports/mutation/<machine>/ (not committed).
//   --machine <name>      only this machine (repeatable, or comma-separated); a shared helper file of src/machines
//                         (e.g. staffList) is a module of its own, run against every test that reaches it
//   --list                print the modules with their files and tests, and run nothing
//   --concurrency <1|2>   Stryker's test runners (default $MUTATION_CONCURRENCY, else 2; never more: a shared 2-core machine)
//   --incremental         reuse the last run's results (docs/statecharts/mutation-incremental/<machine>.json, written by
//                         every run) for the mutants whose code and covering tests did not change: a re-run after adding
//                         a test runs only the survivors and the mutants that test covers (survivors always run again:
//                         forgetUndetected). Stryker compares only the machine's files and its test files: after
//                         changing a view or a test helper, run without it
//   --rendered            mutants against the paths `npm test` renders (the covering set of each walk) instead of
//                         every path of the walk (the default; MODEL_PATHS=all)
//   --report-only         only rewrite docs/statecharts/mutation.md from docs/statecharts/mutation.json
// Not in CI: it is slow (minutes per machine). docs/statecharts/mutation.md lists when each machine was last run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { recordRun, writePage } from './mutationReport.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const values = (name) => args.flatMap((a, i) => (a === name && args[i + 1] ? args[i + 1].split(',') : a.startsWith(`${name}=`) ? a.slice(name.length + 1).split(',') : []));

const walk = (d) => readdirSync(join(root, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${d}/${e.name}`) : [`${d}/${e.name}`]));
const isTest = (f) => /\.test\.tsx?$/.test(f);
const testFiles = [...walk('tests/model'), ...walk('tests/machines')].filter(isTest);
// The unit tests of tests/unit that import a file of src/machines themselves (e.g. roles.test.ts) test it too.
const unitTests = walk('tests/unit').filter(isTest);
const machineFiles = readdirSync(join(root, 'src/machines')).filter((f) => f.endsWith('.ts')).map((f) => `src/machines/${f}`);

/** The tests that import a file of src/machines (by its path). */
const importing = (file, among = [...testFiles, ...unitTests]) => {
  const mod = basename(file, '.ts').replace(/[.]/g, '\\.');
  const re = new RegExp(`machines/${mod}['"]`);
  return among.filter((t) => re.test(readFileSync(join(root, t), 'utf8')));
};

// A machine: its .machine.ts with the files only it uses (its .context.ts, session.actors.ts, yieldTrendsRules.ts).
const index = JSON.parse(readFileSync(join(root, 'docs/statecharts/index.json'), 'utf8'));
const modules = new Map();
for (const [id, { source, tests }] of Object.entries(index)) {
  const base = basename(source, '.machine.ts');
  const own = machineFiles.filter((f) => f === source || f === `src/machines/${base}.context.ts` || f === `src/machines/${base}.actors.ts` || f === `src/machines/${base}Rules.ts`);
  modules.set(id, { files: own, tests: [...new Set([...tests.map((t) => t.file), ...own.flatMap((f) => importing(f))])].sort() });
}
// The shared helpers: each a module of its own, run against every machine test and the unit tests that import it
// (vitest `related` keeps those that reach it).
const owned = new Set([...modules.values()].flatMap((m) => m.files));
for (const f of machineFiles.filter((f) => !owned.has(f))) modules.set(basename(f, '.ts'), { files: [f], tests: [], unit: importing(f, unitTests) });

if (flag('--report-only')) {
  writePage([...modules.keys()]);
  process.exit(0);
}

const size = (m) => m.files.reduce((n, f) => n + statSync(join(root, f)).size, 0);
const wanted = values('--machine');
const unknown = wanted.filter((m) => !modules.has(m));
if (unknown.length) {
  console.error(`Unknown machine ${unknown.join(', ')}. Known: ${[...modules.keys()].sort().join(', ')}`);
  process.exit(2);
}
const run = [...modules.entries()].filter(([id]) => !wanted.length || wanted.includes(id)).sort(([, a], [, b]) => size(a) - size(b));

if (flag('--list')) {
  for (const [id, m] of run) console.log(`${id}  (${size(m)} bytes)\n  mutate: ${m.files.join(' ')}\n  tests:  ${m.tests.join(' ') || `(every machine test that reaches it)${m.unit?.length ? ` ${m.unit.join(' ')}` : ''}`}`);
  process.exit(0);
}

/**
 * Stryker's incremental mode reuses a surviving mutant when no test that covers it changed; a mutant of a machine's
 * definition is "static" (hit while the test file loads, by no test in particular), so its list of covering tests is
 * empty and it would be reported as surviving again even after a test was added to kill it. So the undetected mutants
 * are dropped from the incremental file before an incremental run: they always run again (there are few of them).
 */
function forgetUndetected(id) {
  const file = join(root, `docs/statecharts/mutation-incremental/${id}.json`);
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const f of Object.values(report.files)) f.mutants = f.mutants.filter((m) => ['Killed', 'Timeout', 'Ignored'].includes(m.status));
  writeFileSync(file, JSON.stringify(report));
}

const concurrency = Math.min(2, Math.max(1, Number(values('--concurrency')[0] ?? process.env.MUTATION_CONCURRENCY ?? 2)));
let failed = 0;
for (const [id, m] of run) {
  const started = new Date();
  if (flag('--incremental')) forgetUndetected(id);
  console.log(`\n=== mutation: ${id} (${m.files.map((f) => relative('src/machines', f)).join(', ')}) — ${started.toISOString()}`);
  const r = spawnSync(join(root, 'node_modules/.bin/stryker'), ['run', 'stryker.config.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      MUTATION_MODULE: id,
      MUTATION_MUTATE: m.files.join(','),
      MUTATION_TESTS: m.tests.join(','),
      MUTATION_UNIT_TESTS: (m.unit ?? []).join(','),
      MUTATION_CONCURRENCY: String(concurrency),
      MUTATION_INCREMENTAL: flag('--incremental') ? '1' : '',
      // Every path of each walk, not only the covering set `npm test` renders (tests/support/modelHarness.tsx
      // `renderedPaths`): the scores are of the whole walk; `--rendered` measures the covering set instead.
      MODEL_PATHS: flag('--rendered') ? '' : 'all',
      // The tests' statechart coverage records (tests/support/machineCoverage.ts) must not replace the last real run's.
      MACHINE_COVERAGE_DIR: mkdtempSync(join(tmpdir(), 'mutation-coverage-')),
    },
  });
  const report = join(root, `reports/mutation/${id}/mutation.json`);
  if (r.status !== 0 || !existsSync(report) || statSync(report).mtime < started) {
    console.error(`Stryker failed for ${id} (exit ${r.status}); docs/statecharts/mutation.md keeps its last result.`);
    failed++;
    continue;
  }
  recordRun(id, m, report, started, new Date(), { incremental: flag('--incremental'), rendered: flag('--rendered') });
}
writePage([...modules.keys()]);
process.exit(failed ? 1 : 0);
