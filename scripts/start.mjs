#!/usr/bin/env node
// `npm start`: build the front end when it is missing or older than its sources, then run the server
// (embedded PGlite + embedded MQTT broker + demo data unless configured otherwise; see README).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', 'index.html');

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of readdirSync(path)) t = Math.max(t, newest(join(path, e)));
  return t;
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p)).filter(existsSync);
const stale = !existsSync(stamp) || Math.max(...sources.map(newest)) > statSync(stamp).mtimeMs;
if (stale && process.env.SKIP_BUILD !== '1') {
  console.log('Building the web app (first start or changed sources)…');
  const r = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
