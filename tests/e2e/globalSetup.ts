/**
 * Once per e2e run: bundles the server (serverBundle.ts) and seeds the demo world into a template data folder;
 * each test file starts the bundle on a copy of it (restart on an existing folder is fast), so files never see
 * each other's changes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DATA_ROOT, ROOT, spawnServer } from './harness';
import { bundleServer } from './serverBundle';

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('Build the web app first: npm run build');
  const bundle = await bundleServer(ROOT);
  const dataDir = mkdtempSync(join(DATA_ROOT, 'shetmitra-e2e-template-'));
  const remove = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundle.dir, { recursive: true, force: true });
  };
  try {
    const server = await spawnServer(dataDir, {}, bundle.entry);
    await server.stop();
  } catch (e) {
    remove();
    throw e;
  }
  project.provide('e2eTemplateDir', dataDir);
  project.provide('e2eServerEntry', bundle.entry);
  return remove;
}
