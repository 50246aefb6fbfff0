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
import type { AccountKeys } from './secrets';
import { clientInfo } from './loginHistory';
import { logout, profile, refresh, register } from './service';
import { passwordSignIn } from './signIn';
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
    async (req) => passwordSignIn(app, keys, req.body.email, req.body.password, clientInfo(req.ip, req.headers['user-agent'])),
  );

  app.post(
    '/auth/refresh-token',
    {
      config: { public: true, rateLimit: { max: app.config.authRateLimitPerMinute * 2, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: RefreshBody, response: { 200: Tokens, ...errors } },
    },
    async (req) => refresh(app, req.body.refreshToken, req.log),
  );

  app.post(
    '/auth/logout',
    { config: { public: true }, schema: { tags: ['auth'], body: LogoutBody, response: { 200: SuccessResponse, ...errors } } },
    async (req) => logout(app, req.body.refreshToken),
  );

  app.post(
    '/auth/register',
    {
      schema: { tags: ['auth'], security: bearer, body: RegisterBody, response: { 201: RegisterResponse, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await register(app.db, req.user!, req.body)),
  );

  app.get(
    '/auth/profile',
    { schema: { tags: ['auth'], security: bearer, response: { 200: ProfileResponse, 401: ApiErrorBody } } },
    async (req) => profile(app.db, req.user!),
  );
};

export default loginRoutes;
