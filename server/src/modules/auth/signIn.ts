/**
 * Signing in and finishing a sign-in, whichever way it started (password, password + second factor, SMS
 * code): the session opens, and the answer carries the tokens and the user. With two-factor on, a first
 * factor only earns a short-lived challenge.
 */
import type { FastifyInstance } from 'fastify';
import { readChallenge, signChallenge } from '../../domain/account/challengeToken';
import { AppError, badRequest } from '../../lib/errors';
import { assessSignIn, recordAttempt, refuseThrottled } from './loginHistory';
import { AM } from './messages';
import { checkSecondFactor, isTwoFactorOn } from './twoFactor.service';
import type { AccountKeys } from './secrets';
import { checkCredentials, startSession } from './service';
import type { ClientInfo } from './sessions';
import { toUserJson } from './userJson';
import { userById, type UserRow } from './users.repository';

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

/** POST /auth/login: the password (failures recorded and throttled), then the tokens or a two-factor challenge. */
export async function passwordSignIn(app: FastifyInstance, keys: AccountKeys, email: string, password: string, client: ClientInfo) {
  const user = await checkCredentials(app.db, email, password, client, app.config.signInFailuresPerIp);
  return afterFirstFactor(app, keys, user, client);
}

/**
 * POST /auth/login/2fa: the challenge from the first step plus a TOTP code (each step once) or an unused backup
 * code opens the session. Wrong codes are recorded as failed sign-ins, so the sign-in throttle slows the failing
 * source here too (never the owner's other devices).
 */
export async function secondFactorSignIn(app: FastifyInstance, keys: AccountKeys, challengeToken: string, code: string, client: ClientInfo) {
  const challenge = readChallenge(challengeToken, keys.challengeKey);
  if (!challenge) throw new AppError(401, 'CHALLENGE_EXPIRED', AM.challengeExpired);
  const user = await userById(app.db, challenge.userId);
  if (!user || user.status !== 'Active') throw new AppError(401, 'CHALLENGE_EXPIRED', AM.challengeExpired);
  const verdict = await assessSignIn(app.db, user.email, client.ip, app.config.signInFailuresPerIp);
  if (!verdict.allowed) await refuseThrottled(app.db, verdict, { email: user.email, userId: user.id, step: 'second_factor' }, client);
  const factor = await checkSecondFactor(app.db, keys, app.secretBox, user.id, code);
  if (!factor) {
    await recordAttempt(app.db, { email: user.email, userId: user.id, status: 'failed', reason: 'bad_2fa_code' }, client);
    throw badRequest(AM.invalidCode, undefined, 'INVALID_CODE');
  }
  return issueSignIn(app, user, client);
}
