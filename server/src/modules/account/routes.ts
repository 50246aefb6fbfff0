/** Account and security (issue 4): profile edits, passwords, two-factor, sessions, OTP sign-in, password reset by SMS code, invitations, sign-in options. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import adminAccessRoutes from './adminAccess.routes';
import loginTwoFactorRoutes from './loginTwoFactor.routes';
import metaRoutes from './meta.routes';
import otpRoutes from './otp.routes';
import passwordRoutes from './password.routes';
import profileRoutes from './profile.routes';
import { loadAccountKeys } from './secrets';
import sessionRoutes from './sessions.routes';
import smsResetRoutes from './smsReset.routes';
import twoFactorRoutes from './twoFactor.routes';

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const keys = await loadAccountKeys(app.db);
  await app.register(profileRoutes);
  await app.register(passwordRoutes);
  await app.register(twoFactorRoutes, { keys });
  await app.register(loginTwoFactorRoutes, { keys });
  await app.register(sessionRoutes);
  await app.register(otpRoutes, { keys });
  await app.register(smsResetRoutes, { keys });
  await app.register(metaRoutes);
  await app.register(adminAccessRoutes);
};

export default accountRoutes;
