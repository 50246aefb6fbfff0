/**
 * The broker that ships inside the app (used when MQTT_URL is unset): aedes on MQTT_PORT.
 * A QoS 1 reading is acknowledged (PUBACK) only after its commit: aedes writes the PUBACK after
 * `authorizePublish` answers, so ingest runs there. When the database refuses, the answer is an error,
 * aedes closes the device's connection, and the device resends its unacknowledged messages on reconnect.
 * aedes reads the next chunk of a connection only after the current one is handled: a slow database
 * slows the devices down through TCP instead of filling memory.
 */
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import type { MessageHandler } from './readingsHandler';

export type EmbeddedBroker = { kind: 'embedded'; port: number; clients(): number; close(): Promise<void> };

export async function startEmbeddedBroker(opts: {
  port: number;
  host?: string;
  isReadings: (topic: string) => boolean;
  handle: MessageHandler;
  onError?: (err: unknown) => void;
}): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({
    authorizePublish: (client, packet, callback) => {
      if (packet.topic.startsWith('$SYS')) return callback(new Error('$SYS topics are reserved'));
      if (!opts.isReadings(packet.topic)) return callback(null);
      opts.handle(packet.topic, packet.payload as Buffer).then(
        () => callback(null),
        (err: unknown) => {
          opts.onError?.(err);
          callback(err instanceof Error ? err : new Error(String(err)));
        },
      );
    },
  });
  const server: Server = createServer(broker.handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host ?? '0.0.0.0', () => {
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
    port: typeof address === 'object' && address ? address.port : opts.port,
    clients: () => broker.connectedClients,
    close: async () => {
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
