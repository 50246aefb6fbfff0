/**
 * Every setting the server reads, with its default. The README's configuration table mirrors this file.
 * Nothing here touches the network or the disk: plugins act on it.
 */
import { resolve } from 'node:path';

const str = (name: string, fallback?: string) => {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : v;
};
const int = (name: string, fallback: number) => {
  const v = str(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number, got "${v}"`);
  return n;
};
const bool = (name: string, fallback: boolean) => {
  const v = str(name);
  if (v === undefined) return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(overrides: Partial<Record<string, unknown>> = {}) {
  const databaseUrl = str('DATABASE_URL');
  const embedded = !databaseUrl;
  const cfg = {
    env: str('NODE_ENV', 'production')!,
    host: str('HOST', '0.0.0.0')!,
    port: int('PORT', 3000),
    /** postgres://… for a real server; unset = embedded PGlite in dataDir. */
    databaseUrl,
    dataDir: resolve(str('DATA_DIR', './data')!),
    logLevel: str('LOG_LEVEL', 'info')!,
    /** HMAC key for access tokens; generated and stored in the database on first run when unset. */
    jwtSecret: str('JWT_SECRET'),
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL', 15 * 60),
    refreshTokenTtlDays: int('REFRESH_TOKEN_TTL_DAYS', 30),
    /** How long a verified session (and a caller's field lookup) is kept in memory; 0 = read the database every request. */
    authCacheSeconds: int('AUTH_CACHE_SECONDS', 5),
    /** How long the Field Map's serialised answer is kept per scope (writes clear it at once); 0 = no cache. */
    mapCacheSeconds: int('MAP_CACHE_SECONDS', 300),
    bodyLimitBytes: int('BODY_LIMIT', 1024 * 1024),
    uploadLimitBytes: int('UPLOAD_LIMIT', 10 * 1024 * 1024),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 600),
    /** Stricter per-IP limit on the sign-in and token routes. */
    authRateLimitPerMinute: int('AUTH_RATE_LIMIT_PER_MINUTE', 30),
    /** Failed sign-ins (passwords, second-factor and SMS codes) one address may make in 15 minutes, over all accounts. */
    signInFailuresPerIp: int('SIGN_IN_FAILURES_PER_IP', 100),
    trustProxy: bool('TRUST_PROXY', false),
    /** Seed the demo world into an empty database. Default: on for the embedded database only. */
    demo: bool('DEMO', embedded),
    /** Publish simulated sensor readings for the demo fields. Default: on in demo mode. */
    simulate: bool('SIMULATE', bool('DEMO', embedded)),
    /** External broker (mqtt://host:1883). Unset = an embedded broker on mqttPort. */
    mqttUrl: str('MQTT_URL'),
    mqttPort: int('MQTT_PORT', 1884),
    mqttTopicPrefix: str('MQTT_TOPIC_PREFIX', 'shetmitra')!,
    /** Ingest over MQTT at all (the test helper turns it off; HTTP ingest always works). */
    mqttEnabled: bool('MQTT_ENABLED', true),
    /** Readings per database write, the longest one waits for its batch, and the most held in memory at once. */
    ingestBatchSize: int('INGEST_BATCH_SIZE', 500),
    ingestMaxDelayMs: int('INGEST_MAX_DELAY_MS', 20),
    ingestQueueLimit: int('INGEST_QUEUE_LIMIT', 20_000),
    /** How often silent sensors are looked for, in seconds (0 = never). */
    offlineSweepSeconds: int('OFFLINE_SWEEP_SECONDS', 60),
    /** How often the embedded database (PGlite has no autovacuum) vacuums and analyzes its tables, in minutes (0 = never). */
    pgliteVacuumMinutes: int('PGLITE_VACUUM_MINUTES', 15),
    /** redis://… enables the socket.io Redis adapter so several app processes share pushes. */
    redisUrl: str('REDIS_URL'),
    /** Prefix of every Redis key and channel we use, so several deployments can share one Redis. */
    redisPrefix: str('REDIS_PREFIX', 'shetmitra')!,
    smtpUrl: str('SMTP_URL'),
    mailFrom: str('MAIL_FROM', 'ShetMitra <no-reply@shetmitra.local>')!,
    smsUrl: str('SMS_URL'),
    smsApiKey: str('SMS_API_KEY'),
    otpLoginEnabled: bool('OTP_LOGIN_ENABLED', false),
    publicUrl: str('PUBLIC_URL', `http://localhost:${int('PORT', 3000)}`)!,
    llmBaseUrl: str('LLM_BASE_URL'),
    llmModel: str('LLM_MODEL'),
    llmApiKey: str('LLM_API_KEY'),
    /** Open-Meteo compatible base URL; unset = offline seasonal estimate. */
    weatherUrl: str('WEATHER_URL'),
    ndviApiKey: str('NDVI_API_KEY'),
    ndviUrl: str('NDVI_URL', 'https://api.agromonitoring.com/agro/1.0')!,
    diseaseModelPath: str('DISEASE_MODEL_PATH'),
    diseaseLabelsPath: str('DISEASE_LABELS_PATH'),
    mapStyleUrl: str('MAP_STYLE_URL'),
    satelliteTilesUrl: str('SATELLITE_TILES_URL'),
    /** Extra origins the browser may load map tiles, glyphs and styles from (comma-separated), added to the CSP. */
    mapTileHosts: (str('MAP_TILE_HOSTS', 'https://tiles.openfreemap.org,https://*.tile.openstreetmap.org,https://server.arcgisonline.com') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    /** Where the built front end lives; served with SPA fallback when present. */
    staticDir: resolve(str('STATIC_DIR', './dist')!),
    ...overrides,
  };
  return cfg;
}
