/** GET /auth/options tells the login screen which sign-in methods the operator has turned on. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthOptions } from '../../../../contracts/account';

const metaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/auth/options', { config: { public: true }, schema: { response: { 200: AuthOptions } } }, async () => ({ otpLoginEnabled: app.config.otpLoginEnabled }));
};

export default metaRoutes;
