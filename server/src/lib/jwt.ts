/**
 * HS256 JSON Web Tokens with node:crypto only: the access token is small and we control both ends,
 * so a library would add surface without adding safety.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from './access';

export type AccessClaims = { sub: string; role: Role; sid: string; iat: number; exp: number };

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

export function signAccessToken(secret: string, claims: Omit<AccessClaims, 'iat' | 'exp'>, ttlSeconds: number, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const payload = b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  const data = `${HEADER}.${payload}`;
  return `${data}.${b64url(sign(secret, data))}`;
}

/** The claims when the signature is ours and the token has not expired; otherwise null. */
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
  if (typeof claims?.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
  if (claims.exp * 1000 <= now) return null;
  return claims;
}
