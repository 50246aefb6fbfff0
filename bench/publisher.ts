/**
 * A separate process that plays the devices: publishes readings over MQTT QoS 1 at a target rate
 * (optionally a burst phase at another rate), and reports what was acknowledged and how fast.
 * Each sensor is a device on its own connection, signed in with its device key (username = sensor id).
 * Input (argv[2]: JSON, or @file holding it): { url, prefix, sensors: [{fieldRef, sensorId, type, deviceKey}], phases: [{seconds, rate}], perMessage }
 */
import mqtt from 'mqtt';
import { readingsTopic } from '../server/src/domain/ingest/topic';

type Input = {
  url: string;
  prefix: string;
  sensors: Array<{ fieldRef: string; sensorId: string; type: string; deviceKey: string }>;
  phases: Array<{ seconds: number; rate: number }>;
  perMessage: number;
  /** Ack latency is also reported per window of this many seconds (default 60): the worst window shows a backlog. */
  windowSeconds?: number;
};
import { readFileSync } from 'node:fs';

const arg = process.argv[2];
const input: Input = JSON.parse(arg.startsWith('@') ? readFileSync(arg.slice(1), 'utf8') : arg);
const clients: mqtt.MqttClient[] = [];
// Connected a hundred at a time, not all at once.
for (let i = 0; i < input.sensors.length; i += 100) {
  clients.push(
    ...(await Promise.all(
      input.sensors.slice(i, i + 100).map((s, j) =>
        mqtt.connectAsync(input.url, { clientId: `bench-pub-${process.pid}-${i + j}`, reconnectPeriod: 500, username: s.sensorId, password: s.deviceKey }),
      ),
    )),
  );
}

let sent = 0;
let acked = 0;
const latencies: number[] = [];
/** Ack latencies of the current window, and each closed window's p99 (ms) and acked count. */
let windowLatencies: number[] = [];
const windows: Array<{ phase: number; p99: number; acked: number }> = [];
let phaseIndex = 0;
const windowMs = (input.windowSeconds ?? 60) * 1000;
const closeWindow = () => {
  windowLatencies.sort((a, b) => a - b);
  windows.push({ phase: phaseIndex, p99: windowLatencies[Math.min(windowLatencies.length - 1, Math.floor(0.99 * windowLatencies.length))] ?? NaN, acked: windowLatencies.length });
  windowLatencies = [];
};
const seq = new Map<string, number>();
const base = Date.now() - 6 * 3600_000;
let cursor = 0;
const phaseResults: Array<{ rate: number; seconds: number; sent: number; acked: number }> = [];

function publishBatch(n: number) {
  // Gateway-style messages: `perMessage` readings of one sensor per message.
  for (let i = 0; i < n; i += input.perMessage) {
    const index = cursor++ % input.sensors.length;
    const s = input.sensors[index];
    const count = Math.min(input.perMessage, n - i);
    const body = [];
    for (let k = 0; k < count; k++) {
      const q = (seq.get(s.sensorId) ?? 0) + 1;
      seq.set(s.sensorId, q);
      body.push({ sensorId: s.sensorId, type: s.type, value: s.type === 'moisture' ? 20 + (q % 50) : 15 + (q % 20), timestamp: base + q });
    }
    const t0 = performance.now();
    sent += count;
    clients[index].publish(readingsTopic(input.prefix, s.fieldRef, s.sensorId), JSON.stringify(body), { qos: 1 }, (err) => {
      if (err) return;
      acked += count;
      latencies.push(performance.now() - t0);
      windowLatencies.push(performance.now() - t0);
    });
  }
}

for (const phase of input.phases) {
  const sentBefore = sent;
  const ackedBefore = acked;
  const tickMs = 10;
  const end = performance.now() + phase.seconds * 1000;
  let windowEnd = performance.now() + windowMs;
  let due = 0;
  let last = performance.now();
  while (performance.now() < end) {
    const now = performance.now();
    due += ((now - last) / 1000) * phase.rate;
    last = now;
    const n = Math.floor(due);
    if (n > 0) {
      publishBatch(n);
      due -= n;
    }
    await new Promise((r) => setTimeout(r, tickMs));
    if (performance.now() >= windowEnd) {
      closeWindow();
      windowEnd += windowMs;
    }
  }
  if (windowLatencies.length > 0) closeWindow();
  phaseIndex += 1;
  phaseResults.push({ rate: phase.rate, seconds: phase.seconds, sent: sent - sentBefore, acked: acked - ackedBefore });
}
// Let the tail be acknowledged.
const drainUntil = performance.now() + 15_000;
while (acked < sent && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
process.stdout.write(JSON.stringify({ sent, acked, phases: phaseResults, ackP50: pct(50), ackP99: pct(99), windows }) + '\n');
await Promise.all(clients.map((c) => c.endAsync(true)));
process.exit(0);
