/**
 * Whether the app is up: the database answers a ping, and every registered broker or provider reports
 * (plugins/health.ts). `down` without the database, `degraded` when another component is not ok.
 * Nothing here reads a table, so the module has no repository.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { HealthRegistry } from '../../plugins/health';
import type { OverloadState } from '../../plugins/overload';

type Deps = { database: Database; health: HealthRegistry; log: FastifyBaseLogger; version: string; overload: () => OverloadState };

export function createHealthService({ database, health, log, version, overload }: Deps) {
  const check = async () => {
    const databaseOk = await database
      .ping()
      .then(() => true)
      .catch((err: unknown) => {
        log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'database ping failed');
        return false;
      });
    const broker = await health.collect();
    const allOk = Object.values(broker).every((c) => c.ok);
    const status = !databaseOk ? 'down' : allOk ? 'ok' : 'degraded';
    return { status, database: databaseOk, broker } as const;
  };
  const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();

  return {
    /** What anyone may know: the status and the build; `up` is false when the database does not answer. */
    async summary() {
      const { status, database: up } = await check();
      return { up, body: { status, version } };
    },

    /** For admins: the database, the brokers, the ingest queue with its rejection counts, and which overload limit is hit. */
    async details() {
      const { status, database: up, broker } = await check();
      return {
        up,
        body: { status, database: { kind: database.kind, ok: up }, broker, version, uptime: Math.round(process.uptime()), overload: overload() },
      };
    },

    codeVersion: () => ({ message: 'ShetMitra API is running', version, startedAt }),
  };
}
