import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The web tests that drive the machines (tests/model, tests/machines) for StrykerJS (`npm run mutation`,
// scripts/mutation.mjs; docs/statecharts/mutation.md). Stryker's vitest runner runs them in one worker and each mutant
// only runs the tests that covered it (a machine's definition is built when its module loads, so most of its mutants
// are "static" and run all the tests of the machine); MUTATION_TESTS (comma-separated) narrows the files to those of
// the machine under test.
//
// As in the web projects of vite.config.ts: the files that replace a module (vi.mock) get a fresh worker each
// ('mutation-isolated'); the others share one worker and its jsdom (isolate: false, 'mutation'), so the packages in
// node_modules and the jsdom are set up once instead of once per mutant. Each file still loads fresh app modules —
// the mutated machine among them — because tests/setup.ts resets the module registry before the file's imports, and
// Stryker's own setup file (put before it) has switched the mutant on by then.
const root = fileURLToPath(new URL('.', import.meta.url));
const tests = process.env.MUTATION_TESTS?.split(',').filter(Boolean);
// No MUTATION_TESTS (a shared helper of src/machines): every machine and model test, and the unit tests that import
// the helper (MUTATION_UNIT_TESTS); vitest's `related` keeps the files that reach it.
const all = ['tests/{machines,model}/**/*.test.{ts,tsx}', ...(process.env.MUTATION_UNIT_TESTS?.split(',').filter(Boolean) ?? [])];
const mocks = (file: string) => /\bvi\.(mock|doMock)\(/.test(readFileSync(`${root}/${file}`, 'utf8'));
const listed = tests?.length ? tests : undefined;

export default defineConfig({
  plugins: [react()],
  // Stryker's sandbox (.stryker-tmp/…) links node_modules from outside itself: let vite serve files from there.
  server: { fs: { strict: false } },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'mutation',
          environment: 'jsdom',
          include: listed ? listed.filter((f) => !mocks(f)) : all,
          exclude: listed ? [] : mockingFiles(),
          isolate: false,
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'mutation-isolated',
          environment: 'jsdom',
          include: listed ? listed.filter(mocks) : mockingFiles(),
          isolate: true,
          setupFiles: ['tests/setup.ts'],
        },
      },
    ].map((p) => ({ ...p, test: { ...p.test, include: p.test.include.length ? p.test.include : ['tests/none'] } })),
  },
});

/** Every machine or model test file that replaces a module (when no MUTATION_TESTS narrows the run). */
function mockingFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(`${root}/${dir}`, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
  return ['tests/machines', 'tests/model'].flatMap(walk).filter((f) => /\.test\.tsx?$/.test(f) && mocks(f));
}
