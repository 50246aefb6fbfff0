/**
 * The app under test of `npm run bench -- mixed`, in its own process (so the load generator does not share its
 * event loop): the database of MIXED_DATABASE_URL (PostgreSQL, a pool of MIXED_POOL) or the PGlite folder
 * MIXED_DATA_DIR, already seeded, on 127.0.0.1:PORT. Simulator, MQTT, sweeps and overload shedding (event loop, latency and database-wait limits) off; rate limits out of the way.
 * Started with `--cpu-prof` by `--profile`, it writes its profile when it gets SIGTERM.
 */
import { buildApp } from '../server/src/app';
import { benchConfig } from './app';
import { openDatabase } from '../server/src/db/client';

const url = process.env.MIXED_DATABASE_URL;
const database = await openDatabase(url ? { url, poolSize: Number(process.env.MIXED_POOL ?? 10) } : { dataDir: process.env.MIXED_DATA_DIR! });
const config = benchConfig({
  rateLimitPerMinute: 100_000_000,
  authRateLimitPerMinute: 100_000,
  // Latency under load is what is measured here; shedding (503) is the overload benchmark's subject.
  overloadMaxEventLoopDelayMs: 0,
  overloadMaxLatencyMs: 0,
  overloadMaxDbWaitMs: 0,
});
const app = await buildApp(config, { database });
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
