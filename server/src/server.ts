/** Starts the server: listen, print where, and shut down gracefully on SIGINT/SIGTERM. */
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { buildApp } from './app';
import { DEMO_ACCOUNTS, DEMO_FARMER_PHONE, DEMO_PASSWORD } from './seed/demoAccounts';

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return ((user + system) / 1e6).toFixed(1);
};

const config = loadConfig();
const app = await buildApp(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    process.stderr.write(`\n  Cannot listen on ${config.host}:${config.port} (${code}). Choose another port with PORT=… (and HOST=…).\n\n`);
  } else {
    app.log.error({ err }, 'could not start listening');
  }
  await app.close();
  process.exit(1);
}

const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const lines = [
  '',
  `  ShetMitra is running at http://${shown}:${config.port}  (API docs: /api/docs)`,
  `  Ready ${(process.uptime()).toFixed(1)} s after the process started (${cpuSeconds()} s of CPU).`,
  `  Database: ${app.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (config.demo) {
  lines.push(`  Demo sign-ins (password ${DEMO_PASSWORD}):`);
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) lines.push(`    ${role.padEnd(13)} ${email}`);
  if (config.otpLoginEnabled && !config.smsUrl) {
    lines.push(`  OTP sign-in (mobile browsers): farmer ${DEMO_FARMER_PHONE}; the code is in the log line 'SMS kept in the outbox'.`);
  }
}
process.stdout.write(`${lines.join('\n')}\n\n`);
