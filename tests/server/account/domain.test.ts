import { describe, expect, it } from 'vitest';
import { createThrottle } from '../../../server/src/domain/throttle/throttle';
import { CHALLENGE_TTL_MS, readChallenge, signChallenge } from '../../../server/src/domain/account/challengeToken';
import { checkProfileImage, PROFILE_IMAGE_MAX_BYTES } from '../../../server/src/domain/account/profileImage';
import { passwordProblem } from '../../../server/src/domain/account/passwordRules';
import { classifySuccessfulLogin } from '../../../server/src/domain/account/loginRisk';

describe('throttle', () => {
  it('allows `limit` hits per window, then refuses until the window passes', () => {
    const t = createThrottle({ limit: 3, windowMs: 1000 });
    expect([t.hit('a', 0), t.hit('a', 10), t.hit('a', 20), t.hit('a', 30)]).toEqual([true, true, true, false]);
    expect(t.blocked('a', 40)).toBe(true);
    expect(t.hit('b', 40)).toBe(true);
    expect(t.hit('a', 1000)).toBe(true);
    t.hit('a', 1001);
    t.hit('a', 1002);
    t.reset('a');
    expect(t.blocked('a', 1003)).toBe(false);
  });
});

describe('login challenge token', () => {
  const key = 'k'.repeat(32);
  it('round-trips and expires', () => {
    const token = signChallenge('user-1', key, 1000);
    expect(readChallenge(token, key, 1001)?.userId).toBe('user-1');
    expect(readChallenge(token, key, 1000 + CHALLENGE_TTL_MS)).toBeNull();
  });
  it('refuses a forged, tampered or foreign-key token', () => {
    const token = signChallenge('user-1', key, 1000);
    const [payload, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ userId: 'user-2', purpose: 'login-2fa', expiresAt: 9e15 })).toString('base64url');
    expect(readChallenge(`${forged}.${sig}`, key, 1001)).toBeNull();
    expect(readChallenge(`${payload}.${sig.slice(1)}x`, key, 1001)).toBeNull();
    expect(readChallenge(token, 'other-key', 1001)).toBeNull();
    expect(readChallenge('garbage', key, 1001)).toBeNull();
    expect(readChallenge(`${token}.x`, key, 1001)).toBeNull();
  });
});

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(40)]);
const url = (type: string, b: Buffer) => `data:${type};base64,${b.toString('base64')}`;

describe('profile image', () => {
  it('accepts PNG, JPEG and WebP whose bytes match', () => {
    expect(checkProfileImage(url('image/png', png))).toEqual({ ok: true });
    expect(checkProfileImage(url('image/jpeg', jpeg))).toEqual({ ok: true });
    expect(checkProfileImage(url('image/webp', webp))).toEqual({ ok: true });
  });
  it('refuses other types, lies about the type, non-data URLs and big files', () => {
    expect(checkProfileImage(url('image/svg+xml', Buffer.from('<svg onload=alert(1)>')))).toEqual({ ok: false, reason: 'format' });
    expect(checkProfileImage(url('image/gif', Buffer.from('GIF89a' + 'x'.repeat(20))))).toEqual({ ok: false, reason: 'type' });
    expect(checkProfileImage(url('image/png', jpeg))).toEqual({ ok: false, reason: 'content' });
    expect(checkProfileImage(url('image/png', Buffer.from('<script>alert(1)</script>')))).toEqual({ ok: false, reason: 'content' });
    expect(checkProfileImage('https://evil.example/x.png')).toEqual({ ok: false, reason: 'format' });
    expect(checkProfileImage('data:text/html;base64,PGgxPg==')).toEqual({ ok: false, reason: 'format' });
    const big = Buffer.concat([png, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES)]);
    expect(checkProfileImage(url('image/png', big))).toEqual({ ok: false, reason: 'size' });
  });
});

describe('password rules', () => {
  it.each([
    ['', 'required'],
    ['Ab1', 'tooShort'],
    ['abcdefgh1', 'weak'],
    ['ABCDEFGH1', 'weak'],
    ['Abcdefghi', 'weak'],
    ['A1' + 'b'.repeat(127), 'tooLong'],
    ['Gulmohar7x', null],
    // NIST 800-63B: no commonly used or breached passwords, whatever their case.
    ['Password1', 'common'],
    ['Welcome123', 'common'],
    ['Qwerty123', 'common'],
    ['pASSWORD1', 'common'],
    ['Iloveyou1', 'common'],
    // Nor the service's name.
    ['Shetmitra2026', 'personal'],
  ])('%j → %s', (pw, problem) => expect(passwordProblem(pw)).toBe(problem));

  it('refuses the owner\'s e-mail local part and parts of their name, case-insensitively', () => {
    const owner = { email: 'sunita.pawar@example.in', name: 'Sunita Pawar' };
    expect(passwordProblem('Sunita.Pawar1', owner)).toBe('personal');
    expect(passwordProblem('xxPAWARxx9a', owner)).toBe('personal');
    expect(passwordProblem('Sunita1982x', owner)).toBe('personal');
    expect(passwordProblem('Ram@1982xyz', { email: 'ram@example.in', name: 'Ram Jadhav' })).toBe('personal');
    // Short name parts inside other words are not refused.
    expect(passwordProblem('Program9xyz', { email: 'r.j@example.in', name: 'Ram Jadhav' })).toBeNull();
    expect(passwordProblem('Kheti-Pani9', owner)).toBeNull();
  });
});

describe('login risk', () => {
  it('is suspicious only after repeated failures and from a new device or address', () => {
    expect(classifySuccessfulLogin({ recentFailures: 3, knownDevice: false, knownAddress: true })).toBe('suspicious');
    expect(classifySuccessfulLogin({ recentFailures: 5, knownDevice: true, knownAddress: false })).toBe('suspicious');
    expect(classifySuccessfulLogin({ recentFailures: 5, knownDevice: true, knownAddress: true })).toBe('success');
    expect(classifySuccessfulLogin({ recentFailures: 2, knownDevice: false, knownAddress: false })).toBe('success');
  });
});
