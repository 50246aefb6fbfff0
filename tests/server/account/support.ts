/** Shared steps for the account server tests: sign in from a chosen device, compute TOTP codes, read the outbox. */
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../../../server/src/db/schema';
import { TOTP_STEP_SECONDS, totpAt } from '../../../server/src/domain/totp/totp';
import { FIXTURE, FIXTURE_PASSWORD, type FixtureUser, type TestApp } from '../helper';

export const UA = {
  laptop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  phone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
};

let ipCounter = 0;
/** A fresh address each time unless given, so the per-IP login throttle stays out of unrelated tests. */
export const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export async function signIn(
  t: TestApp,
  who: FixtureUser | { email: string },
  opts: { password?: string; ua?: string; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: typeof who === 'string' ? FIXTURE.users[who].email : who.email, password: opts.password ?? FIXTURE_PASSWORD },
    headers: { 'user-agent': opts.ua ?? UA.laptop },
    remoteAddress: opts.ip ?? freshIp(),
  });
}

export const api = (t: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: token ? t.auth(token) : {},
    remoteAddress: freshIp(),
  });

/** The code an authenticator shows `steps` time steps from now. */
export const codeAt = (secret: string, steps = 0) => totpAt(secret, Date.now() + steps * TOTP_STEP_SECONDS * 1000);

/** Waits out the last seconds of a time step, so a test's codes all belong to one known step. */
export async function awayFromStepEdge(marginSeconds = 4) {
  const into = (Date.now() / 1000) % TOTP_STEP_SECONDS;
  if (into > TOTP_STEP_SECONDS - marginSeconds) await new Promise((r) => setTimeout(r, (TOTP_STEP_SECONDS - into + 0.2) * 1000));
}

/** How many messages the outbox holds for `recipient`. */
export const outboxCount = async (t: TestApp, recipient: string) => (await t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, recipient))).length;

/**
 * The newest message to `recipient` once the outbox holds more than `before` for it: a reset link or code is sent
 * after the answer (not awaited, so a known address answers as fast as an unknown one), so a test waits for it.
 */
export async function nextOutbox(t: TestApp, recipient: string, before: number, ms = 10_000) {
  for (const until = Date.now() + ms; (await outboxCount(t, recipient)) <= before; ) {
    if (Date.now() > until) throw new Error(`no new message to ${recipient} within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return lastOutbox(t, recipient);
}

export async function lastOutbox(t: TestApp, recipient: string) {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.createdAt)).limit(1);
  return row;
}
