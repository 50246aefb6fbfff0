/**
 * Seeds the demo world once per e2e run into a template data folder; each test file starts its server
 * on a copy (restart on an existing folder is fast), so files never see each other's changes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DATA_ROOT, ROOT, spawnServer } from './harness';

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('Build the web app first: npm run build');
  const dataDir = mkdtempSync(join(DATA_ROOT, 'shetmitra-e2e-template-'));
  const server = await spawnServer(dataDir);
  await server.stop();
  project.provide('e2eTemplateDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
