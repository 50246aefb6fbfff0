/**
 * Live field data: the ingest pipeline (app.ingest), the alert engine (app.alertEngine), the MQTT side
 * (an embedded broker on MQTT_PORT, or a shared subscription on MQTT_URL), the sensor-offline sweep,
 * and in demo mode the list of demo sensors on MQTT and the simulator (SIMULATE). Each committed reading is pushed to `field:<uuid>` as `reading:new`;
 * each new or changed alert to its farmer, their coordinator and the admins.
 * On close: stop taking MQTT messages, write what is queued, let the engine finish.
 */
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import mqtt from 'mqtt';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { fields, sensors } from '../db/schema';
import { readingsFilter } from '../domain/ingest/topic';
import { createAlertEngine, type AlertEngine } from '../modules/alerts/engine';
import { pushAlert } from '../modules/alerts/push';
import { createIngestPipeline, type CommittedReading, type IngestPipeline } from '../modules/sensors/ingestPipeline';
import { startBrokerSubscriber } from '../mqtt/brokerSubscriber';
import { startEmbeddedBroker } from '../mqtt/embeddedBroker';
import { isReadingsTopic, readingsHandler } from '../mqtt/readingsHandler';
import { catalogTopic, startSimulator } from '../sim/simulator';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: IngestPipeline;
    alertEngine: AlertEngine;
  }
}

type Transport = { kind: 'embedded' | 'external'; close(): Promise<void> };

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const engine = createAlertEngine({
      db: app.db,
      publish: (p) => pushAlert(app, p),
      onError: (err) => app.log.error({ err }, 'alert engine failed'),
    });
    const pushReadings = (readings: CommittedReading[]) => {
      for (const r of readings) {
        app.realtime.toField(r.fieldId).emit('reading:new', {
          fieldId: r.fieldId,
          sensorId: r.sensorId,
          type: r.type,
          value: r.value,
          timestamp: r.recordedAt.toISOString(),
        });
      }
    };
    const pipeline = createIngestPipeline({
      db: app.db,
      kind: app.database.kind,
      tuning: { maxBatch: config.ingestBatchSize, maxDelayMs: config.ingestMaxDelayMs, maxQueued: config.ingestQueueLimit },
      window: {
        floor: config.ingestMinTimestamp,
        maxFutureMs: config.ingestMaxFutureSeconds * 1000,
        registrationGraceMs: config.ingestRegistrationGraceHours * 3600_000,
      },
      onCommitted: (readings) => {
        pushReadings(readings);
        engine.onReadings(readings);
      },
    });
    app.decorate('ingest', pipeline);
    app.decorate('alertEngine', engine);

    let transport: Transport | null = null;
    if (config.mqttEnabled) {
      const prefix = config.mqttTopicPrefix;
      const handle = readingsHandler(prefix, pipeline);
      const onError = (err: unknown) => app.log.warn({ err }, 'MQTT ingest: readings left unacknowledged');
      if (config.mqttUrl) {
        transport = await Promise.race([
          startBrokerSubscriber({ url: config.mqttUrl, prefix, handle, clientId: `shetmitra-ingest-${hostname()}-${config.port}`, onError }),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`could not reach the MQTT broker at MQTT_URL ${config.mqttUrl}`)), 10_000).unref(),
          ),
        ]);
      } else {
        transport = await startEmbeddedBroker({ port: config.mqttPort, isReadings: (t) => isReadingsTopic(prefix, t), handle, onError });
      }
      const kind = transport.kind;
      app.health.register('mqtt', () => ({ ok: true, kind, topics: readingsFilter(prefix) }));
    }
    app.health.register('ingest', () => ({ ok: true, ...pipeline.stats(), rejections: pipeline.rejections.snapshot() }));

    const sweep = config.offlineSweepSeconds > 0 ? setInterval(() => void engine.sweepOffline().catch(() => {}), config.offlineSweepSeconds * 1000) : null;
    sweep?.unref();

    let stopSimulator: (() => Promise<void>) | null = null;
    if (config.demo && transport) {
      app.addHook('onReady', async () => {
        const list = await app.db
          .select({ fieldRef: fields.id, sensorId: sensors.sensorId, type: sensors.type, lastMoisture: fields.lastMoisture })
          .from(sensors)
          .innerJoin(fields, eq(fields.id, sensors.fieldId));
        if (list.length === 0) return;
        const client = await mqtt.connectAsync(config.mqttUrl ?? `mqtt://127.0.0.1:${config.mqttPort}`, { clientId: `shetmitra-demo-${process.pid}` });
        // Demo devices are listed (retained) so `npm run simulate` in another process can play them.
        await client.publishAsync(catalogTopic(config.mqttTopicPrefix), JSON.stringify(list), { qos: 1, retain: true });
        const sim = config.simulate
          ? startSimulator({ client, prefix: config.mqttTopicPrefix, sensors: list, onError: (err) => app.log.debug({ err }, 'simulator') })
          : null;
        if (sim) app.log.info({ sensors: list.length }, 'demo simulator publishing readings over MQTT');
        stopSimulator = async () => {
          sim?.stop();
          await client.endAsync(true);
        };
      });
    }

    app.addHook('preClose', async () => {
      if (sweep) clearInterval(sweep);
      await stopSimulator?.();
      await transport?.close();
      await pipeline.close();
      await engine.idle();
    });
  },
  { name: 'live', dependencies: ['db', 'io', 'health'] },
);
