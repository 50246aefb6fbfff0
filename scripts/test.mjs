#!/usr/bin/env node
// `npm test`: every check the project has, ending with one plain summary line `N passed, N failed`.
//   typecheck, lint, i18n catalogs, build → bundle budget → installable app
//   vitest (web + server on PGlite) → statechart pages and measured coverage → server suites on PostgreSQL
//   (when TEST_DATABASE_URL is set)
//   end-to-end in chromium (after the build; when /usr/bin/chromium or CHROMIUM_PATH exists)
// Flags: --quick (vitest on PGlite only), --no-e2e, --one-at-a-time (the test runs one after the other, as before
// 2026-11-27: slower, for reading one run's output without the others').
// The machine this must be fast on has 2 cores, and no one step keeps both busy all the time: the browser suite waits
// on its servers and chromium about a third of its time, the checks are single-threaded, and each vitest pass ends
// on its last few files. So the three lines above run at once: the vitest pass starts with the checks, the browser
// suite as soon as the build is there, the PostgreSQL pass when the PGlite pass ends (docs/testing.md "Fifth pass").
// The vitest passes print as they go; each other step's output is printed whole when it ends (the browser suite's is
// also written to test-results/end-to-end.log as it runs), and the summary keeps one order whatever finished first.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const args = new Set(process.argv.slice(2));
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const t0 = Date.now();
const at = () => `${Math.round((Date.now() - t0) / 1000)}s`;

/** The summary: one line per step, in this order whichever ends first (a step not listed goes last). */
const ORDER = ['typecheck', 'lint', 'i18n', 'build', 'bundle', 'installable', 'vitest', 'statechart', 'server suites', 'end-to-end'];
const slots = [];
const slot = () => slots.push({ line: null, passed: 0, failed: 0 }) - 1;
const rank = (line) => {
  const i = ORDER.findIndex((w) => line.replace(/^(ok|FAIL|skip)\s+/, '').startsWith(w));
  return i < 0 ? ORDER.length : i;
};
const problems = [];

/**
 * Runs a command. `loud`: its output goes straight to ours (the vitest passes; never two at once). Otherwise it is
 * collected and printed whole when the command ends (and also written to `log` as it comes, when given).
 */
function run(label, cmd, cmdArgs, { env = {}, loud = false, log } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label} (started at ${at()})`);
  return new Promise((resolve) => {
    const chunks = [];
    const file = log ? createWriteStream(log) : null;
    const child = spawn(cmd, cmdArgs, {
      cwd: root,
      stdio: loud ? 'inherit' : 'pipe',
      env: { ...process.env, ...(loud ? {} : { FORCE_COLOR: process.env.FORCE_COLOR ?? '1' }), ...env },
    });
    const keep = (d) => {
      chunks.push(d);
      file?.write(d);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', (e) => keep(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      file?.end();
      if (!loud) {
        console.log(`\n▶ ${label}: ended at ${at()} (${secs}s)`);
        process.stdout.write(Buffer.concat(chunks));
      } else console.log(`\n◀ ${label}: ended at ${at()} (${secs}s)`);
      resolve({ ok: code === 0, secs });
    });
  });
}

function record(at, label, { ok, secs }) {
  slots[at] = { line: `${ok ? 'ok  ' : 'FAIL'} ${label} (${secs}s)`, passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
  return ok;
}

/** A step counted as one check. */
async function check(label, cmd, cmdArgs, opts) {
  const at = slot();
  return record(at, label, await run(label, cmd, cmdArgs, opts));
}

/** A vitest run counted test by test, from its JSON report. */
async function vitest(label, cmdArgs, opts = {}) {
  const at = slot();
  const name = label.replace(/\W+/g, '-');
  const out = join(results, `${name}.json`);
  rmSync(out, { force: true });
  // Each file's whole time and when it ran (tests/support/durationsReporter.ts): `npm run test:durations` turns the
  // PGlite pass's into tests/durations.json, the order of the next runs (longest first, tests/support/sequencer.ts).
  const durations = join(results, `${name}.file-durations.json`);
  const { ok, secs } = await run(
    label,
    bin('vitest'),
    ['run', ...cmdArgs, '--reporter=default', '--reporter=json', `--outputFile=${out}`, '--reporter=./tests/support/durationsReporter.ts'],
    { ...opts, env: { FILE_DURATIONS: durations, ...opts.env } },
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
  slots[at] = { line: `${ok ? 'ok  ' : 'FAIL'} ${label}: ${p} passed, ${f} failed (${secs}s)`, passed: p, failed: f };
  return ok;
}

/** Failed tests, suites that did not load, and tests that passed only on a retry, each with its first error line. */
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

const note = (line) => {
  slots[slot()] = { line, passed: 0, failed: 0 };
};

const quick = args.has('--quick');
const oneAtATime = args.has('--one-at-a-time');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The PGlite pass's workers. Alone it has one per core (vite.config.ts); beside the browser suite, whose servers and
// chromium wait a third of their time, three keep the cores busier: 8 min 19 s against 8 min 47 s with two
// (2026-11-27, docs/testing.md). TEST_WORKERS overrides.
const workers = [`--maxWorkers=${process.env.TEST_WORKERS ?? (quick || oneAtATime ? '100%' : 3)}`];

/** typecheck, lint and the catalogs: single-threaded, side by side. */
const checks = () =>
  Promise.all([
    check('typecheck', 'npm', ['run', '--silent', 'typecheck']),
    check('lint', 'npm', ['run', '--silent', 'lint']),
    check('i18n catalogs', process.execPath, [join(root, 'scripts/i18n-verify.mjs')]),
  ]);

/** The build, what is checked on it, then the browser suite on it. */
async function buildThenBrowser() {
  if (!(await check('build', bin('vite'), ['build', '--logLevel', 'warn']))) return;
  await check('bundle budget', process.execPath, [join(root, 'scripts/budget.mjs')]);
  await check('installable app (manifest, service worker precache)', process.execPath, [join(root, 'scripts/pwa-check.mjs')]);
  if (args.has('--no-e2e')) note('skip end-to-end (--no-e2e)');
  else if (!existsSync(chromium)) note(`skip end-to-end: no chromium at ${chromium} (apt-get install chromium)`);
  else await vitest('end-to-end in chromium', ['-c', 'vitest.e2e.config.ts'], oneAtATime ? { loud: true } : { log: join(results, 'end-to-end.log') });
}

/** The vitest pass on PGlite, then what reads it and the PostgreSQL pass. */
async function vitestPasses() {
  await vitest('vitest (web + server on PGlite)', workers, { loud: true });
  // The statechart pages against the machines and the coverage those web tests just measured (stale page, or a state
  // or transition no test drives that its page does not explain: fails). One core for a few seconds.
  const statecharts = check('statechart pages and measured coverage', process.execPath, [join(root, 'scripts/statecharts.mjs'), '--check']);
  if (!quick && process.env.TEST_DATABASE_URL) {
    await vitest('server suites on PostgreSQL', ['--project', 'server'], { loud: true, env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } });
  } else if (!quick) note('skip server suites on PostgreSQL (set TEST_DATABASE_URL=postgres://… to run them)');
  await statecharts;
}

if (quick) await vitestPasses();
else if (oneAtATime) {
  await checks();
  await vitestPasses();
  await buildThenBrowser();
} else await Promise.all([checks(), vitestPasses(), buildThenBrowser()]);

const passed = slots.reduce((n, s) => n + s.passed, 0);
const failed = slots.reduce((n, s) => n + s.failed, 0);
console.log(`\nSummary (${at()} in all)`);
for (const s of [...slots].sort((a, b) => rank(a.line) - rank(b.line))) console.log(`  ${s.line}`);
for (const p of problems) console.log(`  ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
