/**
 * RFC 6238 time-based one-time passwords: HMAC-SHA-1, 30-second steps, 6 digits.
 * A code is accepted in the current step or one step either side (clock drift), and only for a step
 * later than the last one accepted, so a code can never be used twice.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { base32Decode, base32Encode } from './base32';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now. */
export const TOTP_WINDOW = 1;

export type HashAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** A new shared secret: 20 random bytes (160 bits, the RFC 4226 recommendation) in base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export const timeStep = (unixMs: number) => Math.floor(unixMs / 1000 / TOTP_STEP_SECONDS);

/** RFC 4226 HOTP over a raw key; the RFC 6238 vectors use other algorithms and 8 digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: HashAlgorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return binary.toString().padStart(digits, '0');
}

export function totpAt(secret: string, unixMs: number): string {
  return hotp(base32Decode(secret), timeStep(unixMs));
}

export type TotpCheck = { valid: true; step: number; delta: number } | { valid: false };

/**
 * Checks a code typed by a person at `unixMs`. `lastUsedStep` is the step of the last accepted code;
 * any step at or before it is refused (replay). The caller stores the returned step.
 */
export function verifyTotp(secret: string, code: string, unixMs: number, lastUsedStep: number | null): TotpCheck {
  const typed = code.replace(/\s/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) return { valid: false };
  const key = base32Decode(secret);
  const now = timeStep(unixMs);
  for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta++) {
    const step = now + delta;
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(typed))) return { valid: true, step, delta };
  }
  return { valid: false };
}

/** The otpauth:// URI authenticator apps read from the QR code (Key URI Format). */
export function otpauthUri(secret: string, account: string, issuer = 'ShetMitra'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
