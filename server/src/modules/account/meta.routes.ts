/**
 * GET /auth/options tells the login screen which sign-in methods are on; GET /test-updated-code (the
 * spec's leftover debug call) answers build and version facts only, nothing about users or config.
 */
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthOptions, BuildInfo } from '../../contracts/account';

const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
const startedAt = new Date().toISOString();

const metaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/auth/options', { schema: { response: { 200: AuthOptions } } }, async () => ({ otpLoginEnabled: app.config.otpLoginEnabled }));

  app.get('/test-updated-code', { schema: { response: { 200: BuildInfo } } }, async () => ({
    name: pkg.name,
    version: pkg.version,
    commit: process.env.GIT_COMMIT ?? 'unknown',
    builtAt: process.env.BUILD_TIME ?? startedAt,
    env: app.config.env,
  }));
};

export default metaRoutes;
