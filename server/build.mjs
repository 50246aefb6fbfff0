/**
 * Bundles the server with esbuild (dependencies stay in node_modules): server.ts and the leaf-photo worker thread in
 * one file each, the migrations copied next to them (db/client.ts reads them next to itself; analysisPool.ts starts
 * `./worker/bootstrap.mjs` next to itself). `node <dir>/server.mjs` starts in about 60 % of the CPU time that
 * `tsx server/src/server.ts` needs. The browser suite starts its servers this way (tests/e2e/serverBundle.ts);
 * `node server/build.mjs` writes server/dist for a deployment that would rather not run tsx.
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** Bundles the server into `out` (emptied first) and returns the path of its entry. */
export async function bundleServer(out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: {
      server: here('./src/server.ts'),
      createSuperadmin: here('./src/cli/createSuperadmin.ts'),
      'worker/analysis.worker': here('./src/modules/disease/worker/analysis.worker.ts'),
    },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Generated code: the linter checks the sources.
    banner: { js: '/* eslint-disable */' },
    logLevel: 'warning',
  });
  cpSync(here('./src/db/migrations'), join(out, 'migrations'), { recursive: true });
  // The source's bootstrap loads analysis.worker.ts through tsx; the bundle's worker is already JavaScript.
  writeFileSync(join(out, 'worker', 'bootstrap.mjs'), "await import('./analysis.worker.mjs');\n");
  return join(out, 'server.mjs');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = here('./dist');
  await bundleServer(out);
  console.log(`server bundled into ${out}`);
}
