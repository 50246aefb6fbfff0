import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { parse } from '@formatjs/icu-messageformat-parser';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest, precacheFilter } from './scripts/pwaConfig';
import { PRECOMPRESS_MIN_BYTES, firstLoadFiles, precompressed } from './scripts/precompress';
import LongestFirst from './tests/support/sequencer';

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
 * browsers that accept them (preCompressed), at no cost per request. The .gz of the farmer's first load is zopfli's
 * (gzip-compatible, smaller than zlib's level 9), every other file's zlib's (scripts/precompress.ts: zopfli on the
 * lazy files was half the build's CPU for ~80 bytes a file). The map chunks are ~2 MB raw.
 */
function precompress(): Plugin {
  return {
    name: 'shetmitra-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const html = join(dir, 'index.html');
      const firstLoad = firstLoadFiles(bundle, existsSync(html) ? readFileSync(html, 'utf8') : '');
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(name)) continue;
        const file = join(dir, name);
        const raw = readFileSync(file);
        if (raw.length < PRECOMPRESS_MIN_BYTES) continue;
        const { br, gz } = await precompressed(raw, { firstLoad: firstLoad.has(name) });
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * index.html preloads the Marathi catalog (src/i18n/catalogs.ts: a JSON file of the build, not part of the
 * entry chunk) so it downloads beside the entry chunk and the first paint is in Marathi.
 */
function catalogPreload(): Plugin {
  return {
    name: 'shetmitra-catalog-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (o) => o.type === 'asset' && (o.originalFileNames ?? []).some((n) => n.endsWith('src/i18n/messages/mr.json')),
        );
        if (!asset) throw new Error('the Marathi catalog is not in the build (src/i18n/catalogs.ts imports it with ?url)');
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${asset.fileName}`, as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' }];
      },
    },
  };
}

/** dist/.vite/chunks.json: each JavaScript chunk's modules, so scripts/budget.mjs finds the chunk of a module. */
function chunkModules(): Plugin {
  return {
    name: 'shetmitra-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.fromEntries(
        Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o.moduleIds.map((id) => id.replace(root, '').replace(/\\/g, '/'))]] : [])),
      );
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks) });
    },
  };
}

const CATALOG = /(^|[\\/])src[\\/]i18n[\\/]messages[\\/](mr|en|hi)\.json$/;
const compileCatalog = (json: string) =>
  JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(json) as Record<string, string>).map(([id, text]) => [id, parse(text)])));

/**
 * The built catalogs hold each message already parsed (formatjs' precompiled AST), so a phone formats
 * without parsing ICU text and the browser bundle leaves the ICU parser out (formatjs' `no-parser` entry:
 * ~8 KB gz off the entry chunk). Tests and the dev server keep the plain catalogs and the parser; every
 * message id is in every catalog (npm run i18n:verify), so the built app never needs to parse a default.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'shetmitra-precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } }),
    transform(code, id) {
      if (CATALOG.test(id)) return { code: compileCatalog(code), map: null };
    },
    generateBundle(_options, bundle) {
      // The Marathi catalog is a file of its own (src/i18n/catalogs.ts imports it with ?url).
      for (const out of Object.values(bundle)) {
        if (out.type === 'asset' && (out.originalFileNames ?? []).some((n) => CATALOG.test(n))) out.source = compileCatalog(String(out.source));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    precompiledMessages(),
    react(),
    precompress(),
    catalogPreload(),
    chunkModules(),
    // The installable app and its service worker (src/sw.ts, built by injectManifest; docs/offline.md).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: appManifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        rollupFormat: 'iife',
        // assets/*.json: the catalogs (Marathi is a file of its own, read before the first paint).
        globPatterns: ['**/*.{js,css,html,svg,png,ttf,woff2}', 'assets/*.json'],
        manifestTransforms: [precacheFilter],
        // The map chunks are larger; precacheFilter leaves them out by their content.
        maximumFileSizeToCacheInBytes: 3_000_000,
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // React 19 has useSyncExternalStore: @xstate/react and wouter take it from React instead of the React 16–17 shim.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: join(src, 'shared/useSyncExternalStore.ts') },
    ],
  },
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
    modulePreload: {
      // Every browser the app supports has <link rel="modulepreload"> (Chrome/Android WebView 66, Safari 17,
      // Firefox 115); the polyfill cost the farmer's first load 0.3 KB gz (issue 17's 100 KB). A browser without it
      // loads a lazy chunk's imports when the chunk runs (a round trip later), nothing breaks.
      polyfill: false,
      // rolldown's runtime chunk is loaded with the entry (index.html preloads it, the entry imports it) before any
      // lazy import runs: naming it in every lazy import's preload list was bytes for nothing.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/(^|\/)rolldown-runtime-[\w-]+\.js$/.test(dep)),
    },
    rollupOptions: {
      // typebox (the contracts' schemas) declares no `sideEffects`; it has none, and without this its module
      // bodies stay in the farmer's entry chunk (~11 KB gz) although the browser uses no schema.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]typebox[\\/]/.test(id) },
      output: {
        // The farmer's first JavaScript in one file (with rolldown's small runtime) instead of twenty: gzip compresses a
        // file alone, and every chunk boundary costs import/export and preload lists. 'start' is everything index.html
        // loads: main.tsx imports the farmer home's first paint (home switch, farmer home, header) statically, so it
        // is here too; index.html used to preload it as two chunks of its own on every page anyway. The home's lazy
        // parts (chart, alerts, chatbot, offline banner), the staff dashboards and every other route stay chunks of their own.
        codeSplitting: {
          groups: [{ name: 'start', tags: ['$initial'], priority: 3 }],
        },
      },
    },
  },
  test: {
    // Each file gets its own database (see tests/server/helper.ts); files run in parallel forks, one per core
    // (vitest's default leaves one core idle). README's test section has the measurements.
    pool: 'forks',
    maxWorkers: '100%',
    // The longest files first, from the committed tests/durations.json (a fresh checkout has no vitest cache), each
    // project in one block: web-isolated, web, then server (tests/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          // One process and jsdom per worker, shared by the files it runs (isolate: false): the packages in node_modules
          // and the jsdom are set up once per worker instead of once per file. Each file still gets fresh app modules
          // (tests/setup.ts resets them) and an empty document, and tests/support/sharedDom.ts puts back what a file
          // changed of the DOM and the browser globals. The measured statechart coverage is the same as with a process
          // per file (docs/testing.md, second pass: a whole shared run measured exactly what the committed pages say).
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
          // One process per worker, shared by the files it runs: the app's modules are loaded once per worker instead
          // of once per file (most of a small file's time). Each file still builds its own app on its own fresh
          // database (tests/server/helper.ts), as it did, and closes it in afterAll.
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/server/globalSetup.ts'],
          setupFiles: ['tests/server/setup.ts'],
        },
      },
    ],
  },
});
