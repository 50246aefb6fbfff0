/**
 * Start-up budget: the server from an empty data folder to serving (≤ 20 s on 2 cores, migrations and
 * demo seed included) and a restart on the existing folder (≤ 5 s). The front-end build is not counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../tests/e2e/harness';

async function timeStart(dataDir: string) {
  const started = performance.now();
  const server = await spawnServer(dataDir);
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

export async function benchStartup(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shetmitra-bench-start-'));
  try {
    const cold = await timeStart(dataDir);
    const warm = await timeStart(dataDir);
    return [
      '## Start-up',
      '',
      '| measurement | seconds | budget |',
      '|---|---|---|',
      `| empty data folder → serving (migrations + demo seed) | ${(cold / 1000).toFixed(1)} | 20 |`,
      `| restart on the existing folder | ${(warm / 1000).toFixed(1)} | 5 |`,
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
