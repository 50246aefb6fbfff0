/**
 * Alert types, severities and statuses (spec section 3, Alert), and the messages the alert engine raises.
 * A message travels as a key and parameters; the browser renders it from its catalogs (the key is the catalog id,
 * src/i18n/messages/{mr,en,hi}.json), the server stores the English text below with the parameters filled in.
 * db/schema.ts builds alert_type, severity and alert_status from these lists.
 *
 * A new alert type: add it to ALERT_TYPES (its label is the catalog id `alerts.type.<type>`), add its message(s)
 * to ALERT_MESSAGES (catalog id = key), write the rule in server/src/domain/alerts/rules.ts, add the catalog
 * entries; tests/unit/alertCatalog.test.ts checks the catalogs against this file.
 */
export const ALERT_TYPES = ['moisture', 'temperature', 'pest', 'irrigation', 'offline'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const ALERT_STATUSES = ['unacknowledged', 'acknowledged', 'assigned'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The catalog id of an alert type's label. */
export const alertTypeLabelId = (type: AlertType) => `alerts.type.${type}`;

/** Each engine message: the parameters its sentence needs and its English text (the `message` column). */
export const ALERT_MESSAGES = {
  'alert.moisture.low': {
    params: ['field', 'value', 'threshold'],
    english: 'Low soil moisture in {field}: {value}% (threshold {threshold}%)',
  },
  'alert.temperature.high': {
    params: ['field', 'value', 'threshold'],
    english: 'High temperature in {field}: {value}°C (threshold {threshold}°C)',
  },
  'alert.sensor.offline': {
    params: ['field', 'sensors', 'minutes'],
    english: 'Sensor offline in {field}: {sensors} silent for more than {minutes} minutes',
  },
} as const satisfies Record<string, { params: readonly string[]; english: string }>;

export type AlertMessageKey = keyof typeof ALERT_MESSAGES;
export type AlertMessageParams<K extends AlertMessageKey> = Record<(typeof ALERT_MESSAGES)[K]['params'][number], string | number>;

export const isAlertMessageKey = (key: string | null | undefined): key is AlertMessageKey =>
  typeof key === 'string' && Object.hasOwn(ALERT_MESSAGES, key);

/** The English text of a message with its parameters filled in (what the API stores and lists as `message`). */
export const englishAlertText = <K extends AlertMessageKey>(key: K, params: AlertMessageParams<K>): string =>
  ALERT_MESSAGES[key].english.replace(/\{(\w+)\}/g, (_, name: string) => String((params as Record<string, string | number>)[name]));
