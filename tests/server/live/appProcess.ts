/**
 * Runs the real server as a child process, for tests that kill it or run two of it: server/src/server.ts bundled once
 * per run by tests/server/globalSetup.ts (`serverBundle`), started by plain node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { freePort } from './ports';

export type AppProcess = { child: ChildProcess; port: number; url: string; output: () => string; stop(): Promise<void> };

/**
 * Starts the app on `port`, or without one on a free port of the live range. A port found free can still be taken
 * before the child binds it (seen once on a loaded machine: EADDRINUSE), so a port this function chose is chosen again
 * up to twice; a port the caller gave is the caller's (a restart on the same port must fail loudly).
 */
export async function startAppProcess(env: Record<string, string>, port?: number): Promise<AppProcess> {
  if (port !== undefined) return startOn(env, port);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(env, await freePort());
    } catch (e) {
      if (attempt === 3 || !String((e as Error).message).includes('EADDRINUSE')) throw e;
    }
  }
}

async function startOn(env: Record<string, string>, port: number): Promise<AppProcess> {
  let out = '';
  const child = spawn(process.execPath, ['--enable-source-maps', inject('serverBundle')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO: 'false',
      SIMULATE: 'false',
      LOG_LEVEL: 'warn',
      OFFLINE_SWEEP_SECONDS: '0',
      STATIC_DIR: '/nonexistent-static-dir',
      // One key for every process of a test, and none written into ./data.
      APP_SECRET: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app did not start:\n${out}`)), 60_000);
    const check = () => {
      if (out.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app exited with ${code}:\n${out}`));
    });
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
