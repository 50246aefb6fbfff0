import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web test files that replace a module (`vi.mock`): they run in fresh workers (project 'web-isolated'), since a
 * replaced module would otherwise reach the next file of a shared worker. Found by reading the files, so a new test
 * file lands on the right side by itself.
 */
function filesMockingModules(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
  return ['tests/machines', 'tests/model', 'tests/unit']
    .flatMap((d) => walk(d))
    .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, f), 'utf8')));
}
const WEB_TESTS = ['tests/{machines,model,unit,views}/**/*.test.{ts,tsx}', 'tests/stories.test.tsx'];
const mocking = filesMockingModules();
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Writes a .br and a .gz beside every text asset of the build; the server's static plugin sends them to
 * browsers that accept them (preCompressed), at no cost per request. The map chunks are ~2 MB raw.
 */
function precompress(): Plugin {
  return {
    name: 'shetmitra-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(name)) continue;
        const file = join(dir, name);
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': src } },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  test: {
    // Each file gets its own database (see tests/server/helper.ts); files run in parallel forks, one per core
    // (vitest's default leaves one core idle). README's test section has the measurements.
    pool: 'forks',
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          // One jsdom per worker, shared by the files it runs (a fresh process and jsdom per file cost more than
          // most files' tests); tests/setup.ts still gives each file fresh app modules and an empty document.
          name: 'web',
          environment: 'jsdom',
          include: WEB_TESTS,
          exclude: mocking,
          isolate: false,
          setupFiles: ['tests/setup.ts'],
          globalSetup: ['tests/support/machineCoverage.globalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          environment: 'jsdom',
          include: mocking.length ? mocking : ['tests/none'],
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/server/globalSetup.ts'],
        },
      },
    ],
  },
});
