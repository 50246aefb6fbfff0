#!/usr/bin/env node
// `npm run mutation`: StrykerJS mutates the machines (src/machines) and runs the tests that drive them
// (stryker.config.mjs, vitest.mutation.config.ts), one machine at a time, smallest first; then
// scripts/mutationReport.mjs adds each machine's result to docs/statecharts/mutation.json and rewrites
// docs/statecharts/mutation.md. The HTML/JSON reports are in reports/mutation/<machine>/ (not committed).
//   --machine <name>      only this machine (repeatable, or comma-separated); a shared helper file of src/machines
//                         (e.g. staffList) is a module of its own, run against every test that reaches it
//   --list                print the modules with their files and tests, and run nothing
//   --concurrency <1|2>   Stryker's test runners (default 2; never more: a shared 2-core machine)
//   --incremental         reuse the last run's results for mutants and tests that did not change
//   --report-only         only rewrite docs/statecharts/mutation.md from docs/statecharts/mutation.json
// Not in CI: it is slow (minutes per machine). docs/statecharts/mutation.md lists when each machine was last run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { recordRun, writePage } from './mutationReport.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const values = (name) => args.flatMap((a, i) => (a === name && args[i + 1] ? args[i + 1].split(',') : a.startsWith(`${name}=`) ? a.slice(name.length + 1).split(',') : []));

const walk = (d) => readdirSync(join(root, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${d}/${e.name}`) : [`${d}/${e.name}`]));
const testFiles = [...walk('tests/model'), ...walk('tests/machines')].filter((f) => /\.test\.tsx?$/.test(f));
const machineFiles = readdirSync(join(root, 'src/machines')).filter((f) => f.endsWith('.ts')).map((f) => `src/machines/${f}`);

/** The tests that import a file of src/machines (by its path). */
const importing = (file) => {
  const mod = basename(file, '.ts').replace(/[.]/g, '\\.');
  const re = new RegExp(`machines/${mod}['"]`);
  return testFiles.filter((t) => re.test(readFileSync(join(root, t), 'utf8')));
};

// A machine: its .machine.ts with the files only it uses (its .context.ts, session.actors.ts, yieldTrendsRules.ts).
const index = JSON.parse(readFileSync(join(root, 'docs/statecharts/index.json'), 'utf8'));
const modules = new Map();
for (const [id, { source, tests }] of Object.entries(index)) {
  const base = basename(source, '.machine.ts');
  const own = machineFiles.filter((f) => f === source || f === `src/machines/${base}.context.ts` || f === `src/machines/${base}.actors.ts` || f === `src/machines/${base}Rules.ts`);
  modules.set(id, { files: own, tests: [...new Set([...tests.map((t) => t.file), ...own.flatMap(importing)])].sort() });
}
// The shared helpers: each a module of its own, run against every machine test (vitest `related` keeps those that reach it).
const owned = new Set([...modules.values()].flatMap((m) => m.files));
for (const f of machineFiles.filter((f) => !owned.has(f))) modules.set(basename(f, '.ts'), { files: [f], tests: [] });

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
  for (const [id, m] of run) console.log(`${id}  (${size(m)} bytes)\n  mutate: ${m.files.join(' ')}\n  tests:  ${m.tests.join(' ') || '(every machine test that reaches it)'}`);
  process.exit(0);
}

const concurrency = Math.min(2, Math.max(1, Number(values('--concurrency')[0] ?? 2)));
let failed = 0;
for (const [id, m] of run) {
  const started = new Date();
  console.log(`\n=== mutation: ${id} (${m.files.map((f) => relative('src/machines', f)).join(', ')}) — ${started.toISOString()}`);
  const r = spawnSync(join(root, 'node_modules/.bin/stryker'), ['run', 'stryker.config.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      MUTATION_MODULE: id,
      MUTATION_MUTATE: m.files.join(','),
      MUTATION_TESTS: m.tests.join(','),
      MUTATION_CONCURRENCY: String(concurrency),
      MUTATION_INCREMENTAL: flag('--incremental') ? '1' : '',
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
  recordRun(id, m, report, started, new Date());
}
writePage([...modules.keys()]);
process.exit(failed ? 1 : 0);
