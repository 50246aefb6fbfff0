/**
 * POST /auth/login/2fa: the second sign-in step. The challenge from POST /auth/login plus a TOTP code
 * (each step once) or an unused backup code opens the session. Wrong codes are recorded as failed
 * sign-ins, so the sign-in throttle slows the failing source here too (never the owner's other devices).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginTwoFactorBody } from '../../../../contracts/account';
import { LoginResponse } from '../../../../contracts/auth';
import { ApiErrorBody } from '../../../../contracts/common';
import { readChallenge } from '../../domain/account/challengeToken';
import { AppError, badRequest } from '../../lib/errors';
import { assessSignIn, clientInfo, recordAttempt, refuseThrottled } from './loginHistory';
import { issueSignIn } from './signIn';
import { AM } from './messages';
import { userById } from './users.repository';
import type { AccountKeys } from './secrets';
import { checkSecondFactor } from './twoFactor.service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody };

const loginTwoFactorRoutes: FastifyPluginAsyncTypebox<{ keys: AccountKeys }> = async (app, { keys }) => {
  app.post(
    '/auth/login/2fa',
    {
      config: { public: true, rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: LoginTwoFactorBody, response: { 200: LoginResponse, ...errors } },
    },
    async (req) => {
      const challenge = readChallenge(req.body.challengeToken, keys.challengeKey);
      if (!challenge) throw new AppError(401, 'CHALLENGE_EXPIRED', AM.challengeExpired);
      const user = await userById(app.db, challenge.userId);
      if (!user || user.status !== 'Active') throw new AppError(401, 'CHALLENGE_EXPIRED', AM.challengeExpired);
      const client = clientInfo(req.ip, req.headers['user-agent']);
      const verdict = await assessSignIn(app.db, user.email, client.ip, app.config.signInFailuresPerIp);
      if (!verdict.allowed) await refuseThrottled(app.db, verdict, { email: user.email, userId: user.id, step: 'second_factor' }, client);
      const factor = await checkSecondFactor(app.db, keys, app.secretBox, user.id, req.body.code);
      if (!factor) {
        await recordAttempt(app.db, { email: user.email, userId: user.id, status: 'failed', reason: 'bad_2fa_code' }, client);
        throw badRequest(AM.invalidCode, undefined, 'INVALID_CODE');
      }
      return issueSignIn(app, user, client);
    },
  );
};

export default loginTwoFactorRoutes;
