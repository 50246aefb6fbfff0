/**
 * The server the browser suite starts, bundled once per run (tests/e2e/globalSetup.ts): server/src/server.ts in one
 * file by esbuild (the transpiler tsx uses; the packages stay in node_modules), so each file's server is a plain
 * `node server.mjs`, without tsx's loader resolving and transpiling ~300 modules on every start. The same sources,
 * built by server/build.mjs (with the migrations and the leaf-photo worker thread beside it); `npm start` still
 * runs them through tsx.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { bundleServer as bundle } from '../../server/build.mjs';

/**
 * Bundles the server into a new folder under node_modules/.cache (inside the project, so its packages resolve from
 * node_modules and the app finds its package.json) and returns the path of its entry.
 */
export async function bundleServer(root: string): Promise<{ entry: string; dir: string }> {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'e2e-server-'));
  return { entry: await bundle(dir), dir };
}
