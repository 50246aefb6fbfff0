/**
 * Alerts exactly where a field's readings crossed the thresholds (moisture below 25 % for five steps,
 * temperature above 35 °C for two), in every status (active/cleared × unacknowledged/acknowledged, some assigned),
 * with the timeline that put them there (raised, acknowledged or assigned, cleared by the engine).
 */
import { alertActions, alerts } from '../../db/schema';
import { moistureSeverity, temperatureSeverity } from '../../domain/alerts/rules';
import { episodes, STEP_MS } from '../series';
import type { FieldSensors } from './sensors';
import { MOISTURE_LOW, POINTS, TEMPERATURE_HIGH, type AlertRow, type DemoWorld, type UserRow } from './world';

export type ActionRow = typeof alertActions.$inferInsert;

/** Every field's alerts and actions so far, and how many open alerts were given a status (they take turns). */
export type AlertBook = { alerts: AlertRow[]; actions: ActionRow[]; openSoFar: number };

export const emptyAlertBook = (): AlertBook => ({ alerts: [], actions: [], openSoFar: 0 });

type FieldAlertsInput = {
  fieldId: string;
  village: string;
  farmer: UserRow;
  coordinator: UserRow;
  admin: UserRow;
  sensors: FieldSensors;
  series: { moisture: number[]; temperature: number[] };
};

/** Adds one field's alerts (moisture first, then temperature) to the book and returns them. */
export function addFieldAlerts({ rng, start }: DemoWorld, book: AlertBook, f: FieldAlertsInput): AlertRow[] {
  const fieldAlerts: AlertRow[] = [];
  const addEpisodes = (type: 'moisture' | 'temperature', values: number[], sensorId: string) => {
    const below = type === 'moisture';
    const threshold = below ? MOISTURE_LOW : TEMPERATURE_HIGH;
    for (const ep of episodes(values, threshold, below ? 5 : 2, below)) {
      const createdAt = new Date(start + ep.startIndex * STEP_MS);
      const resolvedAt = ep.endIndex === null ? null : new Date(start + ep.endIndex * STEP_MS);
      // The engine's own grading, by the worst value of the episode (the engine raises severity as it worsens).
      const severity = below ? moistureSeverity(ep.extreme, threshold) : temperatureSeverity(ep.extreme, threshold);
      const value = ep.endIndex === null ? values[POINTS - 1] : ep.valueAtStart;
      let handling: 'acknowledged' | 'unacknowledged' | 'assigned' = 'acknowledged';
      if (resolvedAt === null) handling = (['unacknowledged', 'acknowledged', 'assigned', 'unacknowledged'] as const)[book.openSoFar++ % 4];
      else if (rng.chance(0.15)) handling = 'unacknowledged';
      else if (rng.chance(0.2)) handling = 'assigned';
      const acked = handling === 'acknowledged';
      const status: AlertRow['status'] = resolvedAt === null ? (acked ? 'active_ack' : 'active_unack') : acked ? 'cleared_ack' : 'cleared_unack';
      const alertId = rng.uuid();
      const handledAt = new Date(createdAt.getTime() + rng.int(1, 10) * STEP_MS);
      const row: AlertRow = {
        id: alertId,
        fieldId: f.fieldId,
        farmerId: f.farmer.id,
        sensorId,
        type,
        severity,
        status,
        message: below
          ? `Low soil moisture (${value}%) in ${f.village} field. Irrigate soon.`
          : `High temperature (${value}°C) in ${f.village} field.`,
        messageKey: below ? 'alert.moisture.low' : 'alert.temperature.high',
        messageParams: { value, threshold },
        value,
        threshold,
        createdAt,
        updatedAt: handling === 'unacknowledged' ? createdAt : handledAt,
        lastSeenAt: resolvedAt ?? createdAt,
        resolvedAt,
        ...(acked ? { acknowledgedBy: f.coordinator.id, acknowledgedAt: handledAt } : {}),
        ...(handling === 'assigned' ? { assignedTo: f.coordinator.id, assignedBy: f.admin.id, assignedAt: handledAt } : {}),
      };
      fieldAlerts.push(row);
      book.actions.push({ alertId, actorId: null, action: 'raised', detail: { severity: row.severity, value, threshold }, createdAt });
      if (handling !== 'unacknowledged') {
        book.actions.push({
          alertId,
          actorId: handling === 'assigned' ? f.admin.id : f.coordinator.id,
          action: handling,
          detail: handling === 'assigned' ? { coordinatorId: f.coordinator.id, name: f.coordinator.name } : {},
          createdAt: handledAt,
        });
      }
      if (resolvedAt) book.actions.push({ alertId, actorId: null, action: 'cleared', detail: { auto: true }, createdAt: resolvedAt });
    }
  };
  addEpisodes('moisture', f.series.moisture, f.sensors.moisture);
  addEpisodes('temperature', f.series.temperature, f.sensors.temperature);
  book.alerts.push(...fieldAlerts);
  return fieldAlerts;
}

export async function writeAlerts({ db }: DemoWorld, book: AlertBook) {
  for (let i = 0; i < book.alerts.length; i += 500) await db.insert(alerts).values(book.alerts.slice(i, i + 500));
  if (book.actions.length) await db.insert(alertActions).values(book.actions);
}
