/** TOTP secrets at rest: sealed with APP_SECRET (never stored in the database), old plain rows sealed at start-up. */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../../server/src/app';
import { appSecrets, twoFactor } from '../../../server/src/db/schema';
import { generateTotpSecret } from '../../../server/src/domain/totp/totp';
import { resolveAppSecret } from '../../../server/src/lib/appSecret';
import { SecretBoxError, createSecretBox } from '../../../server/src/lib/secretBox';
import { FIXTURE, createTestApp, testConfig, type TestApp } from '../helper';
import { api, awayFromStepEdge, codeAt, freshIp, signIn } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storedSecret = async (userId: string) => (await t.db.select().from(twoFactor).where(eq(twoFactor.userId, userId)))[0]?.secret;

async function signInWithCode(who: 'farmer' | 'farmer2', code: () => string) {
  const first = await signIn(t, who);
  expect(first.statusCode).toBe(200);
  const { challengeToken } = first.json();
  expect(challengeToken).toBeTypeOf('string');
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/login/2fa', payload: { challengeToken, code: code() }, remoteAddress: freshIp() });
}

describe('TOTP secrets at rest', () => {
  it('stores a sealed value, not the secret, and two-factor sign-in still works', async () => {
    const { accessToken } = (await signIn(t, 'farmer')).json();
    const setup = (await api(t, 'POST', '/auth/2fa/setup', accessToken)).json();
    const stored = await storedSecret(FIXTURE.users.farmer.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(setup.secret);
    await awayFromStepEdge();
    expect((await api(t, 'POST', '/auth/2fa/verify', accessToken, { code: codeAt(setup.secret, -1) })).statusCode).toBe(200);
    const res = await signInWithCode('farmer', () => codeAt(setup.secret));
    expect(res.statusCode).toBe(200);
    expect(res.json().accessToken).toBeTypeOf('string');
  });

  it('seals plain-text secrets left from before at start-up, once, and they keep working', async () => {
    const plain = generateTotpSecret();
    await t.db.insert(twoFactor).values({ userId: FIXTURE.users.farmer2.id, secret: plain, enabled: true });
    const second = await buildApp(t.config, { database: t.database });
    await second.ready();
    await second.close();
    const sealed = await storedSecret(FIXTURE.users.farmer2.id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(plain);
    // Idempotent: another start leaves the sealed value as it is.
    const third = await buildApp(t.config, { database: t.database });
    await third.ready();
    await third.close();
    expect(await storedSecret(FIXTURE.users.farmer2.id)).toBe(sealed);
    await awayFromStepEdge();
    expect((await signInWithCode('farmer2', () => codeAt(plain))).statusCode).toBe(200);
  });

  it('reads a plain-text secret still waiting to be sealed (the transition)', async () => {
    const plain = generateTotpSecret();
    await t.db.update(twoFactor).set({ secret: plain, lastUsedStep: null }).where(eq(twoFactor.userId, FIXTURE.users.farmer2.id));
    await awayFromStepEdge();
    expect((await signInWithCode('farmer2', () => codeAt(plain))).statusCode).toBe(200);
  });

  it('refuses to start with another APP_SECRET, saying so', async () => {
    const other = buildApp(testConfig({ appSecret: 'a-different-app-secret-of-enough-length-0000' }), { database: t.database });
    await expect(other.then((app) => app.ready())).rejects.toThrow(/APP_SECRET does not match/);
    // The check value is sealed, not readable text.
    const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.key, 'app-secret-check'));
    expect(row.value).toMatch(/^v1\./);
  });
});

describe('lib/secretBox', () => {
  it('uses a fresh IV each time, binds the context and refuses another key or altered text', () => {
    const box = createSecretBox('k'.repeat(32));
    const a = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:1')).not.toBe(a);
    expect(box.open(a, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(a, 'totp:2')).toThrow(SecretBoxError);
    expect(() => createSecretBox('x'.repeat(32)).open(a, 'totp:1')).toThrow(SecretBoxError);
    const parts = a.split('.');
    parts[2] = Buffer.from('AAAAAAAAAAAAAAAA').toString('base64url');
    expect(() => box.open(parts.join('.'), 'totp:1')).toThrow(SecretBoxError);
  });
});

describe('APP_SECRET', () => {
  const log = () => {
    const lines: string[] = [];
    return { lines, info: (_: object, m: string) => void lines.push(`info ${m}`), warn: (_: object, m: string) => void lines.push(`warn ${m}`) };
  };

  it('is generated into DATA_DIR/app-secret (0600) for the embedded default, and read back after', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'appsecret-'));
    const l = log();
    const first = resolveAppSecret({ appSecret: undefined, dataDir, databaseUrl: undefined }, l);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, 'app-secret'), 'utf8').trim()).toBe(first);
    expect(resolveAppSecret({ appSecret: undefined, dataDir, databaseUrl: undefined }, l)).toBe(first);
    expect(l.lines).toHaveLength(1);
    expect(l.lines[0]).toMatch(/^info .*generated/);
  });

  it('with DATABASE_URL and no APP_SECRET, warns to set it on every instance; a short APP_SECRET is refused', () => {
    const l = log();
    resolveAppSecret({ appSecret: undefined, dataDir: mkdtempSync(join(tmpdir(), 'appsecret-')), databaseUrl: 'postgres://x' }, l);
    expect(l.lines[0]).toMatch(/^warn .*set APP_SECRET/);
    expect(() => resolveAppSecret({ appSecret: 'short', dataDir: '/nonexistent', databaseUrl: undefined }, l)).toThrow(/at least 32/);
    expect(resolveAppSecret({ appSecret: 'z'.repeat(40), dataDir: '/nonexistent', databaseUrl: undefined }, l)).toBe('z'.repeat(40));
  });
});
