/**
 * The alert engine: runs the pure rules (domain/alerts/rules.ts) on committed readings, on a timer for
 * silent sensors, and for other modules (irrigation, pest) through `raise`; stores each decision (one open
 * alert per field and type, enforced by a partial unique index; a repeat counts on the open one; the end of the
 * condition clears it), records it on the alert's timeline (timeline.ts, same transaction), keeps the
 * field's health in step and hands every new or changed alert to `publish`.
 *
 * Work is serial, and readings that arrive while a run is busy are coalesced to the latest per field and
 * type, so a burst of readings costs one run and memory stays bounded by the number of fields.
 */
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts, fields, sensors } from '../../db/schema';
import {
  evaluateExternal,
  READING_ALERT_TYPES,
  rulesForReading,
  evaluateSilence,
  type AlertDecision,
  type ExternalAlert,
  type OpenAlert,
} from '../../domain/alerts/rules';
import type { CommittedReading } from '../sensors/ingestPipeline';
import type { AlertDelivery } from '../../realtime/push';
import { alertsByIds, openAlertsOf } from './repository';
import { recordAlertEvent } from './timeline';
import { refreshFieldHealth } from './health';

/** A repeat's new count and last-seen time reach the screens at most this often per alert. */
export const REPEAT_PUSH_MS = 30_000;

type Touched = { id: string; isNew: boolean; repeat: boolean };

export type AlertEngine = {
  onReadings(readings: CommittedReading[]): void;
  sweepOffline(): Promise<number>;
  raise(fieldId: string, alert: ExternalAlert): Promise<AlertDelivery | null>;
  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void>;
};

type FieldRow = {
  id: string;
  name: string;
  farmerId: string | null;
  moistureLow: number;
  temperatureHigh: number;
  offlineAfterMinutes: number;
};

const fieldColumns = {
  id: fields.id,
  name: fields.name,
  farmerId: fields.farmerId,
  moistureLow: fields.moistureLow,
  temperatureHigh: fields.temperatureHigh,
  offlineAfterMinutes: fields.offlineAfterMinutes,
};

export function createAlertEngine(opts: {
  db: Db;
  publish: (push: AlertDelivery) => void;
  onError?: (err: unknown) => void;
  now?: () => Date;
}): AlertEngine {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const onError = opts.onError ?? (() => {});
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(onError);
    return run;
  };

  /** When each alert's last repeat was pushed (entries go when the alert changes otherwise). */
  const lastRepeatPush = new Map<string, number>();

  /** Latest reading per field|type waiting for the next run. */
  let pending = new Map<string, CommittedReading>();
  let scheduled = false;

  async function loadFields(ids: string[]) {
    const rows = ids.length ? await db.select(fieldColumns).from(fields).where(inArray(fields.id, ids)) : [];
    return new Map<string, FieldRow>(rows.map((r) => [r.id, r]));
  }

  async function loadOpen(fieldIds: string[], types: string[]) {
    const rows = fieldIds.length
      ? await db
          .select({
            id: alerts.id,
            fieldId: alerts.fieldId,
            type: alerts.type,
            severity: alerts.severity,
            value: alerts.value,
            threshold: alerts.threshold,
            message: alerts.message,
          })
          .from(alerts)
          .where(openAlertsOf(fieldIds, types))
      : [];
    return new Map<string, OpenAlert>(rows.map((r) => [`${r.fieldId}|${r.type}`, r]));
  }

  /**
   * Stores one decision and its timeline entry in one transaction; returns the alert's id, whether it is new,
   * and whether it was only a repeat (count and last-seen time).
   */
  async function apply(field: FieldRow, d: AlertDecision, sensorUuid: string | null): Promise<Touched | null> {
    const at = now();
    if (d.kind === 'resolve') {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(alerts)
          .set({ resolvedAt: at, updatedAt: at, clearedBy: null, status: sql`(case when ${alerts.status} = 'active_ack' then 'cleared_ack' else 'cleared_unack' end)::alert_status` })
          .where(and(eq(alerts.id, d.alertId), sql`${alerts.resolvedAt} is null`))
          .returning({ id: alerts.id });
        if (!row) return null;
        await recordAlertEvent(tx, { alertId: row.id, kind: 'cleared', actorId: null, detail: { auto: true } });
        return { id: row.id, isNew: false, repeat: false };
      });
    }
    if (d.kind === 'repeat') {
      const [row] = await db
        .update(alerts)
        .set({ count: sql`${alerts.count} + 1`, lastSeenAt: at })
        .where(and(eq(alerts.id, d.alertId), sql`${alerts.resolvedAt} is null`))
        .returning({ id: alerts.id });
      return row ? { id: row.id, isNew: false, repeat: true } : null;
    }
    const details = {
      severity: d.severity,
      value: d.value,
      threshold: d.threshold,
      message: d.message,
      messageKey: d.messageKey,
      messageParams: d.messageParams,
      updatedAt: at,
      lastSeenAt: at,
    };
    return db.transaction(async (tx) => {
      // An upsert even for 'raise': another app instance may have opened the same alert a moment ago (then it is a repeat).
      const [row] = await tx
        .insert(alerts)
        .values({ fieldId: field.id, farmerId: field.farmerId, sensorId: sensorUuid, type: d.type, ...details, createdAt: at })
        .onConflictDoUpdate({
          target: [alerts.fieldId, alerts.type],
          targetWhere: sql`${alerts.resolvedAt} is null`,
          set: { ...details, count: sql`${alerts.count} + 1` },
        })
        .returning({ id: alerts.id, count: alerts.count, isNew: sql<boolean>`(xmax = 0)` });
      if (row.isNew) {
        await recordAlertEvent(tx, { alertId: row.id, kind: 'raised', actorId: null, detail: { severity: d.severity, value: d.value, threshold: d.threshold } });
      } else if (d.kind === 'update' && d.previousSeverity !== d.severity) {
        await recordAlertEvent(tx, { alertId: row.id, kind: 'severityChanged', actorId: null, detail: { from: d.previousSeverity, to: d.severity, value: d.value } });
      } else {
        await recordAlertEvent(tx, { alertId: row.id, kind: 'repeated', actorId: null, detail: { value: d.value, count: row.count } });
      }
      return { id: row.id, isNew: row.isNew, repeat: false };
    });
  }

  async function applyAll(decisions: Array<{ field: FieldRow; d: AlertDecision; sensorUuid: string | null }>) {
    const touched: Touched[] = [];
    const t = now().getTime();
    if (lastRepeatPush.size > 10_000) lastRepeatPush.clear();
    for (const { field, d, sensorUuid } of decisions) {
      const r = await apply(field, d, sensorUuid);
      if (!r) continue;
      // A repeat is pushed (its new count and last-seen time) at most once per REPEAT_PUSH_MS per alert.
      if (r.repeat && t - (lastRepeatPush.get(r.id) ?? 0) < REPEAT_PUSH_MS) continue;
      if (r.repeat) lastRepeatPush.set(r.id, t);
      else lastRepeatPush.delete(r.id);
      touched.push(r);
    }
    await refreshFieldHealth(db, [...new Set(decisions.map((x) => x.field.id))]);
    const items = await alertsByIds(
      db,
      touched.map((t) => t.id),
    );
    const isNew = new Map(touched.map((t) => [t.id, t.isNew]));
    const pushes = items.map((i) => ({ ...i, event: isNew.get(i.item.id) ? ('alert:new' as const) : ('alert:updated' as const) }));
    for (const p of pushes) opts.publish(p);
    return pushes;
  }

  async function runReadings() {
    scheduled = false;
    const batch = [...pending.values()];
    pending = new Map();
    const fieldIds = [...new Set(batch.map((r) => r.fieldId))];
    const [fieldRows, open] = await Promise.all([loadFields(fieldIds), loadOpen(fieldIds, READING_ALERT_TYPES)]);
    const decisions: Array<{ field: FieldRow; d: AlertDecision; sensorUuid: string | null }> = [];
    for (const r of batch) {
      const field = fieldRows.get(r.fieldId);
      if (!field) continue;
      for (const rule of rulesForReading(r.type)) {
        const d = rule.evaluate({ type: r.type, value: r.value, sensorId: r.sensorId }, field, open.get(`${r.fieldId}|${rule.alertType}`), field.name);
        if (d) decisions.push({ field, d, sensorUuid: r.sensorUuid });
      }
    }
    if (decisions.length > 0) await applyAll(decisions);
  }

  return {
    onReadings(readings) {
      for (const r of readings) {
        if (rulesForReading(r.type).length === 0) continue;
        const key = `${r.fieldId}|${r.type}`;
        const prev = pending.get(key);
        if (!prev || r.recordedAt >= prev.recordedAt) pending.set(key, r);
      }
      if (!scheduled && pending.size > 0) {
        scheduled = true;
        void serial(runReadings);
      }
    },

    sweepOffline: () =>
      serial(async () => {
        const at = now();
        const watched = await db
          .select({ fieldId: sensors.fieldId, sensorId: sensors.sensorId, lastSeenAt: sensors.lastSeenAt, createdAt: sensors.createdAt })
          .from(sensors)
          .where(and(ne(sensors.status, 'inactive'), ne(sensors.status, 'maintenance')));
        const byField = new Map<string, typeof watched>();
        for (const s of watched) byField.set(s.fieldId, [...(byField.get(s.fieldId) ?? []), s]);
        const fieldIds = [...byField.keys()];
        const [fieldRows, open] = await Promise.all([loadFields(fieldIds), loadOpen(fieldIds, ['offline'])]);
        // Fields whose sensors were all removed may still hold an open offline alert.
        const orphans = await db
          .select({ id: alerts.id, fieldId: alerts.fieldId })
          .from(alerts)
          .where(and(eq(alerts.type, 'offline'), sql`${alerts.resolvedAt} is null`, fieldIds.length ? notInArray(alerts.fieldId, fieldIds) : undefined));
        const orphanFields = await loadFields(orphans.map((o) => o.fieldId));
        const decisions: Array<{ field: FieldRow; d: AlertDecision; sensorUuid: string | null }> = [];
        for (const [fieldId, list] of byField) {
          const field = fieldRows.get(fieldId);
          if (!field) continue;
          const d = evaluateSilence(list, field, open.get(`${fieldId}|offline`), field.name, at);
          if (d) decisions.push({ field, d, sensorUuid: null });
        }
        for (const o of orphans) {
          const field = orphanFields.get(o.fieldId);
          if (field) decisions.push({ field, d: { kind: 'resolve', alertId: o.id, type: 'offline' }, sensorUuid: null });
        }
        await db.execute(sql`
          update sensors s set status = 'offline'::sensor_status from fields f
          where f.id = s.field_id and s.status = 'active'
            and coalesce(s.last_seen_at, s.created_at) < ${at.toISOString()}::timestamptz - f.offline_after_minutes * interval '1 minute'`);
        if (decisions.length > 0) await applyAll(decisions);
        return decisions.length;
      }),

    raise: (fieldId, input) =>
      serial(async () => {
        const field = (await loadFields([fieldId])).get(fieldId);
        if (!field) return null;
        const open = await loadOpen([fieldId], [input.type]);
        const d = evaluateExternal(input, open.get(`${fieldId}|${input.type}`));
        if (!d) return null;
        const [push] = await applyAll([{ field, d, sensorUuid: null }]);
        return push ?? null;
      }),

    idle: async () => {
      // Loop: a run may schedule another while we wait.
      for (;;) {
        const c = chain;
        await c.catch(() => {});
        if (c === chain && !scheduled) return;
      }
    },
  };
}
