/**
 * The app samples its own health every HEALTH_SAMPLE_SECONDS (modules/trust/service.ts `createHealthSampler`):
 * a row in health_samples and this hour's API latency in api_latency_hours; once an hour the minute rows older
 * than a day are rolled up into hourly rows. `app.healthHistory.sample()` takes one now (tests).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createHealthSampler, type AuditIncidentCounter } from '../modules/trust/service';
import { securityIncidentsSince } from '../modules/audit/service';

declare module 'fastify' {
  interface FastifyInstance {
    healthHistory: ReturnType<typeof createHealthSampler>;
    /**
     * The audit trail's seam: when it is there (decorated by the audit module), the trust figures count its
     * security-relevant entries of the period as incidents too.
     */
    auditIncidents?: AuditIncidentCounter;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const sampler = createHealthSampler(app, `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`);
    app.decorate('healthHistory', sampler);
    // The trust figures count the audit trail's security incidents (revoked device keys) with the rest.
    app.decorate('auditIncidents', securityIncidentsSince);
    if (config.healthSampleSeconds <= 0) return;
    let ticks = 0;
    let running = false;
    const rollUpEvery = Math.max(1, Math.round(3600 / config.healthSampleSeconds));
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      const rollUp = ticks++ % rollUpEvery === 0;
      void sampler
        .sample()
        .then(() => (rollUp ? sampler.rollUp() : 0))
        .catch((err: unknown) => app.log.warn({ err }, 'health sample failed'))
        .finally(() => (running = false));
    }, config.healthSampleSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'healthHistory', dependencies: ['metrics', 'live', 'health', 'db'] },
);
