/** Signing in and out: login, refresh-token, logout; and register, GET profile. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import {
  LoginBody,
  LoginResponse,
  LogoutBody,
  ProfileResponse,
  RefreshBody,
  RegisterBody,
  RegisterResponse,
  SuccessResponse,
  Tokens,
} from '../../../../contracts/auth';
import { TwoFactorRequired } from '../../../../contracts/account';
import { notFound, unauthorized } from '../../lib/errors';
import type { AccountKeys } from './secrets';
import { clientInfo } from './loginHistory';
import { endSession, rotateSession } from './sessions';
import { checkCredentials, profile, register } from './service';
import { afterFirstFactor } from './signIn';
import { toUserJson } from './userJson';
import { dummyHash } from '../../lib/passwords';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody };
const bearer = [{ bearer: [] }];

const loginRoutes: FastifyPluginAsyncTypebox<{ keys: AccountKeys }> = async (app, { keys }) => {
  // Ready before the first unknown e-mail arrives, so even that answer takes no longer than the others.
  void dummyHash();

  app.post(
    '/auth/login',
    {
      // Per address and e-mail (after the body is read): thirty farmers behind one NAT each have their own.
      config: {
        public: true,
        rateLimit: {
          max: app.config.authRateLimitPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `${req.ip}|${String((req.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
        },
      },
      // With two-factor on, a right password answers a challenge for POST /auth/login/2fa, not tokens.
      schema: { tags: ['auth'], body: LoginBody, response: { 200: Type.Union([LoginResponse, TwoFactorRequired]), ...errors } },
    },
    async (req) => {
      const client = clientInfo(req.ip, req.headers['user-agent']);
      const user = await checkCredentials(app.db, req.body.email, req.body.password, client, app.config.signInFailuresPerIp);
      return afterFirstFactor(app, keys, user, client);
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      config: { public: true, rateLimit: { max: app.config.authRateLimitPerMinute * 2, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: RefreshBody, response: { 200: Tokens, ...errors } },
    },
    async (req) => {
      const result = await rotateSession(app.db, req.body.refreshToken);
      if (!result.ok) {
        if (result.reason === 'reused') app.realtime.disconnectSession(req.body.refreshToken.split('.')[0]);
        req.log.info({ reason: result.reason }, 'refresh refused');
        throw unauthorized('INVALID_REFRESH_TOKEN');
      }
      return { accessToken: app.auth.issueAccessToken(result.user, result.sessionId), refreshToken: result.refreshToken };
    },
  );

  app.post(
    '/auth/logout',
    { config: { public: true }, schema: { tags: ['auth'], body: LogoutBody, response: { 200: SuccessResponse, ...errors } } },
    async (req) => {
      const ended = await endSession(app.db, req.body.refreshToken);
      if (ended) app.realtime.disconnectSession(ended);
      // Logging out twice (or with a stale token) is not an error the user can act on.
      return { success: true };
    },
  );

  app.post(
    '/auth/register',
    {
      schema: { tags: ['auth'], security: bearer, body: RegisterBody, response: { 201: RegisterResponse, ...errors } },
    },
    async (req, reply) => {
      const created = await register(app.db, req.user!, req.body);
      // The spec's "→ same tokens" describes self-registration. Here staff create accounts for others:
      // the creator keeps their own session and gets the new user back, never tokens for it.
      return reply.code(201).send({ user: toUserJson(created) });
    },
  );

  app.get(
    '/auth/profile',
    { schema: { tags: ['auth'], security: bearer, response: { 200: ProfileResponse, 401: ApiErrorBody } } },
    async (req) => {
      const { user, fields } = await profile(app.db, req.user!);
      if (!user) throw notFound();
      return { user: toUserJson(user), fields };
    },
  );
};

export default loginRoutes;
