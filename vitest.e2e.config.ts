import { defineConfig } from 'vitest/config';

// End-to-end tests: one file at a time (2 cores; each file runs its own server and browser).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    fileParallelism: false,
    // A browser journey on a busy 2-core machine can lose a race with its own timeouts; one retry, and
    // scripts/test.mjs names every test that needed it (with its first error), so a flake is reported, not hidden.
    retry: 1,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
