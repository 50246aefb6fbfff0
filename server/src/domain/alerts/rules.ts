/**
 * The alert engine's rules, as pure functions: given a field's thresholds, what it just measured and the
 * alert already open for that field and type, decide whether to raise, update, resolve or do nothing.
 * The caller stores the decision (one open alert per field and type is also a database constraint).
 *
 * Severity per rule (critical, major, minor, warning; by how far past the threshold the value is):
 *   moisture below moistureLow (spec default 25 %):   < 2 points → warning, 2–5 → minor, 5–10 → major, ≥ 10 → critical
 *   temperature above temperatureHigh (default 35 °C): < 1 °C → warning, 1–3 → minor, 3–6 → major, ≥ 6 → critical
 *   frost, temperature below FROST_LINE (4 °C):        < 1 °C → warning, 1–2 → minor, 2–4 → major, ≥ 4 (freezing) → critical
 *   sensor offline: some of the field's sensors silent → major; all of them → critical
 *   pest, irrigation: the module that raises it says (ExternalAlert.severity)
 * Hysteresis (so a value hovering at the threshold does not flap): a moisture alert clears only once
 * moisture is back at moistureLow + 5 points, a temperature alert once it is at temperatureHigh − 2 °C, a frost
 * alert once it is at FROST_LINE + 2 °C.
 * A re-triggering reading while the alert is active is a repeat: it never raises a second alert. It updates the
 * open alert's details only when its severity changes or the value moved by at least one unit ('update'),
 * otherwise it only counts ('repeat': count and last-seen time), so a sensor sampling every few seconds does not
 * flood the screens or the timeline.
 */
import { alertMessageOf, alertText, type AlertMessage } from './messages';
import type { AlertType, Severity } from '../../../../contracts/alertTypes';

export type { AlertType, Severity };

export type Thresholds = { moistureLow: number; temperatureHigh: number; offlineAfterMinutes: number };
export const DEFAULT_THRESHOLDS: Thresholds = { moistureLow: 25, temperatureHigh: 35, offlineAfterMinutes: 120 };

export const MOISTURE_CLEAR_MARGIN = 5;
export const TEMPERATURE_CLEAR_MARGIN = 2;
const UPDATE_STEP = 1;
/** Below this air temperature a crop is at risk of frost (grapes, onion and wheat in a cold wave). */
export const FROST_LINE = 4;
export const FROST_CLEAR_MARGIN = 2;

export type OpenAlert = {
  id: string;
  type: AlertType;
  severity: Severity;
  value: number | null;
  threshold: number | null;
  message: string;
};

type Details = AlertMessage & { severity: Severity; value: number | null; threshold: number | null; sensorId?: string | null };
export type AlertDecision =
  | ({ kind: 'raise'; type: AlertType } & Details)
  | ({ kind: 'update'; alertId: string; type: AlertType; previousSeverity: Severity } & Details)
  | { kind: 'repeat'; alertId: string; type: AlertType }
  | { kind: 'resolve'; alertId: string; type: AlertType };

const round1 = (n: number) => Math.round(n * 10) / 10;

export function moistureSeverity(value: number, low: number): Severity {
  const deficit = low - value;
  if (deficit >= 10) return 'critical';
  if (deficit >= 5) return 'major';
  if (deficit >= 2) return 'minor';
  return 'warning';
}

export function frostSeverity(value: number, line: number): Severity {
  const below = line - value;
  if (below >= 4) return 'critical';
  if (below >= 2) return 'major';
  if (below >= 1) return 'minor';
  return 'warning';
}

export function temperatureSeverity(value: number, high: number): Severity {
  const excess = value - high;
  if (excess >= 6) return 'critical';
  if (excess >= 3) return 'major';
  if (excess >= 1) return 'minor';
  return 'warning';
}

/** Raise when nothing is open, update when the open alert changed enough, else count a repeat. */
function raiseOrUpdate(type: AlertType, open: OpenAlert | undefined, details: Details): AlertDecision | null {
  if (!open) return { kind: 'raise', type, ...details };
  const moved =
    open.value === null || details.value === null
      ? open.value !== details.value
      : Math.abs(open.value - details.value) >= UPDATE_STEP;
  if (open.severity === details.severity && !moved) return { kind: 'repeat', alertId: open.id, type };
  return { kind: 'update', alertId: open.id, type, previousSeverity: open.severity, ...details };
}

export type MeasuredReading = { type: string; value: number; sensorId?: string | null };

/**
 * A threshold rule on one kind of reading: the alert type it raises and how it decides. The engine runs every rule
 * whose readingType matches a reading, each against the open alert of its own alertType, so a new reading alert is
 * one entry here (plus its type and message in contracts/alertTypes.ts and its catalog entries).
 */
export type ReadingRule = {
  alertType: AlertType;
  readingType: string;
  evaluate(reading: MeasuredReading, thresholds: Thresholds, open: OpenAlert | undefined, fieldName: string): AlertDecision | null;
};

export const READING_RULES: readonly ReadingRule[] = [
  {
    alertType: 'moisture',
    readingType: 'moisture',
    evaluate(reading, thresholds, open, fieldName) {
      const low = thresholds.moistureLow;
      const value = round1(reading.value);
      if (reading.value < low) {
        return raiseOrUpdate('moisture', open, {
          severity: moistureSeverity(reading.value, low),
          value,
          threshold: low,
          sensorId: reading.sensorId,
          ...alertText.moistureLow({ field: fieldName, value, threshold: low }),
        });
      }
      if (open && reading.value >= low + MOISTURE_CLEAR_MARGIN) return { kind: 'resolve', alertId: open.id, type: 'moisture' };
      return null;
    },
  },
  {
    alertType: 'temperature',
    readingType: 'temperature',
    evaluate(reading, thresholds, open, fieldName) {
      const high = thresholds.temperatureHigh;
      const value = round1(reading.value);
      if (reading.value > high) {
        return raiseOrUpdate('temperature', open, {
          severity: temperatureSeverity(reading.value, high),
          value,
          threshold: high,
          sensorId: reading.sensorId,
          ...alertText.temperatureHigh({ field: fieldName, value, threshold: high }),
        });
      }
      if (open && reading.value <= high - TEMPERATURE_CLEAR_MARGIN) return { kind: 'resolve', alertId: open.id, type: 'temperature' };
      return null;
    },
  },
  {
    alertType: 'frost',
    readingType: 'temperature',
    evaluate(reading, _thresholds, open, fieldName) {
      const value = round1(reading.value);
      if (reading.value < FROST_LINE) {
        return raiseOrUpdate('frost', open, {
          severity: frostSeverity(reading.value, FROST_LINE),
          value,
          threshold: FROST_LINE,
          sensorId: reading.sensorId,
          ...alertMessageOf('alert.temperature.low', { field: fieldName, value, threshold: FROST_LINE }),
        });
      }
      if (open && reading.value >= FROST_LINE + FROST_CLEAR_MARGIN) return { kind: 'resolve', alertId: open.id, type: 'frost' };
      return null;
    },
  },
];

/** The rules that judge a reading of this type (none: it raises nothing). */
export const rulesForReading = (readingType: string) => READING_RULES.filter((r) => r.readingType === readingType);

/** The alert types the reading rules raise (the engine loads their open alerts). */
export const READING_ALERT_TYPES: AlertType[] = [...new Set(READING_RULES.map((r) => r.alertType))];

/** The decision of the rule that raises `alertType` from this reading (null when no rule does). */
export function evaluateReading(
  reading: MeasuredReading,
  thresholds: Thresholds,
  open: OpenAlert | undefined,
  fieldName: string,
  alertType: AlertType = reading.type as AlertType,
): AlertDecision | null {
  const rule = READING_RULES.find((r) => r.readingType === reading.type && r.alertType === alertType);
  return rule ? rule.evaluate(reading, thresholds, open, fieldName) : null;
}

export type SensorSeen = { sensorId: string; lastSeenAt: Date | null; createdAt: Date };

/** The sensors silent for longer than `offlineAfterMinutes` (one that never reported counts from when it was registered). */
export function silentSensors<S extends SensorSeen>(sensors: S[], offlineAfterMinutes: number, now: Date): S[] {
  const limitMs = offlineAfterMinutes * 60_000;
  return sensors.filter((s) => now.getTime() - (s.lastSeenAt ?? s.createdAt).getTime() > limitMs);
}

/**
 * The sensor-offline rule for one field: a sensor is silent when it has not reported for longer than
 * offlineAfterMinutes (a sensor that never reported counts from when it was registered).
 */
export function evaluateSilence(
  sensors: SensorSeen[],
  thresholds: Thresholds,
  open: OpenAlert | undefined,
  fieldName: string,
  now: Date,
): AlertDecision | null {
  const silent = silentSensors(sensors, thresholds.offlineAfterMinutes, now);
  if (silent.length === 0) return open ? { kind: 'resolve', alertId: open.id, type: 'offline' } : null;
  const severity: Severity = silent.length === sensors.length ? 'critical' : 'major';
  const names = silent.map((s) => s.sensorId).sort();
  const details: Details = {
    severity,
    value: null,
    threshold: thresholds.offlineAfterMinutes,
    ...alertText.sensorOffline({ field: fieldName, sensors: names.join(', '), minutes: thresholds.offlineAfterMinutes }),
  };
  if (!open) return { kind: 'raise', type: 'offline', ...details };
  // The list of silent sensors lives in the message: update when it changed.
  return open.severity === severity && open.message === details.message
    ? { kind: 'repeat', alertId: open.id, type: 'offline' }
    : { kind: 'update', alertId: open.id, type: 'offline', previousSeverity: open.severity, ...details };
}

/** What another module (irrigation planner, pest detector) asks the engine to raise. */
export type ExternalAlert = AlertMessage & {
  type: 'irrigation' | 'pest';
  severity: Severity;
  value?: number | null;
  threshold?: number | null;
};

export function evaluateExternal(input: ExternalAlert, open: OpenAlert | undefined): AlertDecision | null {
  const { type, ...rest } = input;
  const details = { ...rest, value: input.value ?? null, threshold: input.threshold ?? null };
  // Another module's wording is its own: a new message is a change worth showing.
  if (open && open.message !== details.message) return { kind: 'update', alertId: open.id, type, previousSeverity: open.severity, ...details };
  return raiseOrUpdate(type, open, details);
}

/** A field's health as the lists show it: any critical active alert → alert, any active alert → warning. */
export function fieldHealth(openSeverities: Severity[]): 'good' | 'warning' | 'alert' {
  if (openSeverities.includes('critical')) return 'alert';
  return openSeverities.length > 0 ? 'warning' : 'good';
}
