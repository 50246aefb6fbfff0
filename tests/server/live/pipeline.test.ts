import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { alertActions, alerts, fields, sensorReadings, sensors } from '../../../server/src/db/schema';
import { createIngestPipeline, type CommittedReading } from '../../../server/src/modules/sensors/ingestPipeline';
import { createAlertEngine } from '../../../server/src/modules/alerts/engine';
import type { AlertDelivery } from '../../../server/src/realtime/push';
import { freshDatabase, liveFixture, type LiveDb } from './db';

for (const kind of ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const) {
  describe(`ingest pipeline and alert engine on ${kind}`, () => {
    let d: LiveDb;
    let fx: Awaited<ReturnType<typeof liveFixture>>;
    const committed: CommittedReading[] = [];
    const pushes: AlertDelivery[] = [];
    let pipeline: ReturnType<typeof createIngestPipeline>;
    let engine: ReturnType<typeof createAlertEngine>;

    beforeAll(async () => {
      d = await freshDatabase(kind);
      fx = await liveFixture(d.db);
      engine = createAlertEngine({ db: d.db, publish: (p) => pushes.push(p) });
      pipeline = createIngestPipeline({
        db: d.db,
        kind: d.kind,
        tuning: { maxDelayMs: 5 },
        onCommitted: (rs) => {
          committed.push(...rs);
          engine.onReadings(rs);
        },
      });
    });
    afterAll(async () => {
      await pipeline.close();
      await engine.idle();
      await d.drop();
    });

    const count = async () => (await d.db.select({ n: sql<number>`count(*)::int` }).from(sensorReadings))[0].n;

    it('stores valid readings, reports each rejected one with its reason, and absorbs duplicates', async () => {
      const ts = new Date(Math.floor(Date.now() / 1000) * 1000 - 3600_000).toISOString();
      const out = await pipeline.ingest(
        [
          { sensorId: fx.moisture.sensorId, type: 'moisture', value: 40, timestamp: ts },
          { sensorId: fx.moisture.sensorId, type: 'moisture', value: 140 },
          { sensorId: 'NOPE', type: 'moisture', value: 40 },
          { sensorId: fx.moisture.sensorId, type: 'temperature', value: 20 },
          { sensorId: fx.temperature.sensorId, type: 'temperature', value: 22, timestamp: ts },
        ],
        {},
        'reject',
      );
      expect(out).toEqual({
        accepted: 2,
        rejected: [
          { index: 1, reason: 'out_of_range' },
          { index: 2, reason: 'unknown_sensor' },
          { index: 3, reason: 'wrong_type' },
        ],
      });
      expect(await count()).toBe(2);
      const again = await pipeline.ingest([{ sensorId: fx.moisture.sensorId, type: 'moisture', value: 41, timestamp: ts }], {}, 'wait');
      expect(again.accepted).toBe(1);
      expect(await count()).toBe(2);
      const [row] = await d.db.select().from(sensorReadings).where(eq(sensorReadings.sensorId, fx.moisture.id));
      expect(row.value).toBe(40);
      expect(pipeline.rejections.snapshot()).toEqual({ out_of_range: 1, unknown_sensor: 1, wrong_type: 1 });
      expect(pipeline.stats()).toMatchObject({ duplicates: 1 });
    });

    it('checks the topic’s field and sensor', async () => {
      const r = { sensorId: fx.moisture.sensorId, type: 'moisture', value: 30 };
      expect((await pipeline.ingest([r], { fieldRef: fx.field.fieldId, sensorId: fx.moisture.sensorId }, 'wait')).accepted).toBe(1);
      expect((await pipeline.ingest([r], { fieldRef: '00000000-0000-0000-0000-000000000000' }, 'wait')).rejected).toEqual([
        { index: 0, reason: 'wrong_field' },
      ]);
    });

    it('moves the field’s last reading and the sensor’s last seen time', async () => {
      const at = new Date(Date.now() + 60_000);
      await pipeline.ingest(
        [
          { sensorId: fx.moisture.sensorId, type: 'moisture', value: 33.5, timestamp: at.toISOString() },
          { sensorId: fx.temperature.sensorId, type: 'temperature', value: 29, timestamp: at.toISOString() },
        ],
        {},
        'wait',
      );
      const [f] = await d.db.select().from(fields).where(eq(fields.id, fx.field.id));
      expect(f.lastMoisture).toBe(33.5);
      expect(f.lastTemperature).toBe(29);
      expect(f.lastReadingAt?.getTime()).toBe(at.getTime());
      const [s] = await d.db.select().from(sensors).where(eq(sensors.id, fx.moisture.id));
      expect(s.lastSeenAt?.getTime()).toBe(at.getTime());
    });

    it('moves a sensor’s last seen time only when it is 30 s newer, so a chatty device does not rewrite its row every batch', async () => {
      const seen = async () => (await d.db.select().from(sensors).where(eq(sensors.id, fx.moisture.id)))[0].lastSeenAt?.getTime();
      const before = (await seen())!;
      const reading = (ms: number) => [{ sensorId: fx.moisture.sensorId, type: 'moisture', value: 33, timestamp: new Date(before + ms).toISOString() }];
      await pipeline.ingest(reading(10_000), {}, 'wait');
      expect(await seen()).toBe(before);
      await pipeline.ingest(reading(31_000), {}, 'wait');
      expect(await seen()).toBe(before + 31_000);
      // The field's tiles still follow every reading.
      expect((await d.db.select().from(fields).where(eq(fields.id, fx.field.id)))[0].lastReadingAt?.getTime()).toBe(before + 31_000);
    });

    it('raises one low-moisture alert, counts repeats, updates it on a real change, clears it with hysteresis', async () => {
      pushes.length = 0;
      const send = async (value: number, offsetS: number) => {
        await pipeline.ingest(
          [{ sensorId: fx.moisture.sensorId, type: 'moisture', value, timestamp: new Date(Date.now() - 50_000 + offsetS * 1000).toISOString() }],
          {},
          'wait',
        );
        await engine.idle();
      };
      await send(20, 1);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]).toMatchObject({
        event: 'alert:new',
        farmerId: fx.farmer.id,
        coordinatorId: fx.coordinator.id,
        item: { type: 'moisture', severity: 'major', value: 20, threshold: 25, farmer: 'Ramesh Patil', fieldName: 'North plot', status: 'active_unack', read: false, count: 1 },
      });
      // A repeat while active counts on the same alert (pushed, then at most every REPEAT_PUSH_MS).
      await send(19.6, 2);
      expect(pushes).toHaveLength(2);
      expect(pushes[1]).toMatchObject({ event: 'alert:updated', item: { id: pushes[0].item.id, count: 2, value: 20 } });
      await send(19.5, 3);
      expect(pushes).toHaveLength(2);
      await send(12, 4);
      expect(pushes).toHaveLength(3);
      expect(pushes[2]).toMatchObject({ event: 'alert:updated', item: { severity: 'critical', value: 12, count: 4 } });
      expect((await d.db.select().from(fields).where(eq(fields.id, fx.field.id)))[0].health).toBe('alert');
      await send(28, 5);
      expect(pushes).toHaveLength(3);
      await send(31, 6);
      expect(pushes[3]).toMatchObject({ event: 'alert:updated', item: { status: 'cleared_unack', resolvedAt: expect.any(String), clearedBy: null, count: 4 } });
      const all = await d.db.select().from(alerts).where(eq(alerts.fieldId, fx.field.id));
      expect(all).toHaveLength(1);
      expect((await d.db.select().from(fields).where(eq(fields.id, fx.field.id)))[0].health).toBe('good');
      const actions = await d.db.select({ action: alertActions.action, actorId: alertActions.actorId, detail: alertActions.detail }).from(alertActions).where(eq(alertActions.alertId, all[0].id)).orderBy(alertActions.createdAt);
      expect(actions).toEqual([
        { action: 'raised', actorId: null, detail: { severity: 'major', value: 20, threshold: 25 } },
        { action: 'severityChanged', actorId: null, detail: { from: 'major', to: 'critical', value: 12 } },
        { action: 'cleared', actorId: null, detail: { auto: true } },
      ]);
      await send(10, 7);
      expect(pushes[4]).toMatchObject({ event: 'alert:new', item: { count: 1 } });
      expect(pushes[4].item.id).not.toBe(all[0].id);
    });

    it('raises and resolves sensor-offline alerts on the sweep', async () => {
      pushes.length = 0;
      await d.db.update(sensors).set({ lastSeenAt: new Date(Date.now() - 3 * 3600_000) }).where(eq(sensors.id, fx.temperature.id));
      await engine.sweepOffline();
      expect(pushes.map((p) => [p.event, p.item.type, p.item.severity])).toEqual([['alert:new', 'offline', 'major']]);
      expect((await d.db.select().from(sensors).where(eq(sensors.id, fx.temperature.id)))[0].status).toBe('offline');
      await pipeline.ingest([{ sensorId: fx.temperature.sensorId, type: 'temperature', value: 25 }], {}, 'wait');
      expect((await d.db.select().from(sensors).where(eq(sensors.id, fx.temperature.id)))[0].status).toBe('active');
      await engine.sweepOffline();
      expect(pushes[1]).toMatchObject({ event: 'alert:updated', item: { type: 'offline', resolvedAt: expect.any(String) } });
    });

    it('lets other modules raise pest and irrigation alerts through the engine', async () => {
      const pest = { type: 'pest' as const, severity: 'critical' as const, messageKey: 'alert.pest.detected', messageParams: { pest: 'aphids' }, message: 'Aphids detected' };
      const first = await engine.raise(fx.field.id, pest);
      expect(first).toMatchObject({ event: 'alert:new', item: { type: 'pest', severity: 'critical', message: 'Aphids detected' } });
      // The same alert again is a repeat: counted and pushed on the open alert, never a second one.
      expect(await engine.raise(fx.field.id, pest)).toMatchObject({ event: 'alert:updated', item: { id: first!.item.id, count: 2 } });
      expect(await engine.raise('00000000-0000-0000-0000-000000000000', pest)).toBeNull();
    });

    it('answers a row the database refuses for an unknown reason with a rejection (the device resends it); the others are stored', async () => {
      await d.db.execute(sql`alter table sensor_readings add constraint live_test_block check (value <> 77)`);
      try {
        await expect(
          pipeline.ingest(
            [
              { sensorId: fx.moisture.sensorId, type: 'moisture', value: 50, timestamp: new Date(Date.now() - 1000).toISOString() },
              { sensorId: fx.moisture.sensorId, type: 'moisture', value: 77, timestamp: new Date(Date.now() - 2000).toISOString() },
            ],
            {},
            'wait',
          ),
        ).rejects.toThrow();
        // Each row is its own: 50 is stored (a resend is absorbed as a duplicate), 77 is not and waits for the resend.
        expect((await d.db.select().from(sensorReadings).where(eq(sensorReadings.value, 50))).length).toBe(1);
        expect((await d.db.select().from(sensorReadings).where(eq(sensorReadings.value, 77))).length).toBe(0);
      } finally {
        await d.db.execute(sql`alter table sensor_readings drop constraint live_test_block`);
      }
    });

    it('isolates a reading the database cannot store: every other device’s readings in the shared batch are stored, it alone is refused', async () => {
      // A window as wide as the configuration allows, so the poison timestamps reach the insert itself.
      const loose = createIngestPipeline({
        db: d.db,
        kind: d.kind,
        tuning: { maxDelayMs: 30 },
        window: { floor: new Date(-8.64e15), maxFutureMs: Number.POSITIVE_INFINITY, registrationGraceMs: Number.POSITIVE_INFINITY },
      });
      const other = await liveFixture(d.db);
      try {
        const at = (s: number) => new Date(Date.now() - 7200_000 - s * 1000).toISOString();
        const [good1, poisoned, good2] = await Promise.all([
          loose.ingest(
            [
              { sensorId: fx.moisture.sensorId, type: 'moisture', value: 61, timestamp: at(1) },
              { sensorId: fx.temperature.sensorId, type: 'temperature', value: 31, timestamp: at(1) },
            ],
            {},
            'wait',
          ),
          loose.ingest(
            [
              { sensorId: other.moisture.sensorId, type: 'moisture', value: 62, timestamp: at(2) },
              { sensorId: other.moisture.sensorId, type: 'moisture', value: 63, timestamp: -8640000000000000 },
              { sensorId: other.moisture.sensorId, type: 'moisture', value: 64, timestamp: '-000001-01-01T00:00:00Z' },
              { sensorId: other.moisture.sensorId, type: 'moisture', value: 65, timestamp: at(3) },
            ],
            {},
            'wait',
          ),
          loose.ingest([{ sensorId: other.temperature.sensorId, type: 'temperature', value: 32, timestamp: at(4) }], {}, 'reject'),
        ]);
        expect(good1).toEqual({ accepted: 2, rejected: [] });
        expect(poisoned).toEqual({ accepted: 2, rejected: [{ index: 1, reason: 'not_stored' }, { index: 2, reason: 'not_stored' }] });
        expect(good2).toEqual({ accepted: 1, rejected: [] });
        const since = new Date(Date.now() - 7200_000 - 60_000).toISOString();
        const until = new Date(Date.now() - 7200_000 + 60_000).toISOString();
        const values = (
          await d.db
            .select({ v: sensorReadings.value })
            .from(sensorReadings)
            .where(sql`${sensorReadings.recordedAt} between ${since}::timestamptz and ${until}::timestamptz`)
        )
          .map((r) => r.v)
          .sort((a, b) => a - b);
        expect(values).toEqual([31, 32, 61, 62, 65]);
        expect(loose.rejections.snapshot()).toEqual({ not_stored: 2 });
        expect(loose.stats()).toMatchObject({ refused: 2, failedBatches: 0 });
      } finally {
        await loose.close();
      }
    });
  });
}
