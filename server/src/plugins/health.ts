/**
 * A registry of outside dependencies' health. Modules that own a broker or a provider report into it
 * (`app.health.register('mqtt', () => ({ ok: true, kind: 'embedded' }))`); GET /health shows them all.
 */
import fp from 'fastify-plugin';

export type ComponentHealth = { ok: boolean } & Record<string, unknown>;
export type HealthCheck = () => ComponentHealth | Promise<ComponentHealth>;

export type HealthRegistry = {
  register(name: string, check: HealthCheck): void;
  /** Every registered component's status; a check that throws reports ok: false. */
  collect(): Promise<Record<string, ComponentHealth>>;
};

declare module 'fastify' {
  interface FastifyInstance {
    health: HealthRegistry;
  }
}

export default fp(
  async (app) => {
    const checks = new Map<string, HealthCheck>();
    app.decorate('health', {
      register(name, check) {
        checks.set(name, check);
      },
      async collect() {
        const out: Record<string, ComponentHealth> = {};
        for (const [name, check] of checks) {
          try {
            out[name] = await check();
          } catch (err) {
            out[name] = { ok: false, error: err instanceof Error ? err.message : String(err) };
          }
        }
        return out;
      },
    } satisfies HealthRegistry);
  },
  { name: 'health' },
);
