import { describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { base32Decode, base32Encode } from '../../../server/src/domain/totp/base32';
import {
  generateTotpSecret,
  hotp,
  otpauthUri,
  TOTP_STEP_SECONDS,
  timeStep,
  totpAt,
  verifyTotp,
} from '../../../server/src/domain/totp/totp';
import {
  generateBackupCodes,
  hashBackupCode,
  looksLikeBackupCode,
  normaliseBackupCode,
} from '../../../server/src/domain/totp/backupCodes';

const ascii = (s: string) => new TextEncoder().encode(s);
// RFC 6238 appendix B: seeds per algorithm, 8 digits.
const SEEDS = {
  sha1: ascii('12345678901234567890'),
  sha256: ascii('12345678901234567890123456789012'),
  sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('RFC 6238 test vectors', () => {
  it.each(VECTORS)('T=%i', (seconds, sha1, sha256, sha512) => {
    const step = timeStep(seconds * 1000);
    expect(hotp(SEEDS.sha1, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(SEEDS.sha256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEEDS.sha512, step, 8, 'sha512')).toBe(sha512);
  });
});

describe('base32', () => {
  it('round-trips and matches RFC 4648 examples', () => {
    expect(base32Encode(ascii('foobar'))).toBe('MZXW6YTBOI');
    expect(new TextDecoder().decode(base32Decode('mzxw 6ytb oi======'))).toBe('foobar');
    const bytes = new Uint8Array([0, 255, 7, 128, 64, 3, 9]);
    expect([...base32Decode(base32Encode(bytes))]).toEqual([...bytes]);
    expect(() => base32Decode('ABC1')).toThrow(/invalid/);
  });
});

describe('TOTP verification', () => {
  const secret = generateTotpSecret();
  const now = Date.UTC(2026, 10, 21, 12, 0, 10);
  const at = (steps: number) => totpAt(secret, now + steps * TOTP_STEP_SECONDS * 1000);

  it('makes a 160-bit base32 secret from a CSPRNG, different each time', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('agrees with otplib, an independent implementation', () => {
    expect(totpAt(secret, now)).toBe(generateSync({ secret, epoch: Math.floor(now / 1000) }));
  });

  it('accepts T-1, T and T+1', () => {
    for (const d of [-1, 0, 1]) {
      const r = verifyTotp(secret, at(d), now, null);
      expect(r).toEqual({ valid: true, step: timeStep(now) + d, delta: d });
    }
  });

  it('rejects T-2 and T+2', () => {
    expect(verifyTotp(secret, at(-2), now, null).valid).toBe(false);
    expect(verifyTotp(secret, at(2), now, null).valid).toBe(false);
  });

  it('rejects a replay: a step at or before the last accepted one', () => {
    const first = verifyTotp(secret, at(0), now, null);
    expect(first.valid).toBe(true);
    const step = first.valid ? first.step : -1;
    expect(verifyTotp(secret, at(0), now, step).valid).toBe(false);
    expect(verifyTotp(secret, at(-1), now, step).valid).toBe(false);
    expect(verifyTotp(secret, at(1), now, step).valid).toBe(true);
  });

  it('rejects malformed codes and a wrong secret', () => {
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 34 5']) expect(verifyTotp(secret, bad, now, null).valid).toBe(false);
    expect(verifyTotp(generateTotpSecret(), at(0), now, null).valid).toBe(false);
    expect(verifyTotp(secret, at(0).slice(0, 3) + ' ' + at(0).slice(3), now, null).valid).toBe(true);
  });

  it('builds an otpauth URI authenticator apps accept', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'asha@example.in'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/ShetMitra:asha@example.in');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('ShetMitra');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('digits')).toBe('6');
  });
});

describe('backup codes', () => {
  it('are ten distinct readable codes', () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) {
      expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(looksLikeBackupCode(c)).toBe(true);
    }
    expect(generateBackupCodes()).not.toEqual(codes);
  });

  it('hash with the pepper and ignore case, spaces and dashes', () => {
    const [code] = generateBackupCodes(1);
    const h = hashBackupCode(code, 'pepper-a');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain(normaliseBackupCode(code));
    expect(hashBackupCode(code.toLowerCase().replace('-', ' '), 'pepper-a')).toBe(h);
    expect(hashBackupCode(code, 'pepper-b')).not.toBe(h);
    expect(looksLikeBackupCode('123456')).toBe(false);
  });
});
