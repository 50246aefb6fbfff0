/**
 * Start-up budget: `npm start` from an empty data folder to serving (≤ 20 s on 2 cores, demo seed included)
 * and a restart on the existing folder (≤ 5 s). Measures the server process, not the front-end build.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, waitForHealth } from '../tests/e2e/harness';

async function timeStart(dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), MQTT_PORT: String(await freePort()), DATA_DIR: dataDir, DEMO: '1', SIMULATE: '0', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  await waitForHealth(`http://127.0.0.1:${port}`, 120_000, proc);
  const ms = performance.now() - started;
  await new Promise<void>((r) => {
    proc.once('exit', () => r());
    proc.kill('SIGTERM');
  });
  return ms;
}

export async function benchStartup(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shetmitra-bench-start-'));
  try {
    const cold = await timeStart(dataDir);
    const warm = await timeStart(dataDir);
    return [
      '## Start-up',
      `| measurement | seconds | budget |`,
      `|---|---|---|`,
      `| empty data folder → serving (migrate + demo seed) | ${(cold / 1000).toFixed(1)} | 20 |`,
      `| restart on the existing folder | ${(warm / 1000).toFixed(1)} | 5 |`,
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
