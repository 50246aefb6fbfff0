/**
 * The broker that ships inside the app (used when MQTT_URL is unset): aedes on MQTT_HOST:MQTT_PORT
 * (127.0.0.1 unless configured otherwise).
 * Nobody connects without credentials (access.ts): a device publishes only its own sensor's readings, the
 * app's own client only subscribes to them. Nothing is retained, and a packet larger than `maxPacketBytes` closes
 * its connection as soon as its header announces the size, before the body is buffered.
 * A QoS 1 reading is acknowledged (PUBACK) only after its commit: aedes writes the PUBACK after
 * `authorizePublish` answers, so ingest runs there. When the database refuses, the answer is an error,
 * aedes closes the device's connection, and the device resends its unacknowledged messages on reconnect.
 * aedes reads the next chunk of a connection only after the current one is handled: a slow database
 * slows the devices down through TCP instead of filling memory.
 */
import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { MqttAccess, MqttIdentity } from './access';
import type { MessageHandler } from './readingsHandler';

export type EmbeddedBroker = { kind: 'embedded'; host: string; port: number; clients(): number; close(): Promise<void> };

/** Largest MQTT packet by default: a reading message of a few dozen readings fits. */
export const DEFAULT_MAX_PACKET_BYTES = 16 * 1024;

const identities = new WeakMap<Client, MqttIdentity>();

function refused(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/** Make the client's MQTT parser refuse a packet whose announced length exceeds `max` (mqtt-packet internals). */
function limitPacketSize(client: Client, max: number) {
  const parser = (client as unknown as { _parser?: Record<string, unknown> })._parser;
  const parseLength = parser?._parseLength;
  if (!parser || typeof parseLength !== 'function') throw new Error('aedes/mqtt-packet changed: cannot limit the MQTT packet size');
  parser._parseLength = function (this: { packet: { length: number }; _emitError(e: Error): void }) {
    const done = parseLength.call(this) as boolean;
    if (done && this.packet.length > max) {
      this._emitError(new Error(`MQTT packet of ${this.packet.length} bytes exceeds ${max}`));
      return false;
    }
    return done;
  };
}

export async function startEmbeddedBroker(opts: {
  port: number;
  host?: string;
  access: MqttAccess;
  isReadings: (topic: string) => boolean;
  handle: MessageHandler;
  maxPacketBytes?: number;
  onError?: (err: unknown) => void;
  /** Refused connections and publishes (for the log). */
  onRefused?: (what: string, client: string | undefined) => void;
}): Promise<EmbeddedBroker> {
  const host = opts.host ?? '127.0.0.1';
  const maxPacket = opts.maxPacketBytes ?? DEFAULT_MAX_PACKET_BYTES;
  const refuse = (what: string, client: Client | null) => opts.onRefused?.(what, client?.id);
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      opts.access.authenticate(username, password).then(
        (id) => {
          if (!id) {
            refuse('connect: bad username or password', client);
            return done(refused('bad username or password', 4), false);
          }
          identities.set(client, id);
          done(null, true);
        },
        (err: unknown) => {
          opts.onError?.(err);
          done(refused('server unavailable', 3), false);
        },
      );
    },
    authorizeSubscribe: (client, sub, callback) => {
      const id = identities.get(client);
      if (id && opts.access.maySubscribe(id, sub.topic)) return callback(null, sub);
      refuse(`subscribe ${sub.topic}`, client);
      // A negative SUBACK for this filter; the connection stays.
      callback(null, null);
    },
    authorizePublish: (client, packet, callback) => {
      const id = client ? identities.get(client) : undefined;
      if (!id || !opts.access.mayPublish(id, packet.topic)) {
        refuse(`publish ${packet.topic}`, client);
        return callback(new Error('not authorised to publish to this topic'));
      }
      if (packet.retain) {
        refuse(`retained publish ${packet.topic}`, client);
        return callback(new Error('retained messages are not accepted'));
      }
      if (!opts.isReadings(packet.topic)) return callback(new Error('not a readings topic'));
      opts.access.stillValid(id).then(
        (valid) => {
          if (!valid) {
            refuse('publish with a revoked or rotated key', client);
            callback(new Error('device key no longer valid'));
            return;
          }
          opts.handle(packet.topic, packet.payload as Buffer).then(
            () => callback(null),
            (err: unknown) => {
              opts.onError?.(err);
              callback(err instanceof Error ? err : new Error(String(err)));
            },
          );
        },
        (err: unknown) => {
          opts.onError?.(err);
          callback(err instanceof Error ? err : new Error(String(err)));
        },
      );
    },
  });
  const server: Server = createServer((socket) => {
    const client = broker.handle(socket);
    limitPacketSize(client, maxPacket);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await new Promise<void>((r) => broker.close(() => r()));
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new Error(
        `MQTT_PORT ${opts.port} is already in use (another MQTT broker?). Set MQTT_PORT to a free port, or MQTT_URL to use that broker instead.`,
      );
    }
    throw err;
  }
  const address = server.address();
  return {
    kind: 'embedded',
    host: typeof address === 'object' && address ? address.address : host,
    port: typeof address === 'object' && address ? address.port : opts.port,
    clients: () => broker.connectedClients,
    close: async () => {
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
