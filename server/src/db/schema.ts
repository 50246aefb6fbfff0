/**
 * The whole data model (product spec section 3). Column names are snake_case in SQL
 * (drizzle `casing: 'snake_case'`), camelCase here. IDs are UUIDs; the API exposes them as `_id`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ALERT_STATUSES, ALERT_TYPES, SEVERITIES } from '../../../contracts/alertTypes';
import type { DiseaseResult as DiseaseResultJson } from '../../../contracts/disease';
import { AREA_UNITS, CROP_STATUSES, FIELD_HEALTHS, IRRIGATION_TYPES, SOIL_TYPES, YIELD_UNITS } from '../../../contracts/fieldValues';
import { LANGUAGES } from '../../../contracts/languages';
import { DELIVERY_STATUSES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationSettings } from '../../../contracts/notifications';
import { ROLES } from '../../../contracts/roles';
import { SENSOR_STATUSES, SENSOR_TYPES } from '../../../contracts/sensorTypes';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = () => timestamp({ withTimezone: true, mode: 'date' });
const createdAt = () => tz().notNull().defaultNow();

export const roleEnum = pgEnum('role', ROLES);
export const languageEnum = pgEnum('language', LANGUAGES);
export const userStatusEnum = pgEnum('user_status', ['Active', 'Inactive']);
export const areaUnitEnum = pgEnum('area_unit', AREA_UNITS);
export const soilTypeEnum = pgEnum('soil_type', SOIL_TYPES);
export const cropStatusEnum = pgEnum('crop_status', CROP_STATUSES);
export const yieldUnitEnum = pgEnum('yield_unit', YIELD_UNITS);
export const sensorTypeEnum = pgEnum('sensor_type', SENSOR_TYPES);
export const sensorStatusEnum = pgEnum('sensor_status', SENSOR_STATUSES);
export const irrigationTypeEnum = pgEnum('irrigation_type', IRRIGATION_TYPES);
/** Health of a field as the server judges it from readings and alerts. */
export const fieldHealthEnum = pgEnum('field_health', FIELD_HEALTHS);
/** Operational state of a field (analytics.byStatus). */
export const fieldStateEnum = pgEnum('field_state', ['active', 'maintenance', 'inactive', 'harvested']);
export const alertTypeEnum = pgEnum('alert_type', ALERT_TYPES);
export const severityEnum = pgEnum('severity', SEVERITIES);
export const alertStatusEnum = pgEnum('alert_status', ALERT_STATUSES);
/**
 * A login-history row: a sign-in ('success', 'suspicious'), a wrong password or code ('failed'), an attempt
 * refused by the sign-in throttle ('throttled', with `retryAt`), an administrator clearing that throttle
 * ('unthrottled') or ending the user's sessions ('sessions_ended'); the last two name the administrator (`actorId`).
 */
export const loginStatusEnum = pgEnum('login_status', ['success', 'failed', 'suspicious', 'throttled', 'unthrottled', 'sessions_ended']);
export const recommendationStatusEnum = pgEnum('recommendation_status', ['pending', 'approved', 'rejected', 'implemented']);
export const gpsStatusEnum = pgEnum('gps_status', ['active', 'inactive', 'fallow', 'sold']);
export const gpsSoilTypeEnum = pgEnum('gps_soil_type', ['unknown', 'clay', 'loam', 'sandy', 'silt', 'peaty', 'chalky']);
export const outboxChannelEnum = pgEnum('outbox_channel', ['email', 'sms']);
export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const notificationChannelEnum = pgEnum('notification_channel', NOTIFICATION_CHANNELS);
/** A job's state: the delivery log's statuses, plus 'running' while a worker holds it (until locked_until). */
export const notificationJobStatusEnum = pgEnum('notification_job_status', [...DELIVERY_STATUSES, 'running']);
/** What a job does: deliver one notification on one channel, or check whether an alert must be escalated. */
export const notificationTaskEnum = pgEnum('notification_task', ['deliver', 'escalate']);

// ---------------------------------------------------------------- people and accounts

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Stored lower-cased; unique. */
    email: text().notNull(),
    phoneNumber: text(),
    passwordHash: text().notNull(),
    role: roleEnum().notNull(),
    /** For farmers: the coordinator who manages them. */
    managedBy: uuid().references((): any => users.id, { onDelete: 'set null' }),
    status: userStatusEnum().notNull().default('Active'),
    address: text(),
    village: text(),
    district: text(),
    state: text(),
    pincode: text(),
    preferredLanguage: languageEnum().notNull().default('marathi'),
    notificationPreferences: jsonb()
      .$type<{ email: boolean; sms: boolean; push: boolean; alerts: boolean; reports: boolean }>()
      .notNull()
      .default({ email: true, sms: true, push: true, alerts: true, reports: true }),
    /**
     * Channels per notification kind and quiet hours (contracts/notifications.ts). Null: derived from
     * notificationPreferences (modules/notifications/settings); saving them updates those five switches too.
     */
    notificationSettings: jsonb().$type<NotificationSettings>(),
    profileImage: text(),
    lastActiveAt: tz(),
    /**
     * What the people lists search: name, e-mail and phone lower-cased in one column (newline-separated, which a
     * search box cannot type), so a search is one `like` served by one trigram index instead of three `ilike`s.
     */
    searchText: text().generatedAlwaysAs(
      (): SQL => sql`lower(${users.name} || chr(10) || ${users.email} || chr(10) || coalesce(${users.phoneNumber}, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The staff lists page in (name, id) order: these indexes hand out a page without sorting every match.
    index('users_managed_by_name_idx').on(t.managedBy, t.name, t.id),
    index('users_role_name_idx').on(t.role, t.name, t.id),
    // Trigram indexes (pg_trgm, migration 0001) serve `like '%term%'`: the people search, and an owner's name
    // for the field search.
    index('users_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('users_name_lower_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_phone_digits', sql`${t.phoneNumber} is null or ${t.phoneNumber} ~ '^[0-9]{10}$'`),
    check('users_pincode_digits', sql`${t.pincode} is null or ${t.pincode} ~ '^[0-9]{6}$'`),
    check('users_only_farmers_managed', sql`${t.managedBy} is null or ${t.role} = 'farmer'`),
  ],
);

/** A signed-in device. The refresh token is `<session id>.<secret>`; only the secret's hash is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text().notNull(),
    /** Hashes of the secrets this session rotated away (newest first, a few dozen): only they prove reuse. */
    retiredHashes: text().array().notNull().default(sql`'{}'::text[]`),
    userAgent: text(),
    ipAddress: text(),
    deviceType: text(),
    location: text(),
    createdAt: createdAt(),
    lastUsedAt: createdAt(),
    expiresAt: tz().notNull(),
    revokedAt: tz(),
    revokedReason: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt)],
);

export const loginHistory = pgTable(
  'login_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail that was tried, so failures against unknown accounts are counted too. */
    email: text().notNull(),
    sessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    status: loginStatusEnum().notNull(),
    reason: text(),
    ipAddress: text(),
    userAgent: text(),
    deviceType: text(),
    location: text(),
    reportedAt: tz(),
    /** For 'throttled': when this source may try again. */
    retryAt: tz(),
    /** For 'unthrottled' and 'sessions_ended': the administrator who did it. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_history_user_idx').on(t.userId, t.createdAt),
    index('login_history_email_idx').on(t.email, t.createdAt),
    index('login_history_ip_idx').on(t.ipAddress, t.createdAt),
  ],
);

export const twoFactor = pgTable('two_factor', {
  userId: uuid().primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  enabled: boolean().notNull().default(false),
  /** Last accepted TOTP time step: a code is accepted once only. */
  lastUsedStep: integer(),
  enabledAt: tz(),
  createdAt: createdAt(),
});

export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: tz(),
    createdAt: createdAt(),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

/**
 * Single-use links that set a password: 'reset' (Forgot password, 30 minutes) or 'invite' (a first sign-in for
 * a person staff added or imported, sent by SMS and e-mail, 7 days). The newest link of a person is the one that works.
 */
export const passwordLinkPurposeEnum = pgEnum('password_link_purpose', ['reset', 'invite']);
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: passwordLinkPurposeEnum().notNull().default('reset'),
    tokenHash: text().notNull(),
    expiresAt: tz().notNull(),
    usedAt: tz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/** What an SMS code is for: signing in, or resetting the password of a person without a usable e-mail. */
export const smsCodePurposeEnum = pgEnum('sms_code_purpose', ['login', 'reset']);
export const mobileOtps = pgTable(
  'mobile_otps',
  {
    id: uuid().primaryKey().defaultRandom(),
    phoneNumber: text().notNull(),
    purpose: smsCodePurposeEnum().notNull().default('login'),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: tz().notNull(),
    consumedAt: tz(),
    createdAt: createdAt(),
  },
  (t) => [index('mobile_otps_phone_idx').on(t.phoneNumber, t.createdAt)],
);

/** What the offline mail and SMS providers "send": an operator can read it. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: outboxChannelEnum().notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    provider: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/** Server secrets generated on first run (JWT signing key), shared by every app instance. */
export const appSecrets = pgTable('app_secrets', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/**
 * A version per table that the staff lists count (users, fields, alerts), raised by a statement trigger on every
 * write that can change a count (migration 0003). Cached counts are kept with the versions they were counted at
 * (lib/countCache.ts), so a count is reused only while nothing it depends on has been written.
 */
export const listVersions = pgTable('list_versions', {
  name: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});

// ---------------------------------------------------------------- fields and sensors

export const fields = pgTable(
  'fields',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Human field code, 'FLD' + 6 digits + 3 letters by default; editable, unique. */
    fieldId: text().notNull(),
    name: text().notNull(),
    farmerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    health: fieldHealthEnum().notNull().default('good'),
    operationalStatus: fieldStateEnum().notNull().default('active'),
    lat: doublePrecision(),
    lng: doublePrecision(),
    addressState: text(),
    district: text(),
    village: text(),
    pincode: text(),
    fullAddress: text(),
    areaValue: doublePrecision(),
    areaUnit: areaUnitEnum().notNull().default('acres'),
    soilType: soilTypeEnum(),
    ph: doublePrecision(),
    organicMatter: doublePrecision(),
    nitrogen: doublePrecision(),
    phosphorus: doublePrecision(),
    potassium: doublePrecision(),
    soilLastTested: date({ mode: 'string' }),
    cropName: text(),
    cropVariety: text(),
    plantedDate: date({ mode: 'string' }),
    expectedHarvest: date({ mode: 'string' }),
    cropStatus: cropStatusEnum().notNull().default('planning'),
    yieldExpected: doublePrecision(),
    yieldActual: doublePrecision(),
    yieldUnit: yieldUnitEnum().notNull().default('kg'),
    irrigationType: irrigationTypeEnum().notNull().default('manual'),
    irrigationAutomation: boolean().notNull().default(false),
    irrigationFrequency: text(),
    irrigationDurationMinutes: integer(),
    irrigationTimeSlots: jsonb().$type<string[]>().notNull().default([]),
    /** Alert thresholds, per field (spec default: moisture below 25 %). */
    moistureLow: doublePrecision().notNull().default(25),
    temperatureHigh: doublePrecision().notNull().default(35),
    offlineAfterMinutes: integer().notNull().default(120),
    /** Denormalised last reading, so lists never scan the time series. */
    lastMoisture: doublePrecision(),
    lastTemperature: doublePrecision(),
    lastReadingAt: tz(),
    /** What the field search matches on the field itself: name and field ID, lower-cased (see users.searchText). */
    searchText: text().generatedAlwaysAs((): SQL => sql`lower(${fields.name} || chr(10) || ${fields.fieldId})`),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fields_field_id_key').on(t.fieldId),
    index('fields_farmer_idx').on(t.farmerId),
    index('fields_name_id_idx').on(t.name, t.id),
    index('fields_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('fields_lat_range', sql`${t.lat} is null or ${t.lat} between -90 and 90`),
    check('fields_lng_range', sql`${t.lng} is null or ${t.lng} between -180 and 180`),
    check('fields_ph_range', sql`${t.ph} is null or ${t.ph} between 0 and 14`),
    check('fields_om_range', sql`${t.organicMatter} is null or ${t.organicMatter} between 0 and 100`),
    check(
      'fields_nutrients_nonneg',
      sql`coalesce(${t.nitrogen}, 0) >= 0 and coalesce(${t.phosphorus}, 0) >= 0 and coalesce(${t.potassium}, 0) >= 0`,
    ),
    check('fields_area_nonneg', sql`${t.areaValue} is null or ${t.areaValue} >= 0`),
    check('fields_duration_nonneg', sql`${t.irrigationDurationMinutes} is null or ${t.irrigationDurationMinutes} >= 0`),
  ],
);

export const sensors = pgTable(
  'sensors',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The device's own id, as printed on it and sent in every reading. */
    sensorId: text().notNull(),
    fieldId: uuid().notNull().references(() => fields.id, { onDelete: 'cascade' }),
    type: sensorTypeEnum().notNull().default('moisture'),
    status: sensorStatusEnum().notNull().default('active'),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** Hash of the device key used by HTTP ingest; null when none was issued or it was revoked. */
    deviceKeyHash: text(),
    deviceKeyCreatedAt: tz(),
    lastSeenAt: tz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sensors_sensor_id_key').on(t.sensorId), index('sensors_field_idx').on(t.fieldId)],
);

/** Time series: one reading per sensor per timestamp (a duplicate is absorbed by the primary key). */
/**
 * The time series. No foreign keys, on purpose: a key check per inserted row (a lookup and a row lock on the
 * sensor and the field) made a bulk insert about 3× slower, and this table takes every reading. The ingest
 * pipeline writes readings only for sensors it has found registered (domain/ingest), and nothing deletes
 * sensors or fields; code that ever does must delete their readings in the same transaction.
 */
export const sensorReadings = pgTable(
  'sensor_readings',
  {
    sensorId: uuid().notNull(),
    fieldId: uuid().notNull(),
    type: sensorTypeEnum().notNull(),
    value: doublePrecision().notNull(),
    recordedAt: tz().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sensorId, t.recordedAt] }),
    index('sensor_readings_field_time_idx').on(t.fieldId, t.recordedAt),
  ],
);

// ---------------------------------------------------------------- alerts and messages

export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    fieldId: uuid().notNull().references(() => fields.id, { onDelete: 'cascade' }),
    /** The field's farmer at the time the alert was raised. */
    farmerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    sensorId: uuid().references(() => sensors.id, { onDelete: 'set null' }),
    type: alertTypeEnum().notNull(),
    severity: severityEnum().notNull(),
    /** active/cleared × unacknowledged/acknowledged (contracts/alertTypes.ts); kept in step with resolvedAt and acknowledgedAt. */
    status: alertStatusEnum().notNull().default('active_unack'),
    /** English text; the client renders messageKey + params in the reader's language. */
    message: text().notNull(),
    messageKey: text(),
    messageParams: jsonb().$type<Record<string, string | number>>(),
    value: doublePrecision(),
    threshold: doublePrecision(),
    assignedTo: uuid().references(() => users.id, { onDelete: 'set null' }),
    assignedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    assignedAt: tz(),
    acknowledgedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: tz(),
    /** Set when the alert is cleared: by the engine when the condition ended (with hysteresis), or by staff. */
    resolvedAt: tz(),
    /** Who cleared it by hand; null when it cleared itself. */
    clearedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** How many times the condition was seen while active (a repeat counts here instead of raising a new alert). */
    count: integer().notNull().default(1),
    /** When the condition was last seen. */
    lastSeenAt: tz().notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alerts_one_open_per_field_type').on(t.fieldId, t.type).where(sql`${t.resolvedAt} is null`),
    index('alerts_farmer_time_idx').on(t.farmerId, t.createdAt),
    index('alerts_time_idx').on(t.createdAt),
    index('alerts_assigned_idx').on(t.assignedTo),
  ],
);

/**
 * An alert's timeline: who did what to it, and when (kinds: contracts/alertTypes.ts ALERT_EVENT_KINDS; written
 * only by modules/alerts/timeline.ts recordAlertEvent). A 'comment' row holds a person's words in detail.text.
 */
export const alertActions = pgTable(
  'alert_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    alertId: uuid().notNull().references(() => alerts.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    detail: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index('alert_actions_alert_idx').on(t.alertId, t.createdAt)],
);

/** Per-reader 'read' marks (the monitoring list's New badge). */
export const alertReads = pgTable(
  'alert_reads',
  {
    alertId: uuid().notNull().references(() => alerts.id, { onDelete: 'cascade' }),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_sender_idx').on(t.senderId, t.createdAt)],
);

export const messageRecipients = pgTable(
  'message_recipients',
  {
    messageId: uuid().notNull().references(() => messages.id, { onDelete: 'cascade' }),
    farmerId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    readAt: tz(),
    smsStatus: text(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.farmerId] }), index('message_recipients_farmer_idx').on(t.farmerId)],
);

// ---------------------------------------------------------------- field records

export const fieldNotes = pgTable(
  'field_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    fieldId: uuid().notNull().references(() => fields.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    content: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('field_notes_field_idx').on(t.fieldId, t.createdAt)],
);

export const cropHistory = pgTable(
  'crop_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    fieldId: uuid().notNull().references(() => fields.id, { onDelete: 'cascade' }),
    crop: text().notNull(),
    variety: text(),
    season: text(),
    plantedDate: date({ mode: 'string' }),
    harvestedDate: date({ mode: 'string' }),
    yield: doublePrecision(),
    yieldUnit: yieldUnitEnum().notNull().default('quintal'),
    notes: text(),
    createdAt: createdAt(),
  },
  (t) => [index('crop_history_field_idx').on(t.fieldId, t.plantedDate)],
);

export const fieldFinancials = pgTable('field_financials', {
  fieldId: uuid().primaryKey().references(() => fields.id, { onDelete: 'cascade' }),
  seeds: doublePrecision().notNull().default(0),
  fertilizers: doublePrecision().notNull().default(0),
  pesticides: doublePrecision().notNull().default(0),
  labor: doublePrecision().notNull().default(0),
  irrigation: doublePrecision().notNull().default(0),
  other: doublePrecision().notNull().default(0),
  revenueExpected: doublePrecision(),
  revenueActual: doublePrecision(),
  updatedAt: createdAt(),
});

export const aiRecommendations = pgTable(
  'ai_recommendations',
  {
    id: uuid().primaryKey().defaultRandom(),
    fieldId: uuid().notNull().references(() => fields.id, { onDelete: 'cascade' }),
    cropName: text().notNull(),
    season: text().notNull(),
    status: recommendationStatusEnum().notNull().default('pending'),
    confidence: doublePrecision().notNull(),
    expectedYield: doublePrecision(),
    yieldUnit: yieldUnitEnum().notNull().default('quintal'),
    plantingDate: date({ mode: 'string' }),
    currentPrice: doublePrecision(),
    riskFactors: jsonb().$type<{ factor: string; severity: string }[]>().notNull().default([]),
    recommendations: jsonb()
      .$type<{ description: string; timeline: string; priority: string; cost: number }[]>()
      .notNull()
      .default([]),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('ai_recommendations_field_idx').on(t.fieldId, t.createdAt),
    check('ai_recommendations_confidence', sql`${t.confidence} between 0 and 100`),
  ],
);

export const gpsFieldLocations = pgTable(
  'gps_field_locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    fieldId: uuid().notNull().references(() => fields.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: gpsStatusEnum().notNull().default('active'),
    lng: doublePrecision().notNull(),
    lat: doublePrecision().notNull(),
    areaValue: doublePrecision(),
    areaUnit: areaUnitEnum().notNull().default('acres'),
    elevation: doublePrecision(),
    soilType: gpsSoilTypeEnum().notNull().default('unknown'),
    irrigationType: text(),
    metadata: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    accuracy: doublePrecision(),
    surveyMethod: text(),
    lastSurveyAt: tz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gps_field_locations_field_key').on(t.fieldId),
    index('gps_field_locations_position_idx').on(t.lat, t.lng),
    check('gps_lat_range', sql`${t.lat} between -90 and 90`),
    check('gps_lng_range', sql`${t.lng} between -180 and 180`),
  ],
);

export const weatherStations = pgTable(
  'weather_stations',
  {
    id: uuid().primaryKey().defaultRandom(),
    stationId: text().notNull(),
    name: text().notNull(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    temperature: doublePrecision(),
    humidity: doublePrecision(),
    observedAt: tz(),
  },
  (t) => [uniqueIndex('weather_stations_station_key').on(t.stationId), index('weather_stations_position_idx').on(t.lat, t.lng)],
);

/** Satellite (NDVI) registrations: one per user and coordinate pair, reused while the coordinates stay. */
export const ndviFields = pgTable(
  'ndvi_fields',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    radius: integer().notNull().default(500),
    name: text().notNull(),
    provider: text().notNull(),
    providerFieldId: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ndvi_fields_user_position_key').on(t.userId, t.lat, t.lon)],
);

/**
 * A farmer's past leaf-photo diagnoses: the result exactly as POST /disease/detect answered it, and a
 * ~160 px WebP thumbnail (data URL) made from the uploaded photo; the photo itself is never kept.
 */
export const diseaseDiagnoses = pgTable(
  'disease_diagnoses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    result: jsonb().$type<DiseaseResultJson>().notNull(),
    thumbnail: text().notNull(),
  },
  (t) => [index('disease_diagnoses_user_created_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------- notifications (issue 16)

/**
 * What a person is told (the bell's rows). One row per (recipient, subject): `subject` names the thing that
 * happened ('alert:<id>:raised', 'alert:<id>:escalated:1', 'message:<id>'), so telling twice is a no-op.
 * `inBell` false: the person turned the in-app channel off for this kind; the row only carries the other channels' text.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipientId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    kind: notificationKindEnum().notNull(),
    messageKey: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    alertId: uuid().references(() => alerts.id, { onDelete: 'cascade' }),
    messageId: uuid().references(() => messages.id, { onDelete: 'cascade' }),
    link: text().notNull(),
    inBell: boolean().notNull().default(true),
    readAt: tz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_recipient_subject_key').on(t.recipientId, t.subject),
    index('notifications_recipient_time_idx').on(t.recipientId, t.createdAt),
    index('notifications_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null and ${t.inBell}`),
  ],
);

/**
 * The durable queue and the delivery log in one: a job per (subject, recipient, channel), unique by
 * `dedupeKey`, so enqueueing twice is a no-op. Workers claim due jobs with FOR UPDATE SKIP LOCKED, set
 * 'running' until `lockedUntil`; a job still 'running' past it (its worker died) is claimed again.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    dedupeKey: text().notNull(),
    task: notificationTaskEnum().notNull().default('deliver'),
    kind: notificationKindEnum().notNull(),
    channel: notificationChannelEnum(),
    notificationId: uuid().references(() => notifications.id, { onDelete: 'cascade' }),
    recipientId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    alertId: uuid().references(() => alerts.id, { onDelete: 'cascade' }),
    /** Escalation stage (1: the coordinator, 2: the admins). */
    stage: integer().notNull().default(0),
    status: notificationJobStatusEnum().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    runAt: tz().notNull().defaultNow(),
    lockedUntil: tz(),
    lastError: text(),
    /**
     * An SMS job that took one of its farmer's daily SMS (set under the farmer's lock before the send, kept when
     * sent, cleared when it was not): the cap is counted here, so it holds across workers and app instances.
     */
    smsCountedAt: tz(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_jobs_dedupe_key').on(t.dedupeKey),
    index('notification_jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('queued', 'retrying')`),
    index('notification_jobs_running_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('notification_jobs_log_idx').on(t.createdAt, t.id),
    index('notification_jobs_recipient_idx').on(t.recipientId, t.channel, t.createdAt),
    index('notification_jobs_sms_counted_idx').on(t.recipientId, t.smsCountedAt).where(sql`${t.smsCountedAt} is not null`),
  ],
);

/** A browser's Web Push subscription (PushSubscription.toJSON()); removed when the push service says it is gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: createdAt(),
    lastSuccessAt: tz(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The audit trail (issue 19, server/src/lib/audit.ts): one row per staff action, written in the transaction of
 * the change. Append-only: the app has no update or delete of it, and a trigger (migration 0014) refuses both.
 * No foreign keys: an entry outlives the user or row it names (a cascade would be a delete or update).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorId: uuid().notNull(),
    /** The actor's role at the time (admins do not see superadmins' entries). */
    actorRole: roleEnum().notNull(),
    ipAddress: text(),
    userAgent: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    /** `{ field: { before, after } }` of the changed fields only, secrets redacted. */
    changes: jsonb().notNull().default({}),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);
