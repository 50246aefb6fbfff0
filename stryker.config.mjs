// StrykerJS for the machines (issue 20 item 3). Run it through `npm run mutation` (scripts/mutation.mjs), which runs
// one machine at a time and sets what to mutate and which tests to run:
//   MUTATION_MODULE  the machine (or shared helper) name: names the reports
//   MUTATION_MUTATE  its files under src/machines (comma-separated)
//   MUTATION_TESTS   the test files that drive it (comma-separated; also read by vitest.mutation.config.ts)
const env = process.env;
const name = env.MUTATION_MODULE ?? 'machines';
const list = (v) => (v ?? '').split(',').filter(Boolean);
const concurrency = Math.min(2, Math.max(1, Number(env.MUTATION_CONCURRENCY ?? 2))); // a shared 2-core machine: never more

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Stryker's vitest runner, with a test file that no longer loads counted as a failing test (scripts/strykerVitestRunner.mjs).
  plugins: ['@stryker-mutator/vitest-runner', './scripts/strykerVitestRunner.mjs'],
  testRunner: 'vitest-machines',
  ignorers: ['xstate-types'],
  // `related` makes vitest keep only the test files that import the mutated file, working out the import graph of every
  // test file on every run (about a second of the main process per mutant). A machine's own tests are listed
  // (MUTATION_TESTS) and all reach it; only a shared helper, run against every machine test, needs the narrowing.
  vitest: { configFile: 'vitest.mutation.config.ts', related: !list(env.MUTATION_TESTS).length },
  mutate: list(env.MUTATION_MUTATE).length ? list(env.MUTATION_MUTATE) : ['src/machines/**/*.ts'],
  coverageAnalysis: 'perTest',
  concurrency,
  // The machines' tests render views in jsdom on a busy machine: a mutant is a timeout only well past a normal run.
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 20,
  reporters: ['html', 'json', 'progress', 'clear-text'],
  htmlReporter: { fileName: `reports/mutation/${name}/index.html` },
  jsonReporter: { fileName: `reports/mutation/${name}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportMutants: false, reportScoreTable: true },
  // Every run writes the machine's incremental file (committed, so the next session starts from it); `--incremental`
  // (MUTATION_INCREMENTAL=1) reuses it: a mutant is run again only if its code or a test that covers it changed (or it
  // survived and a test was added). Stryker only compares the mutated files and the test files: after a change to a
  // view or a test helper, run without `--incremental`.
  incremental: true,
  force: env.MUTATION_INCREMENTAL !== '1',
  incrementalFile: `docs/statecharts/mutation-incremental/${name}.json`,
  tempDirName: `.stryker-tmp/${name}`,
  ignorePatterns: ['.stryker-tmp', 'docs', 'bench', 'dist', 'reports', 'coverage', 'test-results', 'storybook-static', 'tests/e2e', 'tests/server', '*.log'],
  cleanTempDir: true,
  thresholds: { high: 85, low: 70, break: null },
  fileLogLevel: 'off',
  logLevel: 'info',
};
