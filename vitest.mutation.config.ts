import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The web tests that drive the machines (tests/model, tests/machines) as one jsdom project for StrykerJS
// (`npm run mutation`, scripts/mutation.mjs; docs/statecharts/mutation.md). Stryker's vitest runner runs them in one
// thread and each mutant only runs the tests that covered it; MUTATION_TESTS (comma-separated) narrows the files to
// those of the machine under test, so the first (dry) run and the static mutants run only those.
const tests = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  plugins: [react()],
  // Stryker's sandbox (.stryker-tmp/…) links node_modules from outside itself: let vite serve files from there.
  server: { fs: { strict: false } },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'mutation',
    environment: 'jsdom',
    include: tests?.length ? tests : ['tests/{machines,model}/**/*.test.{ts,tsx}'],
    // Each file its own modules (some replace modules with vi.mock), as in the web projects of vite.config.ts.
    isolate: true,
    setupFiles: ['tests/setup.ts'],
  },
});
