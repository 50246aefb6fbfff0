/**
 * Publishes simulated readings for a set of sensors over MQTT, as devices would: each sensor signs in with
 * its own credentials (username = sensor id, password = its device key) on its own connection and sends one
 * QoS 1 message per tick on its own topic. Used by `npm run simulate` and, in demo mode, by the app itself
 * (config.simulate). `speed` runs simulated time faster than the clock so drying and irrigation show within
 * minutes; timestamps stay real.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { readingsTopic } from '../domain/ingest/topic';
import { createFieldModel, type FieldWeather } from './fieldModel';

export type SimSensor = { fieldRef: string; sensorId: string; type: string; lastMoisture?: number | null };
export type SimDevice = SimSensor & { deviceKey: string };

/** The file (in DATA_DIR, readable by its owner only) where a demo app lists its simulated devices and keys for `npm run simulate`. */
export const DEMO_DEVICES_FILE = 'demo-devices.json';

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

export function startSimulator(opts: {
  url: string;
  prefix: string;
  sensors: SimDevice[];
  intervalMs?: number;
  speed?: number;
  onError?: (err: unknown) => void;
}) {
  const interval = opts.intervalMs ?? 5000;
  const speed = opts.speed ?? 60;
  const models = new Map<string, ReturnType<typeof createFieldModel>>();
  for (const s of opts.sensors) {
    if (!models.has(s.fieldRef)) models.set(s.fieldRef, createFieldModel(hash(s.fieldRef), s.lastMoisture ?? undefined));
  }
  const clients = new Map<string, MqttClient>();
  for (const s of opts.sensors) {
    const client = mqtt.connect(opts.url, {
      clientId: `shetmitra-sim-${s.sensorId}-${process.pid}`.slice(0, 64),
      username: s.sensorId,
      password: s.deviceKey,
      reconnectPeriod: 2000,
    });
    client.on('error', opts.onError ?? (() => {}));
    clients.set(s.sensorId, client);
  }
  let published = 0;

  const tick = () => {
    const now = new Date();
    const weather = new Map<string, FieldWeather>();
    for (const [field, model] of models) weather.set(field, model.step(now, interval * speed));
    for (const s of opts.sensors) {
      const w = weather.get(s.fieldRef)!;
      const type = s.type === 'weather' ? 'temperature' : s.type;
      const value = type === 'moisture' ? w.moisture : type === 'temperature' ? w.temperature : type === 'humidity' ? w.humidity : null;
      if (value === null) continue;
      const client = clients.get(s.sensorId)!;
      // A disconnected device skips its tick rather than queueing readings in memory.
      if (!client.connected) continue;
      const payload = JSON.stringify({ sensorId: s.sensorId, type, value, timestamp: now.toISOString() });
      client.publishAsync(readingsTopic(opts.prefix, s.fieldRef, s.sensorId), payload, { qos: 1 }).then(
        () => published++,
        opts.onError ?? (() => {}),
      );
    }
  };
  // The first tick once the devices had a moment to connect.
  const first = setTimeout(tick, 500);
  const timer = setInterval(tick, interval);
  timer.unref?.();
  return {
    published: () => published,
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await Promise.all([...clients.values()].map((c) => c.endAsync(true)));
    },
  };
}
