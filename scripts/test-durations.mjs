#!/usr/bin/env node
// `npm run test:durations [report]`: tests/durations.json from the file durations of the last `npm test`
// (test-results/file-durations.json, written by tests/support/durationsReporter.ts). The files of the run it read
// get their new seconds; the others keep theirs (a PostgreSQL pass's report updates nothing the PGlite pass measured
// unless given), and files that no longer exist go. tests/support/sequencer.ts starts the longest files first.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const report = process.argv[2] ?? join(root, 'test-results/file-durations.json');
const target = join(root, 'tests/durations.json');
const { files } = JSON.parse(readFileSync(report, 'utf8'));
const old = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')).seconds : {};
const merged = { ...old, ...Object.fromEntries(Object.entries(files).map(([f, r]) => [f, r.seconds])) };
const seconds = Object.fromEntries(
  Object.entries(merged)
    .filter(([f]) => existsSync(join(root, f)))
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)),
);
const about =
  'Seconds each test file took in its worker on the PGlite pass (setup, import, hooks, tests), longest first. ' +
  'tests/support/sequencer.ts starts the longest first; refresh with `npm run test:durations` after `npm test`.';
writeFileSync(target, `${JSON.stringify({ about, seconds }, null, 1)}\n`);
console.log(`${target}: ${Object.keys(seconds).length} files`);
