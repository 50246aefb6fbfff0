/**
 * Every setting the server reads, with its default. The README's configuration table mirrors this file.
 * Nothing here touches the network or the disk: plugins act on it.
 */
import { availableParallelism } from 'node:os';
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
/** Minutes, fractions allowed (0.05 = 3 s, for a quick end-to-end run); never negative. */
const minutes = (name: string, fallback: number) => {
  const v = str(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of minutes of 0 or more, got "${v}"`);
  return n;
};
const bool = (name: string, fallback: boolean) => {
  const v = str(name);
  if (v === undefined) return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
};

const date = (name: string, fallback: string) => {
  const v = str(name, fallback)!;
  const d = new Date(v);
  if (!Number.isFinite(d.getTime())) throw new Error(`${name} must be an ISO-8601 date, got "${v}"`);
  return d;
};

/** A calendar day, YYYY-MM-DD (a real one: 2026-02-30 is refused), or undefined when unset. */
const day = (name: string) => {
  const v = str(name)?.trim();
  if (v === undefined) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || !Number.isFinite(d.getTime()) || d.toISOString().slice(0, 10) !== v) {
    throw new Error(`${name} must be a date written YYYY-MM-DD, got "${v}"`);
  }
  return v;
};
/** An http(s) address, or undefined when unset. */
const link = (name: string) => {
  const v = str(name)?.trim();
  if (v === undefined) return undefined;
  let u: URL | null = null;
  try {
    u = new URL(v);
  } catch {
    u = null;
  }
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) throw new Error(`${name} must be an http(s) address, got "${v}"`);
  return u.toString();
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
    /**
     * Key (32+ characters) that encrypts the secrets kept in the database (two-factor seeds). Never stored in the
     * database; unset = generated into DATA_DIR/app-secret (mode 0600) on first start.
     */
    appSecret: str('APP_SECRET'),
    /** HMAC key for access tokens; generated and stored in the database on first run when unset. */
    jwtSecret: str('JWT_SECRET'),
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL', 15 * 60),
    refreshTokenTtlDays: int('REFRESH_TOKEN_TTL_DAYS', 30),
    /** How long a verified session (and a caller's field lookup) is kept in memory; 0 = read the database every request. */
    authCacheSeconds: int('AUTH_CACHE_SECONDS', 5),
    /** How long the Field Map's serialised answer is kept per scope (writes clear it at once); 0 = no cache. */
    mapCacheSeconds: int('MAP_CACHE_SECONDS', 300),
    /** How long Analytics' water estimate (every in-scope sensor's hours of two periods) is kept per scope and period; then it is refreshed in the background; 0 = no cache. */
    analyticsCacheSeconds: int('ANALYTICS_CACHE_SECONDS', 60),
    /** How long a field's sensor timeline (7-day view) is kept serialised; then answered stale up to 12× as long while it is read again; 0 = no cache. */
    timelineCacheSeconds: int('TIMELINE_CACHE_SECONDS', 5),
    /** How long a field's Advanced Analytics answer is kept serialised, at most (refreshed ahead while asked for; writes clear it at once); 0 = no cache. */
    advancedAnalyticsCacheSeconds: int('ADVANCED_ANALYTICS_CACHE_SECONDS', 5),
    /** How long the trust dashboard's figures (about ten aggregates over health, latency, ratings, sign-ins) are kept; then answered up to 10× as old while they are read again; a rating clears them; 0 = no cache. */
    trustCacheSeconds: int('TRUST_CACHE_SECONDS', 30),
    bodyLimitBytes: int('BODY_LIMIT', 1024 * 1024),
    uploadLimitBytes: int('UPLOAD_LIMIT', 10 * 1024 * 1024),
    /** How long a client may take to send a whole request, in ms (a client that trickles for a minute is not a client)… */
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 60_000),
    /** …and a file upload (a leaf photo or a CSV file on 2G), in ms. */
    uploadTimeoutMs: int('UPLOAD_TIMEOUT_MS', 10 * 60_000),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 600),
    /** Stricter per-IP limit on the sign-in and token routes. */
    authRateLimitPerMinute: int('AUTH_RATE_LIMIT_PER_MINUTE', 30),
    /**
     * Per signed-in user, whatever their address: chatbot questions (a conversation needs one every few seconds),
     * land-report PDFs (~0.1–0.5 s of CPU each) and leaf-photo detections (CPU work) a minute.
     */
    chatPerUserPerMinute: int('CHAT_PER_USER_PER_MINUTE', 20),
    landPdfPerUserPerMinute: int('LAND_PDF_PER_USER_PER_MINUTE', 20),
    diseaseDetectPerUserPerMinute: int('DISEASE_DETECT_PER_USER_PER_MINUTE', 30),
    /** Password-reset mails sent to one account in an hour, whoever asks; past it the newest link mailed keeps working. */
    resetMailsPerAccountPerHour: int('RESET_MAILS_PER_ACCOUNT_PER_HOUR', 3),
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
    /** Interface the embedded broker listens on; 0.0.0.0 to let devices on the network reach it. */
    mqttHost: str('MQTT_HOST', '127.0.0.1')!,
    /** The app's own broker account (ingest subscriber); devices sign in with their sensor id and device key. */
    mqttUsername: str('MQTT_USERNAME', 'shetmitra-app')!,
    /** Its password; unset = generated on first run and stored in the database (npm run mqtt:acl writes it for Mosquitto). */
    mqttPassword: str('MQTT_PASSWORD'),
    /** Largest MQTT packet (topic + payload) the embedded broker takes; a larger one closes the connection. */
    mqttMaxPacketBytes: int('MQTT_MAX_PACKET_BYTES', 16 * 1024),
    /** How long a device's key hash is kept in memory: a revoked or rotated key stops working within it. */
    mqttAuthCacheSeconds: int('MQTT_AUTH_CACHE_SECONDS', 5),
    mqttTopicPrefix: str('MQTT_TOPIC_PREFIX', 'shetmitra')!,
    /** Ingest over MQTT at all (the test helper turns it off; HTTP ingest always works). */
    mqttEnabled: bool('MQTT_ENABLED', true),
    /** Readings per database write, the longest one waits for its batch, and the most held in memory at once. */
    ingestBatchSize: int('INGEST_BATCH_SIZE', 500),
    ingestMaxDelayMs: int('INGEST_MAX_DELAY_MS', 20),
    ingestQueueLimit: int('INGEST_QUEUE_LIMIT', 20_000),
    /** The timestamp window a reading must fall in: not before this instant (ISO-8601)… */
    ingestMinTimestamp: date('INGEST_MIN_TIMESTAMP', '2000-01-01T00:00:00Z'),
    /** …not more than this many seconds ahead of the server clock… */
    ingestMaxFutureSeconds: int('INGEST_MAX_FUTURE_SECONDS', 300),
    /** …and not more than this many hours before its sensor was registered (buffered readings). */
    ingestRegistrationGraceHours: int('INGEST_REGISTRATION_GRACE_HOURS', 24),
    /** Raw readings are kept this many days (whole day partitions are dropped after it; older readings are refused at ingest). */
    rawRetentionDays: int('RAW_RETENTION_DAYS', 90),
    /** Hourly and daily rollups are kept this many days. */
    rollupRetentionDays: int('ROLLUP_RETENTION_DAYS', 3650),
    /** Day partitions of the readings kept ready ahead of today. */
    readingPartitionsAhead: int('READING_PARTITIONS_AHEAD', 3),
    /** How often partitions are created ahead and expired ones dropped, in minutes (0 = only at start). */
    readingsMaintenanceMinutes: int('READINGS_MAINTENANCE_MINUTES', 10),
    /** The longest date range one CSV export of a field's readings may cover, in days. */
    exportMaxDays: int('EXPORT_MAX_DAYS', 400),
    /** What a 503 tells clients and devices to wait before retrying (database away, ingest queue full), in seconds. */
    retryAfterSeconds: int('RETRY_AFTER_SECONDS', 5),
    /** How long a request waits for a PostgreSQL connection before it is answered 503, in milliseconds. */
    dbConnectTimeoutMs: int('DB_CONNECT_TIMEOUT_MS', 5000),
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
    /**
     * Worker threads that analyse leaf photos off the event loop (decode, segmentation, the model): each runs one
     * photo at a time, more wait their turn. Default: one per core beyond the first, at most 2, at least 1.
     */
    diseaseWorkers: int('DISEASE_WORKERS', Math.max(1, Math.min(2, availableParallelism() - 1))),
    diseaseModelPath: str('DISEASE_MODEL_PATH'),
    diseaseLabelsPath: str('DISEASE_LABELS_PATH'),
    /** The farthest a GPS update may move a field without the user confirming the move (km). */
    gpsMaxMoveKm: int('GPS_MAX_MOVE_KM', 5),
    /** A full map style JSON (replaces the raster base map); its origin is allowed by the CSP. */
    mapStyleUrl: str('MAP_STYLE_URL'),
    /** The base map's raster tiles (`{z}/{x}/{y}`); the same default as the web app's VITE_MAP_TILES_URL. */
    mapTilesUrl: str('MAP_TILES_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png')!,
    /** Satellite raster tiles; the same default as the web app's VITE_SATELLITE_TILES_URL. */
    satelliteTilesUrl: str('SATELLITE_TILES_URL', 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}')!,
    /**
     * Further origins the browser may load map data from (comma-separated): a style's glyph and sprite hosts.
     * The CSP allows exactly these plus the origins of the three URLs above (docs/security.md).
     */
    mapTileHosts: (str('MAP_TILE_HOSTS', '') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    /** Notifications (issue 16): run the delivery worker in this process (several instances may each run one). */
    notifyWorker: bool('NOTIFY_WORKER', true),
    /** How often the worker looks for due jobs when nothing woke it, in ms. */
    notifyPollMs: int('NOTIFY_POLL_MS', 1000),
    /** Jobs one worker claims at a time (one claim statement, one read per table, one outcome statement). */
    notifyBatchSize: int('NOTIFY_BATCH_SIZE', 200),
    /** Deliveries (push, SMS, mail requests) in flight at once within a batch. */
    notifyConcurrency: int('NOTIFY_CONCURRENCY', 32),
    /** Tries per delivery before it is 'failed'; retry n waits NOTIFY_BACKOFF_MS × 2^(n-1), at most an hour. */
    notifyMaxAttempts: int('NOTIFY_MAX_ATTEMPTS', 6),
    notifyBackoffMs: int('NOTIFY_BACKOFF_MS', 30_000),
    /** How long a claimed job is held; a job still 'running' past it (its worker died) is claimed again. */
    notifyLeaseSeconds: int('NOTIFY_LEASE_SECONDS', 60),
    /** Offline writes (issue 17): days the server remembers an Idempotency-Key and its answer (a phone's outbox replays within them). */
    idempotencyDays: int('IDEMPOTENCY_DAYS', 7),
    /** Alert SMS one farmer gets per day (India time), at most. */
    smsDailyCap: int('SMS_DAILY_CAP', 5),
    /**
     * Minutes an unacknowledged alert waits before its coordinator is told again (and as long again before the
     * admins are), per severity (fractions allowed); 0 = never. Today's 'high' counts as critical, 'medium' as major.
     */
    escalateCriticalMin: minutes('ESCALATE_CRITICAL_MIN', 15),
    escalateMajorMin: minutes('ESCALATE_MAJOR_MIN', 60),
    escalateMinorMin: minutes('ESCALATE_MINOR_MIN', 0),
    escalateWarningMin: minutes('ESCALATE_WARNING_MIN', 0),
    /** Web Push (VAPID) keys; unset = generated on first start and kept in the database (private key sealed). */
    vapidPublicKey: str('VAPID_PUBLIC_KEY'),
    vapidPrivateKey: str('VAPID_PRIVATE_KEY'),
    vapidSubject: str('VAPID_SUBJECT', 'mailto:no-reply@shetmitra.local')!,
    /**
     * Hosts a push subscription's endpoint may be on (https only); `*.` matches any subdomain. No IP address in
     * a private, loopback or link-local range is ever accepted…
     */
    pushAllowedHosts: (str('PUSH_ALLOWED_HOSTS', 'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    /** …unless this is on (tests and local stubs only): then http and loopback endpoints on those hosts are taken. */
    pushAllowLocal: bool('PUSH_ALLOW_LOCAL', false),
    /** How long a push service may take to answer, in ms. */
    pushTimeoutMs: int('PUSH_TIMEOUT_MS', 10_000),
    /**
     * Operations (issue 19). The bearer token GET /metrics (Prometheus) asks for; unset = /metrics answers only
     * callers on the loopback interface (127.0.0.1, ::1), with no token.
     */
    metricsToken: str('METRICS_TOKEN'),
    /** Overload shedding (503 + Retry-After on /api/v1 except health): event-loop delay over this many ms (0 = off)… */
    overloadMaxEventLoopDelayMs: int('OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 1000),
    /** …heap in use over this many megabytes (0 = off)… */
    overloadMaxHeapMb: int('OVERLOAD_MAX_HEAP_MB', 0),
    /** …or more readings than this waiting in the ingest queue (0 = off; INGEST_QUEUE_LIMIT still refuses past its own limit). */
    overloadMaxIngestQueued: int('OVERLOAD_MAX_INGEST_QUEUED', 15_000),
    /**
     * …or API requests waiting too long: the OVERLOAD_LATENCY_QUANTILE (p99) of how long the API requests of the
     * last OVERLOAD_LATENCY_WINDOW_MS took (finished ones, and the ones in flight by their age so far) over this
     * many ms (0 = off). The limit that sees the embedded database stalling the event loop, whose queue is never
     * seen waiting (domain/overload/latencyGauge.ts). Scaled by priority like the next one.
     */
    overloadMaxLatencyMs: int('OVERLOAD_MAX_LATENCY_MS', 500),
    /**
     * …or the oldest query waiting for a database connection (PostgreSQL's pool; PGlite's one connection when a
     * transaction holds it across ticks) has waited this many ms (0 = off). Low-priority calls (analytics, exports)
     * are shed from half of it, sign-in, alert acknowledgement and HTTP ingest only past twice it.
     */
    overloadMaxDbWaitMs: int('OVERLOAD_MAX_DB_WAIT_MS', 250),
    /**
     * API requests admitted and not yet answered (scaled by priority like the database-wait limit); past it the next
     * is answered 503 at once. Requests that wait in the kernel for a saturated event loop are invisible to the
     * latency limit; this bounds the queue inside, which lets the loop get to them. 0 = off.
     */
    overloadMaxInFlight: int('OVERLOAD_MAX_IN_FLIGHT', 64),
    overloadLatencyWindowMs: int('OVERLOAD_LATENCY_WINDOW_MS', 1000),
    /** Which quantile of the window the latency limit reads (0.99: the tail, where a stall on the database shows). */
    overloadLatencyQuantile: Math.min(1, Math.max(0.5, Number(str('OVERLOAD_LATENCY_QUANTILE', '0.99')) || 0.99)),
    /** A window with fewer API requests than this never sheds (one slow export on a quiet server is not overload). */
    overloadLatencyMinSamples: int('OVERLOAD_LATENCY_MIN_SAMPLES', 20),
    /**
     * The last security review, as the operator records it (the trust dashboard's Security tab; unset = shown as
     * 'not recorded'): its day (YYYY-MM-DD), and optionally a one-line summary (280 characters at most, shown as
     * written) and a link to the report.
     */
    securityReviewDate: day('SECURITY_REVIEW_DATE'),
    securityReviewSummary: str('SECURITY_REVIEW_SUMMARY')?.trim().slice(0, 280) || undefined,
    securityReviewUrl: link('SECURITY_REVIEW_URL'),
    /** How often the app samples its own health into health_samples, in seconds (0 = never). */
    healthSampleSeconds: int('HEALTH_SAMPLE_SECONDS', 60),
    /** Where the built front end lives; served with SPA fallback when present. */
    staticDir: resolve(str('STATIC_DIR', './dist')!),
    ...overrides,
  };
  return cfg;
}
