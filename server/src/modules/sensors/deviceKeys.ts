/**
 * Device keys for HTTP ingest: `sk_<sensor uuid without dashes>_<secret>`. Only a SHA-256 of the secret is
 * stored (the secret is 32 random bytes, so a fast hash is enough and ingest stays cheap); the key is
 * shown once when created. Revoking clears the hash.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newDeviceKey(sensorUuid: string) {
  const secret = randomBytes(32).toString('base64url');
  return { key: `sk_${sensorUuid.replace(/-/g, '')}_${secret}`, hash: hash(secret) };
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
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
