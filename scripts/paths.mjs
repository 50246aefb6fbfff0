#!/usr/bin/env node
// `npm run paths -- <machine> [--all]`: runs just that machine's generated path tests and prints each path with its
// result. --all: every path of each walk, not only the covering set `npm test` renders (MODEL_PATHS=all,
// tests/support/modelHarness.tsx `renderedPaths`).
// The machine's test files and describeModel blocks come from docs/statecharts/index.json (`npm run statecharts`);
// a machine not there yet is looked up by the files in tests/ that import it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const machine = process.argv.slice(2).find((a) => !a.startsWith('--'));
const every = process.argv.includes('--all');
const index = existsSync(join(root, 'docs/statecharts/index.json')) ? JSON.parse(readFileSync(join(root, 'docs/statecharts/index.json'), 'utf8')) : {};
if (!machine) {
  console.error(`usage: npm run paths -- <machine> [--all]\nmachines: ${Object.keys(index).join(', ')}`);
  process.exit(2);
}
let tests = index[machine]?.tests ?? [];
if (!tests.length) {
  const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  const files = walk(join(root, 'tests/model')).filter((f) => /\.test\.tsx?$/.test(f) && new RegExp(`\\b${machine}Machine\\b`).test(readFileSync(f, 'utf8')));
  tests = files.map((f) => ({ file: relative(root, f), title: null }));
}
if (!tests.length) {
  console.error(`No generated path tests for '${machine}'.${machine in index ? '' : ` Known machines: ${Object.keys(index).join(', ')}`}`);
  process.exit(1);
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const titles = tests.map((t) => t.title).filter(Boolean);
const files = [...new Set(tests.map((t) => t.file))];
const r = spawnSync(
  join(root, 'node_modules/.bin/vitest'),
  ['run', '--project', 'web', '--project', 'web-isolated', ...files, '--reporter', join(root, 'tests/support/pathsReporter.ts'), ...(titles.length ? ['-t', `^(${titles.map(escape).join('|')}) `] : [])],
  // Its own coverage records: a part-run must not replace the last full run's (docs/statecharts reads those).
  { cwd: root, stdio: 'inherit', env: { ...process.env, ...(every ? { MODEL_PATHS: 'all' } : {}), MACHINE_COVERAGE_DIR: mkdtempSync(join(tmpdir(), 'paths-')) } },
);
process.exit(r.status ?? 1);
