/**
 * A Mosquitto of the test's own: /usr/sbin/mosquitto with a config in a temporary folder, on a free port of
 * 127.0.0.1 (the system Mosquitto on 1883 is left alone), configured with the files `npm run mqtt:acl` writes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { mosquittoConf, type MosquittoFiles } from '../../../server/src/realtime/mqtt/mosquittoFiles';
import { freePort } from './ports';

export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

export type TestMosquitto = {
  url: string;
  port: number;
  dir: string;
  /** Write new password and ACL files and have Mosquitto reload them (SIGHUP), as an operator would. */
  reload(files: MosquittoFiles): Promise<void>;
  output(): string;
  stop(): Promise<void>;
};

export async function startMosquitto(files: MosquittoFiles, maxPacketBytes = 16 * 1024): Promise<TestMosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'test-mosquitto-'));
  const port = await freePort();
  const writeFiles = (f: MosquittoFiles) => {
    writeFileSync(join(dir, 'passwd'), f.passwd, { mode: 0o600 });
    writeFileSync(join(dir, 'acl'), f.acl, { mode: 0o600 });
  };
  writeFiles(files);
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    mosquittoConf({ passwdPath: join(dir, 'passwd'), aclPath: join(dir, 'acl'), maxPacketBytes, listener: `${port} 127.0.0.1` }) +
      // Run as root, Mosquitto would drop to the `mosquitto` user, who cannot read these owner-only files.
      `user ${userInfo().username}\n` +
      'persistence false\nlog_dest stdout\nlog_type error\nlog_type warning\nlog_type notice\n',
  );
  let out = '';
  const child: ChildProcess = spawn(MOSQUITTO_BIN, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const end = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited ${child.exitCode}:\n${out}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => s.end(() => resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > end) throw new Error(`mosquitto did not listen on ${port}:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    dir,
    output: () => out,
    reload: async (f) => {
      writeFiles(f);
      child.kill('SIGHUP');
      await new Promise((r) => setTimeout(r, 300));
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
