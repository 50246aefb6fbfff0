/**
 * Everything under /auth (and the administrators' view of another user's sign-in): signing in and out,
 * registering users, the profile, passwords, two-factor, sessions and login history, OTP sign-in,
 * password reset by SMS code, invitations, sign-in options.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import adminAccessRoutes from './adminAccess.routes';
import loginRoutes from './login.routes';
import loginTwoFactorRoutes from './loginTwoFactor.routes';
import metaRoutes from './meta.routes';
import otpRoutes from './otp.routes';
import passwordRoutes from './password.routes';
import profileRoutes from './profile.routes';
import { loadAccountKeys } from './secrets';
import sessionRoutes from './sessions.routes';
import smsResetRoutes from './smsReset.routes';
import twoFactorRoutes from './twoFactor.routes';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const keys = await loadAccountKeys(app.db);
  await app.register(loginRoutes, { keys });
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

export default authRoutes;
