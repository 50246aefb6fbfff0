#!/usr/bin/env node
// `npm test`: every check the project has, in the order CI runs them, ending with one
// plain summary line `N passed, N failed`.
//   typecheck → lint → i18n catalogs → vitest (web + server on PGlite) → statechart pages and measured coverage
//   → server suites on PostgreSQL (when TEST_DATABASE_URL is set) → build → bundle budget
//   → end-to-end in chromium (when /usr/bin/chromium or CHROMIUM_PATH exists)
// Flags: --quick (vitest on PGlite only), --no-e2e.
// typecheck, lint, the catalogs and the build each keep one core busy, so they run side by side (their output
// is printed whole when each ends); the test runs that spread over every core run one after the other, and the
// statechart check (one core, reads what the web tests measured) runs beside the ones after the PGlite pass.
import { spawn } from 'node:child_process';
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
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (e) => console.error(e.message));
    child.on('close', (code) => resolve({ ok: code === 0, secs: ((Date.now() - started) / 1000).toFixed(1) }));
  });
}

/** Like run(), but the output is collected and printed in one piece when the command ends. */
function runQuietly(label, cmd, cmdArgs, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env } });
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (e) => chunks.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${label} (${secs}s)`);
      process.stdout.write(Buffer.concat(chunks));
      resolve({ ok: code === 0, secs });
    });
  });
}

function record(label, { ok, secs }) {
  if (ok) passed++;
  else failed++;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${secs}s)`);
  return ok;
}

async function check(label, cmd, cmdArgs, env) {
  return record(label, await run(label, cmd, cmdArgs, env));
}

/** Single-threaded checks side by side; their summary lines keep the order given. */
async function checksSideBySide(steps) {
  const started = Date.now();
  const done = await Promise.all(steps.map(([label, cmd, cmdArgs]) => runQuietly(label, cmd, cmdArgs)));
  const oks = steps.map(([label], i) => record(label, done[i]));
  console.log(`\n  (${steps.map(([l]) => l).join(', ')} side by side: ${((Date.now() - started) / 1000).toFixed(1)}s)`);
  return oks;
}

async function vitest(label, cmdArgs, env) {
  const out = join(results, `${label.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  // Each file's whole time and when it ran (tests/support/durationsReporter.ts): `npm run test:durations` turns the
  // PGlite pass's into tests/durations.json, the order of the next runs (longest first, tests/support/sequencer.ts).
  const durations = join(results, `${label.replace(/\W+/g, '-')}.file-durations.json`);
  const { ok, secs } = await run(
    label,
    bin('vitest'),
    ['run', ...cmdArgs, '--reporter=default', '--reporter=json', `--outputFile=${out}`, '--reporter=./tests/support/durationsReporter.ts'],
    { FILE_DURATIONS: durations, ...env },
  );
  let p = 0;
  let f = 0;
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    p = j.numPassedTests;
    f = j.numFailedTests + (j.numTotalTests === 0 ? 1 : 0);
    // A suite that failed to load counts as a failure even when no test inside it ran.
    f += j.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
    noteProblems(j);
  }
  if (!ok && f === 0) f = 1;
  passed += p;
  failed += f;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${p} passed, ${f} failed (${secs}s)`);
  return ok;
}

/** Failed tests, suites that did not load, and tests that passed only on a retry, each with its first error line. */
const problems = [];
function noteProblems(report) {
  const firstLine = (m) => (m ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';
  const where = (suite) => suite.name.replace(root, '');
  for (const suite of report.testResults) {
    if (suite.status === 'failed' && suite.assertionResults.length === 0) problems.push(`FAIL ${where(suite)}: ${firstLine(suite.message)}`);
    for (const t of suite.assertionResults) {
      if (t.status === 'failed') problems.push(`FAIL ${where(suite)} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
      else if (t.status === 'passed' && t.failureMessages.length) problems.push(`FLAKY (passed on retry) ${where(suite)} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    }
  }
}

const quick = args.has('--quick');
let built = false;
if (!quick) {
  [, , , built] = await checksSideBySide([
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
    ['i18n catalogs', process.execPath, [join(root, 'scripts/i18n-verify.mjs')]],
    ['build', bin('vite'), ['build', '--logLevel', 'warn']],
  ]);
  if (built) await check('bundle budget', process.execPath, [join(root, 'scripts/budget.mjs')]);
  if (built) await check('installable app (manifest, service worker precache)', process.execPath, [join(root, 'scripts/pwa-check.mjs')]);
}
await vitest('vitest (web + server on PGlite)', []);
// The statechart pages against the machines and the coverage those web tests just measured (stale page, or a state
// or transition no test drives that its page does not explain: fails). One core for a few seconds: it runs beside
// the suites below, its output printed whole when it ends, its summary line where it always was.
const statechartLabel = 'statechart pages and measured coverage';
const statecharts = runQuietly(statechartLabel, process.execPath, [join(root, 'scripts/statecharts.mjs'), '--check']);
const statechartLine = lines.push('') - 1;
const recordStatecharts = async () => {
  const r = await statecharts;
  record(statechartLabel, r);
  lines[statechartLine] = lines.pop();
};
if (!quick && process.env.TEST_DATABASE_URL) {
  await vitest('server suites on PostgreSQL', ['--project', 'server'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else if (!quick) {
  lines.push('skip server suites on PostgreSQL (set TEST_DATABASE_URL=postgres://… to run them)');
}
if (!quick) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (args.has('--no-e2e')) lines.push('skip end-to-end (--no-e2e)');
  else if (!existsSync(chromium)) lines.push(`skip end-to-end: no chromium at ${chromium} (apt-get install chromium)`);
  else if (built) await vitest('end-to-end in chromium', ['-c', 'vitest.e2e.config.ts']);
}
await recordStatecharts();

console.log('\nSummary');
for (const l of lines) console.log(`  ${l}`);
for (const p of problems) console.log(`  ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
