/**
 * Live field data: the ingest pipeline (app.ingest), the alert engine (app.alertEngine), the MQTT side
 * (an embedded broker on MQTT_PORT, or a shared subscription on MQTT_URL; mqtt/), the sensor-offline sweep,
 * and in demo mode the list of demo sensors on MQTT and the simulator (SIMULATE). Each committed reading is
 * pushed to `field:<uuid>` as `reading:new`; each new or changed alert to its farmer, their coordinator and
 * the admins (push.ts). plugins/live.ts registers it.
 * On close: stop taking MQTT messages, write what is queued, let the engine finish.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { readingsFilter } from '../domain/ingest/topic';
import { createAlertEngine } from '../modules/alerts/engine';
import { createIngestPipeline } from '../modules/sensors/ingestPipeline';
import { DAY_MS, startReadingsUpkeep } from '../modules/sensors/partitions';
import { demoDevices } from '../sim/demoDevices';
import { DEMO_DEVICES_FILE, startSimulator } from '../sim/simulator';
import { createMqttAccess, type MqttAccess } from './mqtt/access';
import { mqttAppCredentials } from './mqtt/appCredentials';
import { startBrokerSubscriber } from './mqtt/brokerSubscriber';
import { startEmbeddedBroker } from './mqtt/embeddedBroker';
import { isReadingsTopic, readingsHandler } from './mqtt/readingsHandler';
import { pushAlert, pushReadings } from './push';

type Transport = { kind: 'embedded' | 'external'; close(): Promise<void> };

/** Starts ingest, alerts and MQTT, decorating app.ingest, app.alertEngine and app.mqttAccess. */
export async function startLive(app: FastifyInstance, config: Config) {
  const engine = createAlertEngine({
    db: app.db,
    publish: (p) => pushAlert(app, p),
    onError: (err) => app.log.error({ err }, 'alert engine failed'),
  });
  const pipeline = createIngestPipeline({
    db: app.db,
    kind: app.database.kind,
    tuning: { maxBatch: config.ingestBatchSize, maxDelayMs: config.ingestMaxDelayMs, maxQueued: config.ingestQueueLimit },
    window: {
      floor: config.ingestMinTimestamp,
      maxFutureMs: config.ingestMaxFutureSeconds * 1000,
      registrationGraceMs: config.ingestRegistrationGraceHours * 3600_000,
      retentionMs: config.rawRetentionDays * DAY_MS,
    },
    onBatch: (size) => app.metrics?.ingestBatch(size),
    onCommitted: (readings) => {
      pushReadings(app, readings);
      engine.onReadings(readings);
    },
  });
  app.decorate('ingest', pipeline);
  app.decorate('alertEngine', engine);
  app.decorate('mqttAccess', null as MqttAccess | null);

  let transport: Transport | null = null;
  let mqttAccess: MqttAccess | null = null;
  const credentials = config.mqttEnabled ? await mqttAppCredentials(app.db, config) : null;
  if (credentials) {
    const prefix = config.mqttTopicPrefix;
    const handle = readingsHandler(prefix, pipeline);
    const onError = (err: unknown) => app.log.warn({ err }, 'MQTT ingest: readings left unacknowledged');
    if (config.mqttUrl) {
      transport = await Promise.race([
        startBrokerSubscriber({ url: config.mqttUrl, prefix, handle, clientId: `shetmitra-ingest-${hostname()}-${config.port}`, onError, ...credentials }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`could not reach the MQTT broker at MQTT_URL ${config.mqttUrl}`)), 10_000).unref(),
        ),
      ]);
    } else {
      mqttAccess = createMqttAccess({
        db: app.db,
        prefix,
        appUsername: credentials.username,
        appPassword: credentials.password,
        cacheMs: config.mqttAuthCacheSeconds * 1000,
      });
      transport = await startEmbeddedBroker({
        port: config.mqttPort,
        host: config.mqttHost,
        access: mqttAccess,
        maxPacketBytes: config.mqttMaxPacketBytes,
        isReadings: (t) => isReadingsTopic(prefix, t),
        handle,
        onError,
        onRefused: (what, client) => app.log.info({ client, refused: what }, 'MQTT: refused'),
      });
    }
    app.mqttAccess = mqttAccess;
    const kind = transport.kind;
    app.health.register('mqtt', () => ({ ok: true, kind, topics: readingsFilter(prefix) }));
  }
  app.health.register('ingest', () => ({ ok: true, ...pipeline.stats(), rejections: pipeline.rejections.snapshot() }));

  // The readings' day partitions: the next days ready and expired ones dropped, at start and every few minutes.
  const upkeep = startReadingsUpkeep(app, config);

  const sweep = config.offlineSweepSeconds > 0 ? setInterval(() => void engine.sweepOffline().catch(() => {}), config.offlineSweepSeconds * 1000) : null;
  sweep?.unref();

  let stopSimulator: (() => Promise<void>) | null = null;
  if (config.demo && transport && credentials) {
    app.addHook('onReady', async () => {
      // Demo devices sign in like real ones: each with its own derived device key (sim/demoDevices.ts).
      const { devices, skipped } = await demoDevices(app.db, credentials.password, { issueMissing: true });
      if (devices.length === 0) return;
      const local = ['0.0.0.0', '::', ''].includes(config.mqttHost) ? '127.0.0.1' : config.mqttHost.includes(':') ? `[${config.mqttHost}]` : config.mqttHost;
      const url = config.mqttUrl ?? `mqtt://${local}:${config.mqttPort}`;
      // For `npm run simulate` in another process: the embedded database cannot be opened twice.
      try {
        mkdirSync(config.dataDir, { recursive: true });
        const file = join(config.dataDir, DEMO_DEVICES_FILE);
        writeFileSync(file, JSON.stringify({ url, prefix: config.mqttTopicPrefix, devices }), { mode: 0o600 });
        chmodSync(file, 0o600);
      } catch (err) {
        app.log.warn({ err }, 'could not write the demo device list');
      }
      const sim = config.simulate
        ? startSimulator({ url, prefix: config.mqttTopicPrefix, sensors: devices, onError: (err) => app.log.debug({ err }, 'simulator') })
        : null;
      if (sim) app.log.info({ sensors: devices.length, skipped }, 'demo simulator publishing readings over MQTT');
      stopSimulator = async () => {
        await sim?.stop();
      };
    });
  }

  app.addHook('preClose', async () => {
    if (sweep) clearInterval(sweep);
    await upkeep.stop();
    await stopSimulator?.();
    await transport?.close();
    await pipeline.close();
    await engine.idle();
  });
}
