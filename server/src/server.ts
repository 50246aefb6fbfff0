/** Starts the server: listen, print where, and shut down gracefully on SIGINT/SIGTERM. */
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { buildApp } from './app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demoAccounts';

const started = Date.now();
const config = loadConfig();
const app = await buildApp(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ host: config.host, port: config.port });

const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const lines = [
  '',
  `  ShetMitra is running at http://${shown}:${config.port}  (API docs: /api/docs; ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  `  Database: ${app.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (config.demo) {
  lines.push(`  Demo sign-ins (password ${DEMO_PASSWORD}):`);
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) lines.push(`    ${role.padEnd(13)} ${email}`);
}
process.stdout.write(`${lines.join('\n')}\n\n`);
