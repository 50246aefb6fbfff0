#!/usr/bin/env node
// `npm run test:durations [report]`: tests/durations.json from the file durations of the last `npm test`'s PGlite pass
// (test-results/vitest-web-server-on-PGlite-.file-durations.json, written by tests/support/durationsReporter.ts). The files of the run it read
// get their new seconds; the others keep theirs (a PostgreSQL pass's report updates nothing the PGlite pass measured
// unless given), and files that no longer exist go. tests/support/sequencer.ts starts the longest files first.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const report = process.argv[2] ?? join(root, 'test-results/vitest-web-server-on-PGlite-.file-durations.json');
const target = join(root, 'tests/durations.json');
const read = JSON.parse(readFileSync(report, 'utf8'));
// A vitest JSON report (--reporter=json) works too, with less: its per-file time runs from the first test's start to
// the last one's end (no import, no beforeAll).
const measured = read.files
  ? Object.fromEntries(Object.entries(read.files).map(([f, r]) => [f, r.seconds]))
  : Object.fromEntries(
      read.testResults
        // A file that failed in a hook or ran no test has no test window: left out, it counts as new (goes first).
        .filter((r) => r.status === 'passed' && r.endTime > r.startTime)
        .map((r) => [r.name.slice(r.name.lastIndexOf('/tests/') + 1), Math.round((r.endTime - r.startTime) / 100) / 10]),
    );
const old = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')).seconds : {};
const merged = { ...old, ...measured };
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
