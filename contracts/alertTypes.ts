/**
 * Alert types, severities and statuses (spec section 3, Alert), and the messages the alert engine raises.
 * A message travels as a key and parameters; the browser renders it from its catalogs (the key is the catalog id,
 * src/i18n/messages/{mr,en,hi}.json), the server stores the English text below with the parameters filled in.
 * db/schema.ts builds alert_type, severity and alert_status from these lists (a change needs a migration).
 *
 * A new alert type: add it to ALERT_TYPES (its label is the catalog id `alerts.type.<type>`), add its message(s)
 * to ALERT_MESSAGES (catalog id = key), write the rule in server/src/domain/alerts/rules.ts, add the catalog
 * entries; tests/unit/alertCatalog.test.ts checks the catalogs against this file.
 */
export const ALERT_TYPES = ['moisture', 'temperature', 'pest', 'irrigation', 'offline', 'frost'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
/** Most urgent first (ThingsBoard's alarm severities without 'indeterminate'). Each rule picks its own. */
export const SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];
/**
 * An alert's status: active/cleared × unacknowledged/acknowledged (ThingsBoard's ACTIVE_UNACK, ACTIVE_ACK,
 * CLEARED_UNACK, CLEARED_ACK, in lower case). Assignment is orthogonal (assignedTo).
 */
export const ALERT_STATUSES = ['active_unack', 'active_ack', 'cleared_unack', 'cleared_ack'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const isCleared = (s: AlertStatus) => s === 'cleared_unack' || s === 'cleared_ack';
export const isAcknowledged = (s: AlertStatus) => s === 'active_ack' || s === 'cleared_ack';
/** The status after acknowledging / clearing an alert of status `s`. */
export const acknowledgedStatus = (s: AlertStatus): AlertStatus => (isCleared(s) ? 'cleared_ack' : 'active_ack');
export const clearedStatus = (s: AlertStatus): AlertStatus => (isAcknowledged(s) ? 'cleared_ack' : 'cleared_unack');

/**
 * What an alert's timeline records (table alert_actions, column action). Every lifecycle change is one
 * entry written by server/src/modules/alerts/timeline.ts `recordAlertEvent` in the change's transaction;
 * 'comment' is a person's own words, every other kind is a system entry.
 *   raised          the engine (or another module) opened it          detail { severity, value, threshold }
 *   repeated        the condition held again and the value moved      detail { value, count }
 *   severityChanged the engine moved it to another severity           detail { from, to, value }
 *   acknowledged    a person acknowledged it                          detail { comment? }
 *   assigned        an admin gave it to a coordinator                 detail { coordinatorId, name }
 *   cleared         the condition ended (actor null, auto) or staff cleared it   detail { auto }
 *   escalated       left unacknowledged too long (escalation jobs)   detail { level?, to? }
 *   comment         a person's comment                                detail { text }
 */
export const ALERT_EVENT_KINDS = [
  'raised',
  'repeated',
  'severityChanged',
  'acknowledged',
  'assigned',
  'cleared',
  'escalated',
  'comment',
] as const;
export type AlertEventKind = (typeof ALERT_EVENT_KINDS)[number];
/** The longest comment a person may add to an alert. */
export const ALERT_COMMENT_MAX = 1000;

/** The catalog id of an alert type's label. */
export const alertTypeLabelId = (type: AlertType) => `alerts.type.${type}`;

/**
 * Each engine message: the parameters its sentence needs, its English text (the `message` column) and its Marathi
 * and Hindi, which the server uses outside the app (push, SMS, e-mail); the browser's catalogs hold the same
 * sentences under the same ids (tests/unit/alertCatalog.test.ts and tests/server/notifications/texts.test.ts).
 */
export const ALERT_MESSAGES = {
  'alert.moisture.low': {
    params: ['field', 'value', 'threshold'],
    english: 'Low soil moisture in {field}: {value}% (threshold {threshold}%)',
    marathi: 'शेत {field} मध्ये मातीतील ओलावा कमी: {value}% (मर्यादा {threshold}%)',
    hindi: '{field} में मिट्टी की नमी कम: {value}% (सीमा {threshold}%)',
  },
  'alert.temperature.high': {
    params: ['field', 'value', 'threshold'],
    english: 'High temperature in {field}: {value}°C (threshold {threshold}°C)',
    marathi: 'शेत {field} मध्ये तापमान जास्त: {value}°C (मर्यादा {threshold}°C)',
    hindi: '{field} में तापमान अधिक: {value}°C (सीमा {threshold}°C)',
  },
  'alert.temperature.low': {
    params: ['field', 'value', 'threshold'],
    english: 'Frost risk in {field}: {value}°C (below {threshold}°C)',
    marathi: 'शेत {field} मध्ये दंवाचा धोका: {value}°C ({threshold}°C पेक्षा कमी)',
    hindi: '{field} में पाले का खतरा: {value}°C ({threshold}°C से कम)',
  },
  'alert.sensor.offline': {
    params: ['field', 'sensors', 'minutes'],
    english: 'Sensor offline in {field}: {sensors} silent for more than {minutes} minutes',
    marathi: 'शेत {field} मधील सेन्सर बंद: {sensors} {minutes} मिनिटांपेक्षा जास्त वेळ शांत',
    hindi: '{field} में सेंसर बंद: {sensors} {minutes} मिनट से अधिक समय से चुप',
  },
} as const satisfies Record<string, { params: readonly string[]; english: string; marathi: string; hindi: string }>;

export type AlertMessageKey = keyof typeof ALERT_MESSAGES;
export type AlertMessageParams<K extends AlertMessageKey> = Record<(typeof ALERT_MESSAGES)[K]['params'][number], string | number>;

export const isAlertMessageKey = (key: string | null | undefined): key is AlertMessageKey =>
  typeof key === 'string' && Object.hasOwn(ALERT_MESSAGES, key);

/** The English text of a message with its parameters filled in (what the API stores and lists as `message`). */
export const englishAlertText = <K extends AlertMessageKey>(key: K, params: AlertMessageParams<K>): string =>
  ALERT_MESSAGES[key].english.replace(/\{(\w+)\}/g, (_, name: string) => String((params as Record<string, string | number>)[name]));
