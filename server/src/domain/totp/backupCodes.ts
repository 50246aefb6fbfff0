/**
 * Backup codes for when the phone is lost: ten random codes shown once, kept only as peppered SHA-256
 * hashes (they carry 40 random bits each, so a slow hash adds nothing), each usable once.
 */
import { createHmac, randomInt } from 'node:crypto';

export const BACKUP_CODE_COUNT = 10;
/** No 0/O or 1/I/L: codes get read off paper. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const HALF = 4;

/** Ten codes like `K7QM-3XPA`. */
export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const one = () => Array.from({ length: HALF * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const codes = new Set<string>();
  while (codes.size < count) {
    const c = one();
    codes.add(`${c.slice(0, HALF)}-${c.slice(HALF)}`);
  }
  return [...codes];
}

/** Upper-cases and drops spaces and dashes, so `k7qm 3xpa` matches `K7QM-3XPA`. */
export const normaliseBackupCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export const looksLikeBackupCode = (code: string) =>
  new RegExp(`^[${ALPHABET}]{${HALF * 2}}$`).test(normaliseBackupCode(code));

export function hashBackupCode(code: string, pepper: string): string {
  return createHmac('sha256', pepper).update(normaliseBackupCode(code)).digest('hex');
}
