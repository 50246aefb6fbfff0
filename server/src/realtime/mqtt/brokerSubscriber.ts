/**
 * Ingest from an outside broker (MQTT_URL): subscribe to the readings topics through a shared
 * subscription, so several app instances split the stream, and acknowledge each QoS 1 message only
 * after its readings are committed.
 *
 * mqtt.js handles incoming packets one at a time and would wait for each commit before reading the next
 * message, so its `customHandleAcks` is answered at once with a marker error (mqtt.js then sends no PUBACK
 * and moves on) and the PUBACK is sent here after the commit. At most `maxPending` messages wait for a
 * commit: beyond that the next message is not taken until one finishes. The session is persistent
 * (stable client id, clean: false), so messages left unacknowledged (database down, process killed) are
 * delivered again on reconnect; after a failed commit the connection is cycled to get them back now.
 */
import { hostname } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import { sharedReadingsFilter } from '../../domain/ingest/topic';
import type { MessageHandler } from './readingsHandler';

const ACK_AFTER_COMMIT = new Error('acknowledged after commit');
/** How long the broker keeps a crashed instance's session (and its unacknowledged messages) for its restart. */
const SESSION_EXPIRY_S = 600;

export type BrokerSubscriber = { kind: 'external'; url: string; connected(): boolean; close(): Promise<void> };

export async function startBrokerSubscriber(opts: {
  url: string;
  prefix: string;
  handle: MessageHandler;
  /** The app's own broker account (MQTT_USERNAME / MQTT_PASSWORD). */
  username?: string;
  password?: string;
  clientId?: string;
  group?: string;
  maxPending?: number;
  onError?: (err: unknown) => void;
}): Promise<BrokerSubscriber> {
  const maxPending = opts.maxPending ?? 2000;
  let pending = 0;
  const waiting: Array<() => void> = [];
  let cycling = false;
  // Filled once connected; a persistent session may deliver messages before connectAsync resolves.
  const conn: { client?: MqttClient } = {};

  const sendPuback = (messageId: number) => {
    // The same packet mqtt.js itself writes after a successful custom ack.
    (conn.client as unknown as { _sendPacket(p: object): void })._sendPacket({ cmd: 'puback', messageId, reasonCode: 0 });
  };

  const cycle = () => {
    if (cycling) return;
    cycling = true;
    setTimeout(() => {
      cycling = false;
      conn.client?.stream?.destroy();
    }, 1000).unref();
  };

  const client = (conn.client = await mqtt.connectAsync(opts.url, {
    clientId: opts.clientId ?? `shetmitra-ingest-${hostname()}-${process.pid}`,
    clean: false,
    protocolVersion: 5,
    username: opts.username,
    password: opts.password,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_S },
    reconnectPeriod: 1000,
    customHandleAcks: (topic, message, packet, done) => {
      if (packet.qos === 0) {
        void opts.handle(topic, message).catch(opts.onError ?? (() => {}));
        return done(0);
      }
      pending++;
      opts.handle(topic, message).then(
        () => sendPuback(packet.messageId!),
        (err) => {
          opts.onError?.(err);
          cycle();
        },
      ).finally(() => {
        pending--;
        waiting.shift()?.();
      });
      if (pending < maxPending) done(ACK_AFTER_COMMIT);
      else waiting.push(() => done(ACK_AFTER_COMMIT));
    },
  }));
  client.on('error', (err) => {
    if (err !== ACK_AFTER_COMMIT) opts.onError?.(err);
  });
  await client.subscribeAsync(sharedReadingsFilter(opts.prefix, opts.group), { qos: 1 });
  return {
    kind: 'external',
    url: opts.url,
    connected: () => client.connected,
    close: async () => {
      // Let commits in progress send their PUBACKs, then end the session: a stopped instance must not
      // keep a share of the stream queued for it. A crashed one keeps it until the expiry, for its restart.
      const until = Date.now() + 5000;
      while (pending > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await client.endAsync(false, { reasonCode: 0, properties: { sessionExpiryInterval: 0 } });
    },
  };
}
