/** HTTP batch ingest rate: POST /sensor-data/ingest, 100 readings per request, 20 connections (autocannon). */
import autocannon from 'autocannon';
import { benchApp } from './app';
import type { BenchDb, World } from './support';

export async function benchHttpIngest(d: BenchDb, world: World, seconds: number, port = 3396): Promise<{ rate: number; note?: string }> {
  const bench = await benchApp(d, world, port);
  try {
    const coordinatorToken = await bench.login(world.coordinatorEmail);
    const sensor = world.fields[0].sensors.find((s) => s.type === 'moisture')!;
    const keyRes = await fetch(`${bench.url}/api/v1/sensors/${sensor.id}/device-key`, { method: 'POST', headers: { authorization: `Bearer ${coordinatorToken}` } });
    const { deviceKey } = (await keyRes.json()) as { deviceKey: string };
    let seq = 0;
    // Within the day before the sensor's registration that ingest still takes (INGEST_REGISTRATION_GRACE_HOURS),
    // and clear of the MQTT bench's readings (the last 6 hours).
    const base = Date.now() - 23 * 3600_000;
    const result = await autocannon({
      url: `${bench.url}/api/v1/sensor-data/ingest`,
      connections: 20,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-device-key': deviceKey },
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            body: JSON.stringify(Array.from({ length: 100 }, () => ({ sensorId: sensor.sensorId, type: 'moisture', value: 30, timestamp: base + seq++ }))),
          }),
        },
      ],
    });
    const ok = result['2xx'];
    return { rate: (ok * 100) / seconds, note: result.non2xx ? `${result.non2xx} non-2xx answers (503 = queue full)` : undefined };
  } finally {
    await bench.close();
  }
}
