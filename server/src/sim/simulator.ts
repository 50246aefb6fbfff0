/**
 * Publishes simulated readings for a set of sensors over MQTT, as devices would: one QoS 1 message per
 * sensor per tick on the documented topic. Used by `npm run simulate` and, in demo mode, by the app itself
 * (config.simulate). `speed` runs simulated time faster than the clock so drying and irrigation show within
 * minutes; timestamps stay real.
 */
import type { MqttClient } from 'mqtt';
import { readingsTopic } from '../domain/ingest/topic';
import { createFieldModel, type FieldWeather } from './fieldModel';

export type SimSensor = { fieldRef: string; sensorId: string; type: string; lastMoisture?: number | null };

/** The retained topic where a demo app lists its sensors for a separate simulator process. */
export const catalogTopic = (prefix: string) => `${prefix}/demo/sensors`;

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

export function startSimulator(opts: {
  client: MqttClient;
  prefix: string;
  sensors: SimSensor[];
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
      const payload = JSON.stringify({ sensorId: s.sensorId, type, value, timestamp: now.toISOString() });
      opts.client.publishAsync(readingsTopic(opts.prefix, s.fieldRef, s.sensorId), payload, { qos: 1 }).then(
        () => published++,
        opts.onError ?? (() => {}),
      );
    }
  };
  tick();
  const timer = setInterval(tick, interval);
  timer.unref?.();
  return {
    published: () => published,
    stop: () => clearInterval(timer),
  };
}
