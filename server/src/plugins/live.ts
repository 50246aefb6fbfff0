/** Registers live field data (realtime/live.ts): ingest, alerts, MQTT, the offline sweep and the demo simulator. */
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { AlertEngine } from '../modules/alerts/engine';
import type { IngestPipeline } from '../modules/sensors/ingestPipeline';
import type { MqttAccess } from '../realtime/mqtt/access';
import { startLive } from '../realtime/live';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: IngestPipeline;
    alertEngine: AlertEngine;
    /** The embedded broker's device checks (null with an external broker or MQTT off): `forget` after a key changes. */
    mqttAccess: MqttAccess | null;
  }
}

export default fp<{ config: Config }>((app, { config }) => startLive(app, config), { name: 'live', dependencies: ['db', 'io', 'health'] });
