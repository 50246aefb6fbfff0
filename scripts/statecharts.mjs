#!/usr/bin/env node
// `npm run statecharts`: runs the web tests (which measure the states and transitions each machine's tests drive,
// tests/support/machineCoverage.ts), then writes docs/statecharts/ from the machines and that measurement.
//   --no-measure  write from the last run's measurement (test-results/machine-coverage) without running the tests
//   --check       write nothing: fail when a committed page is stale or a machine's coverage has an unexplained gap
//                 (npm test runs this after the web tests)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const vitest = join(root, 'node_modules/.bin/vitest');
const run = (cmdArgs, env = {}) => spawnSync(vitest, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (!args.has('--check') && !args.has('--no-measure')) {
  const status = run(['run', '--project', 'web', '--project', 'web-isolated']);
  if (status !== 0) console.error('\nSome web tests failed; the pages are written from what was measured anyway.');
}
process.exit(run(['run', '-c', 'vitest.statecharts.config.ts'], args.has('--check') ? {} : { STATECHARTS_WRITE: '1' }));
