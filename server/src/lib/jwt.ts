/**
 * HS256 JSON Web Tokens with node:crypto only: the access token is small and we control both ends,
 * so a library would add surface without adding safety.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Role } from './access';

/** Who issues the token and who it is for: a token minted for anything else (another service sharing the key) is refused. */
export const TOKEN_ISSUER = 'shetmitra';
export const TOKEN_AUDIENCE = 'shetmitra-api';
/** Clock difference tolerated between app processes for `nbf` and `iat`. */
export const CLOCK_SKEW_SECONDS = 30;

export type AccessClaims = { iss: string; aud: string; sub: string; role: Role; sid: string; nbf: number; iat: number; exp: number };
type OwnClaims = Omit<AccessClaims, 'iss' | 'aud' | 'nbf' | 'iat' | 'exp'>;

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

// The key is prepared once per secret rather than on every signature.
const keys = new Map<string, KeyObject>();
const keyFor = (secret: string) => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
};
const sign = (secret: string, data: string) => createHmac('sha256', keyFor(secret)).update(data).digest();

export function signAccessToken(secret: string, claims: OwnClaims, ttlSeconds: number, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const payload = b64url(JSON.stringify({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, ...claims, nbf: iat, iat, exp: iat + ttlSeconds }));
  const data = `${HEADER}.${payload}`;
  return `${data}.${b64url(sign(secret, data))}`;
}

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The time claims, checked on every use (also for a remembered token): not before nbf, not issued in the future, not expired. */
function timely(c: AccessClaims, now: number) {
  const skew = CLOCK_SKEW_SECONDS * 1000;
  return c.nbf * 1000 <= now + skew && c.iat * 1000 <= now + skew && c.exp * 1000 > now;
}

/**
 * The claims when the signature is ours, the token was issued by us for this API (iss, aud) and it is
 * valid now (nbf, iat, exp); otherwise null.
 */
export function verifyAccessToken(secret: string, token: unknown, now = Date.now()): AccessClaims | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = sign(secret, `${parts[0]}.${parts[1]}`);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
  if (claims.iss !== TOKEN_ISSUER || claims.aud !== TOKEN_AUDIENCE) return null;
  if (!isTime(claims.nbf) || !isTime(claims.iat) || !isTime(claims.exp) || claims.exp <= claims.iat) return null;
  return timely(claims, now) ? claims : null;
}

/**
 * verifyAccessToken with a memory of the tokens it has already checked: a busy client sends the same token
 * many times a second. The token's bytes are the cache key, so a hit is exactly the token verified before;
 * the time claims (nbf, iat, exp) are still checked on every call. Bounded: the oldest entries go first.
 */
export function createTokenVerifier(secret: string, maxEntries = 10_000) {
  const checked = new Map<string, AccessClaims>();
  return (token: unknown, now = Date.now()): AccessClaims | null => {
    if (typeof token !== 'string') return null;
    const hit = checked.get(token);
    if (hit) return timely(hit, now) ? hit : null;
    const claims = verifyAccessToken(secret, token, now);
    if (claims) {
      checked.set(token, claims);
      if (checked.size > maxEntries) checked.delete(checked.keys().next().value as string);
    }
    return claims;
  };
}
