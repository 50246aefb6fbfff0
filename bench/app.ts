/** The real app on a benchmark database, listening on a port of the live range, with a farmer who owns the bench fields. */
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { users } from '../server/src/db/schema';
import { hashPassword } from '../server/src/lib/passwords';
import type { BenchDb, World } from './support';

export const BENCH_PASSWORD = 'Bench@2026pass';

/**
 * The server's configuration for a benchmark: no demo, simulator, MQTT or sweeps, silent logs, rate limits out of the
 * way, no static files, no Redis, and no in-flight limit (the benchmarks measure latency at a fixed number of
 * connections, 50 on some: the in-flight limit would shed the low-priority calls past 32; bench/overload.ts measures
 * shedding on a server of its own). `overrides` changes any of it.
 */
export function benchConfig(overrides: Record<string, unknown> = {}) {
  return loadConfig({
    demo: false,
    simulate: false,
    mqttEnabled: false,
    offlineSweepSeconds: 0,
    logLevel: 'silent',
    rateLimitPerMinute: 10_000_000,
    authRateLimitPerMinute: 10_000,
    staticDir: '/nonexistent-static-dir',
    redisUrl: undefined,
    overloadMaxInFlight: 0,
    ...overrides,
  });
}

export async function benchApp(d: BenchDb, world: World, port: number, overrides: Record<string, unknown> = {}) {
  const config = benchConfig(overrides);
  const app = await buildApp(config, { database: d });
  await app.listen({ host: '127.0.0.1', port });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const [farmer] = await d.db.update(users).set({ passwordHash }).where(eq(users.id, world.farmerId)).returning({ email: users.email });
  await d.db.update(users).set({ passwordHash }).where(eq(users.id, world.coordinatorId));
  const url = `http://127.0.0.1:${port}`;
  const login = async (email: string) => {
    const r = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
    if (!r.ok) throw new Error(`bench login answered ${r.status}`);
    return ((await r.json()) as { accessToken: string }).accessToken;
  };
  return { app, url, farmerToken: await login(farmer.email), login, close: () => app.close() };
}
