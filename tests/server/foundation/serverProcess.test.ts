/**
 * server.ts as an operator runs it: starts, prints where it listens, answers /health, and on SIGTERM
 * closes everything and exits 0. On PostgreSQL when TEST_DATABASE_URL is set (a throwaway database),
 * else on PGlite in a temporary data folder.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from '../globalSetup';

const root = new URL('../../../', import.meta.url).pathname;
const adminUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('server process', () => {
  it('starts, serves /health, and shuts down cleanly on SIGTERM', async () => {
    const env: Record<string, string> = { DEMO: '0', SIMULATE: '0', LOG_LEVEL: 'info', HOST: '127.0.0.1', REDIS_URL: '', MQTT_URL: '' };
    if (adminUrl) {
      const name = `srv_proc_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      env.DATABASE_URL = withDatabase(adminUrl, name);
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'srv-proc-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env.DATA_DIR = dir;
      env.DATABASE_URL = '';
    }
    const port = await freePort();
    env.PORT = String(port);
    env.MQTT_PORT = String(await freePort());

    const proc = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/src/server.ts')], { cwd: root, env: { ...process.env, ...env } });
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (proc.exitCode === null) proc.kill('SIGKILL');
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));

    const deadline = Date.now() + 100_000;
    let health: Response | undefined;
    while (Date.now() < deadline && proc.exitCode === null) {
      health = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined);
      if (health?.ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(health?.status, out).toBe(200);
    expect(((await health!.json()) as { status: string }).status).toBe('ok');
    expect(out).toContain(`ShetMitra is running at http://127.0.0.1:${port}`);
    expect(out).not.toContain('Demo sign-ins');

    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('shutting down');
  }, 120_000);
});
