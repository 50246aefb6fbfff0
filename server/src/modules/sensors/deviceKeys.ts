/**
 * Device keys: `sk_<sensor uuid without dashes>_<secret>`, for HTTP ingest (header x-device-key) and as the
 * MQTT password (username = the sensor's own id). Only hashes are stored: a SHA-256 of the secret (the secret
 * is 32 random bytes, so a fast hash is enough and ingest stays cheap) and, for keys issued since MQTT
 * devices authenticate, the key's Mosquitto password hash (`$7$`, PBKDF2-SHA512 as mosquitto_passwd writes
 * it) so `npm run mqtt:acl` can write a password file for an external Mosquitto without ever knowing the key.
 * The stored value is `<sha256 hex>` or `<sha256 hex> <$7$ hash>`. The key is shown once when created.
 * Revoking clears the hash.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A key with a given secret, and the value stored for it. */
export function deviceKeyFromSecret(sensorUuid: string, secret: string) {
  const key = `sk_${sensorUuid.replace(/-/g, '')}_${secret}`;
  return { key, hash: `${hash(secret)} ${mosquittoPasswordHash(key)}` };
}

export function newDeviceKey(sensorUuid: string) {
  return deviceKeyFromSecret(sensorUuid, randomBytes(32).toString('base64url'));
}

/**
 * The demo's simulated devices need their keys in clear: they are derived from the app's MQTT secret, so
 * the app and `npm run simulate` compute the same key and only its hash is stored.
 */
export function demoDeviceKey(appSecret: string, sensorUuid: string) {
  return deviceKeyFromSecret(sensorUuid, createHmac('sha256', appSecret).update(`demo-device:${sensorUuid}`).digest('base64url'));
}

/** The sensor UUID a key names and its secret, or null when it is not shaped like a device key. */
export function parseDeviceKey(key: unknown): { sensorUuid: string; secret: string } | null {
  if (typeof key !== 'string') return null;
  const m = /^sk_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/.exec(key);
  if (!m) return null;
  const h = m[1];
  return { sensorUuid: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`, secret: m[2] };
}

export function keyMatches(secret: string, storedHash: string | null) {
  if (!storedHash) return false;
  const a = Buffer.from(hash(secret), 'hex');
  const b = Buffer.from(storedHash.slice(0, 64), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Mosquitto password hash stored with a key, or null (no key, or a key issued before it was kept). */
export function mosquittoHashOf(storedHash: string | null): string | null {
  const i = storedHash?.indexOf(' $7$') ?? -1;
  return i >= 0 ? storedHash!.slice(i + 1) : null;
}

/**
 * A Mosquitto 2 password-file hash, as `mosquitto_passwd` writes it:
 * `$7$<iterations>$<base64 salt (12 bytes)>$<base64 PBKDF2-SHA512 (64 bytes)>`.
 */
export function mosquittoPasswordHash(password: string, salt = randomBytes(12), iterations = 101) {
  const derived = pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${derived.toString('base64')}`;
}
