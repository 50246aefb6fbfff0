/** Labels shared by the alerts screens: types, severities, statuses, and an alert's message in the reader's language. */
import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { AlertItem, AlertType, Severity } from '@/machines/alertsList.machine';
import { formatNum } from '@/i18n/format';

export const typeLabel = defineMessages({
  moisture: { id: 'alerts.type.moisture', defaultMessage: 'Moisture' },
  temperature: { id: 'alerts.type.temperature', defaultMessage: 'Temperature' },
  pest: { id: 'alerts.type.pest', defaultMessage: 'Pest' },
  irrigation: { id: 'alerts.type.irrigation', defaultMessage: 'Irrigation' },
  offline: { id: 'alerts.type.offline', defaultMessage: 'Sensor offline' },
});

export const severityLabel = defineMessages({
  high: { id: 'alerts.severity.high', defaultMessage: 'High' },
  medium: { id: 'alerts.severity.medium', defaultMessage: 'Medium' },
  low: { id: 'alerts.severity.low', defaultMessage: 'Low' },
});

export const statusLabel = defineMessages({
  unacknowledged: { id: 'alerts.status.unacknowledged', defaultMessage: 'Unacknowledged' },
  acknowledged: { id: 'alerts.status.acknowledged', defaultMessage: 'Acknowledged' },
  assigned: { id: 'alerts.status.assigned', defaultMessage: 'Assigned' },
});

/** Whether the condition still holds (open) or has ended (resolved): shown on every alert. */
export const stateLabel = defineMessages({
  open: { id: 'alerts.state.open', defaultMessage: 'Active' },
  resolved: { id: 'alerts.state.resolved', defaultMessage: 'Resolved' },
});
export const alertState = (a: AlertItem) => (a.resolvedAt === null ? 'open' : 'resolved');

/** Symbols every system font draws (phones without colour emoji fonts show boxes for emoji). */
export const TYPE_ICON: Record<AlertType, string> = { moisture: '☔', temperature: '☀', pest: '✲', irrigation: '☂', offline: '⚠' };
/** A dot coloured by the severity's class. */
export const SEVERITY_ICON: Record<Severity, string> = { high: '●', medium: '●', low: '●' };

/** Alert texts the engine raises, in the reader's language (ids match server/src/domain/alerts/messages.ts). */
type Params = Record<string, string>;
const alertMessages = {
  'alert.moisture.low': defineMessage<Params>({ id: 'alert.moisture.low', defaultMessage: 'Low soil moisture in {field}: {value}% (threshold {threshold}%)' }),
  'alert.temperature.high': defineMessage<Params>({ id: 'alert.temperature.high', defaultMessage: 'High temperature in {field}: {value}°C (threshold {threshold}°C)' }),
  'alert.sensor.offline': defineMessage<Params>({ id: 'alert.sensor.offline', defaultMessage: 'Sensor offline in {field}: {sensors} silent for more than {minutes} minutes' }),
};

/** Placeholders each engine message needs; field, value and threshold can also come from the alert itself. */
const NEEDS: Record<keyof typeof alertMessages, string[]> = {
  'alert.moisture.low': ['field', 'value', 'threshold'],
  'alert.temperature.high': ['field', 'value', 'threshold'],
  'alert.sensor.offline': ['field', 'sensors', 'minutes'],
};

export function alertMessage(intl: IntlShape, a: AlertItem) {
  const key = a.messageKey as keyof typeof alertMessages | null;
  if (!key || !(key in alertMessages)) return a.message;
  const given: Record<string, string | number | null> = { field: a.fieldName, value: a.value, threshold: a.threshold, ...a.messageParams };
  // Without every value the sentence needs, the stored English text says it better than a half-filled one.
  if (NEEDS[key].some((k) => given[k] === null || given[k] === undefined)) return a.message;
  const params = Object.fromEntries(
    Object.entries(given).map(([k, v]) => [k, typeof v === 'number' ? formatNum(v, { maximumFractionDigits: 1 }) : String(v)]),
  );
  return intl.formatMessage(alertMessages[key], params);
}
