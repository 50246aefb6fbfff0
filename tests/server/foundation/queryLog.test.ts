/** A failed query logs its SQLSTATE and a message, never its parameters (a password hash, an e-mail, a name). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/src/db/schema';
import { hashPassword } from '../../../server/src/lib/passwords';
import { createTestApp, FIXTURE, type TestApp } from '../helper';

const lines: string[] = [];
let t: TestApp;
let hash: string;
const NAME = 'Unique Leaky Name 7f3a';
beforeAll(async () => {
  hash = await hashPassword('Some-New-Password-42');
  t = await createTestApp({
    config: { logLevel: 'debug' },
    logStream: { write: (line: string) => void lines.push(line) },
    routes: async (app) => {
      // The e-mail is taken: the insert fails with a unique violation, as a racing registration would.
      app.post('/insert-taken', async () => {
        await app.db.insert(users).values({ name: NAME, email: FIXTURE.users.admin.email, passwordHash: hash, role: 'farmer' });
        return { ok: true };
      });
      app.post('/insert-bad-uuid', async () => {
        await app.db.insert(users).values({ id: 'not-a-uuid-secretvalue', name: NAME, email: 'x9@test.shetmitra.in', passwordHash: hash, role: 'farmer' });
        return { ok: true };
      });
    },
  });
});
afterAll(() => t.close());

describe('failed query log line', () => {
  it('carries the SQLSTATE and no parameter value', async () => {
    const taken = await t.app.inject({ method: 'POST', url: '/api/v1/test/insert-taken' });
    expect(taken.statusCode).toBe(500);
    const badUuid = await t.app.inject({ method: 'POST', url: '/api/v1/test/insert-bad-uuid' });
    expect(badUuid.statusCode).toBe(500);
    const failures = lines.filter((l) => l.includes('request failed'));
    expect(failures).toHaveLength(2);
    const all = lines.join('\n');
    for (const secret of [hash, hash.split('$').pop()!, FIXTURE.users.admin.email, NAME, 'secretvalue', 'x9@test.shetmitra.in']) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/\$argon2/);
    expect(all).not.toMatch(/params/);
    const errs = failures.map((l) => JSON.parse(l).err);
    expect(errs[0]).toMatchObject({ type: 'DatabaseError', sqlState: '23505', message: expect.stringContaining('unique') });
    expect(errs[1]).toMatchObject({ type: 'DatabaseError', sqlState: '22P02' });
  });
});
