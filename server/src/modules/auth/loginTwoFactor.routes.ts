/**
 * POST /auth/login/2fa: the second sign-in step. The challenge from POST /auth/login plus a TOTP code
 * (each step once) or an unused backup code opens the session (signIn.ts secondFactorSignIn).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginTwoFactorBody } from '../../../../contracts/account';
import { LoginResponse } from '../../../../contracts/auth';
import { ApiErrorBody } from '../../../../contracts/common';
import { clientInfo } from './loginHistory';
import type { AccountKeys } from './secrets';
import { secondFactorSignIn } from './signIn';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody };

const loginTwoFactorRoutes: FastifyPluginAsyncTypebox<{ keys: AccountKeys }> = async (app, { keys }) => {
  app.post(
    '/auth/login/2fa',
    {
      config: { public: true, rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: LoginTwoFactorBody, response: { 200: LoginResponse, ...errors } },
    },
    async (req) => secondFactorSignIn(app, keys, req.body.challengeToken, req.body.code, clientInfo(req.ip, req.headers['user-agent'])),
  );
};

export default loginTwoFactorRoutes;
