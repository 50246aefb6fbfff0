/**
 * Registers the notification worker (modules/notifications/worker.ts) and the Web Push sender as
 * `app.notifications`. The worker starts once the app is ready (NOTIFY_WORKER, on by default) and on close
 * stops claiming and finishes the jobs in hand (a job cut short is claimed again after its lease).
 */
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { vapidKeys } from '../modules/notifications/vapid';
import { createNotificationWorker, type NotificationWorker } from '../modules/notifications/worker';
import { createMailProvider } from '../providers/mail/index';
import { createWebPush, type PushProvider } from '../providers/push/index';
import { createSmsProvider } from '../providers/sms/index';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: { push: PushProvider | null; worker: NotificationWorker };
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const push = createWebPush(await vapidKeys(app.db, app.secretBox, config), config.pushTimeoutMs);
    const worker = createNotificationWorker({
      db: app.db,
      realtime: app.realtime,
      push,
      sms: createSmsProvider(config, app.db, app.log),
      mail: createMailProvider(config, app.db, app.log),
      pollMs: config.notifyPollMs,
      batchSize: config.notifyBatchSize,
      concurrency: config.notifyConcurrency,
      maxAttempts: config.notifyMaxAttempts,
      backoffMs: config.notifyBackoffMs,
      leaseMs: config.notifyLeaseSeconds * 1000,
      smsDailyCap: config.smsDailyCap,
      escalateMinutes: {
        critical: config.escalateCriticalMin,
        major: config.escalateMajorMin,
        minor: config.escalateMinorMin,
        warning: config.escalateWarningMin,
      },
      publicUrl: config.publicUrl,
      log: app.log,
    });
    app.decorate('notifications', { push, worker });
    if (config.notifyWorker) app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'notifications', dependencies: ['db', 'secrets', 'io'] },
);
