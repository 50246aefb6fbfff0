/**
 * Finishing a sign-in, whichever way it started (password, password + second factor, SMS code): the
 * session opens, and the answer carries the tokens and the user. With two-factor on, a first factor
 * only earns a short-lived challenge.
 */
import type { FastifyInstance } from 'fastify';
import type { users } from '../../db/schema';
import { signChallenge } from '../../domain/account/challengeToken';
import { isTwoFactorOn } from './twoFactor.service';
import type { AccountKeys } from './secrets';
import { startSession } from './service';
import type { ClientInfo } from './sessions';
import { toUserJson } from './userJson';

type UserRow = typeof users.$inferSelect;

export async function issueSignIn(app: FastifyInstance, user: UserRow, client: ClientInfo) {
  const { user: fresh, sessionId, refreshToken } = await startSession(app.db, user, client, app.config.refreshTokenTtlDays);
  return { accessToken: app.auth.issueAccessToken(fresh, sessionId), refreshToken, user: toUserJson(fresh) };
}

/** After a first factor: the tokens, or `{ twoFactorRequired, challengeToken }` when the account has 2FA on. */
export async function afterFirstFactor(app: FastifyInstance, keys: AccountKeys, user: UserRow, client: ClientInfo) {
  if (await isTwoFactorOn(app.db, user.id)) {
    return { twoFactorRequired: true as const, challengeToken: signChallenge(user.id, keys.challengeKey) };
  }
  return issueSignIn(app, user, client);
}
