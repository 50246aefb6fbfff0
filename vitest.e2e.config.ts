import { defineConfig } from 'vitest/config';

// End-to-end tests: each file runs its own server (own ports, own copy of the demo database) and its own browser
// contexts, so files never see each other, and two run at once (E2E_WORKERS=1 for one at a time): much of a file's
// time is spent waiting on the server and the browser, which the other file's work fills.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    pool: 'forks',
    // One process per worker for all its files, not one per file: its chromium is launched once and each file gets
    // fresh contexts of it (tests/e2e/harness.ts `sharedBrowser`, `withApp`), and the process, vitest and
    // playwright-core start once. Files keep nothing else between them (their own server, data folder and contexts).
    isolate: false,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // A browser journey on a busy 2-core machine can lose a race with its own timeouts; one retry, and
    // scripts/test.mjs names every test that needed it (with its first error), so a flake is reported, not hidden.
    retry: 1,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
