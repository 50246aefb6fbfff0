/**
 * The server the browser suite starts, bundled once per run (tests/e2e/globalSetup.ts): server/src/server.ts in one
 * file by esbuild (the transpiler tsx uses; the packages stay in node_modules), so each file's server is a plain
 * `node server.mjs`, without tsx's loader resolving and transpiling ~300 modules on every start. The same sources,
 * built the way server/build.mjs builds them; `npm start` still runs them through tsx.
 *
 * Beside it: the migrations (db/client.ts reads them next to itself) and the leaf-photo worker thread
 * (analysisPool.ts starts `./worker/bootstrap.mjs` next to itself), bundled too.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles the server into a new folder under node_modules/.cache (inside the project, so its packages resolve from
 * node_modules and the app finds its package.json) and returns the path of its entry.
 */
export async function bundleServer(root: string): Promise<{ entry: string; dir: string }> {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'e2e-server-'));
  await build({
    entryPoints: {
      server: join(root, 'server/src/server.ts'),
      'worker/analysis.worker': join(root, 'server/src/modules/disease/worker/analysis.worker.ts'),
    },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(join(root, 'server/src/db/migrations'), join(dir, 'migrations'), { recursive: true });
  // The source's bootstrap loads analysis.worker.ts through tsx; the bundle's worker is already JavaScript.
  writeFileSync(join(dir, 'worker', 'bootstrap.mjs'), "await import('./analysis.worker.mjs');\n");
  return { entry: join(dir, 'server.mjs'), dir };
}
