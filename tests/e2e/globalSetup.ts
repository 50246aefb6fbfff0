/**
 * Seeds the demo world once per e2e run into a template data folder; each test file starts its server
 * on a copy (restart on an existing folder is fast), so files never see each other's changes.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, freePort, waitForHealth } from './harness';

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('Build the web app first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'shetmitra-e2e-template-'));
  const port = await freePort();
  const proc = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'server/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DEMO: '1',
      SIMULATE: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
    },
    stdio: 'inherit',
  });
  await waitForHealth(`http://127.0.0.1:${port}`, 120_000, proc);
  await new Promise<void>((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
  project.provide('e2eTemplateDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
