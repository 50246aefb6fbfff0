import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest, precacheFilter } from './scripts/pwaConfig';

const src = fileURLToPath(new URL('./src', import.meta.url));
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
  plugins: [
    react(),
    precompress(),
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
        globPatterns: ['**/*.{js,css,html,svg,png,ttf,woff2}'],
        manifestTransforms: [precacheFilter],
        // The map chunks are larger; precacheFilter leaves them out by their content.
        maximumFileSizeToCacheInBytes: 3_000_000,
      },
    }),
  ],
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
    // Each file gets its own database (see tests/server/helper.ts); files run in parallel forks.
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/{machines,model,unit,views}/**/*.test.{ts,tsx}', 'tests/stories.test.tsx'],
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
