#!/usr/bin/env node
// `npm test`: every check the project has, in the order CI runs them, ending with one
// plain summary line `N passed, N failed`.
//   typecheck → lint → i18n catalogs → vitest (web + server on PGlite)
//   → server suites on PostgreSQL (when TEST_DATABASE_URL is set) → build → bundle budget
//   → end-to-end in chromium (when /usr/bin/chromium or CHROMIUM_PATH exists)
// Flags: --quick (vitest on PGlite only), --no-e2e.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const args = new Set(process.argv.slice(2));
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const lines = [];

function run(label, cmd, cmdArgs, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: r.status === 0, secs };
}

function check(label, cmd, cmdArgs, env) {
  const { ok, secs } = run(label, cmd, cmdArgs, env);
  if (ok) passed++;
  else failed++;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${secs}s)`);
  return ok;
}

function vitest(label, cmdArgs, env) {
  const out = join(results, `${label.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  const { ok, secs } = run(label, bin('vitest'), ['run', ...cmdArgs, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  let p = 0;
  let f = 0;
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    p = j.numPassedTests;
    f = j.numFailedTests + (j.numTotalTests === 0 ? 1 : 0);
    // A suite that failed to load counts as a failure even when no test inside it ran.
    f += j.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
  }
  if (!ok && f === 0) f = 1;
  passed += p;
  failed += f;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${p} passed, ${f} failed (${secs}s)`);
  return ok;
}

const quick = args.has('--quick');
if (!quick) {
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  check('lint', 'npm', ['run', '--silent', 'lint']);
  check('i18n catalogs', process.execPath, [join(root, 'scripts/i18n-verify.mjs')]);
}
vitest('vitest (web + server on PGlite)', []);
if (!quick && process.env.TEST_DATABASE_URL) {
  vitest('server suites on PostgreSQL', ['--project', 'server'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else if (!quick) {
  lines.push('skip server suites on PostgreSQL (set TEST_DATABASE_URL=postgres://… to run them)');
}
if (!quick) {
  const built = check('build', bin('vite'), ['build', '--logLevel', 'warn']);
  if (built) check('bundle budget', process.execPath, [join(root, 'scripts/budget.mjs')]);
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (args.has('--no-e2e')) lines.push('skip end-to-end (--no-e2e)');
  else if (!existsSync(chromium)) lines.push(`skip end-to-end: no chromium at ${chromium} (apt-get install chromium)`);
  else if (built) vitest('end-to-end in chromium', ['-c', 'vitest.e2e.config.ts']);
}

console.log('\nSummary');
for (const l of lines) console.log(`  ${l}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
