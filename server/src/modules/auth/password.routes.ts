/**
 * Change password (signed in), forgot password and reset password: the rules, throttles and mails are in
 * password.service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangePasswordBody, ForgotPasswordBody, OkAnswer, ResetPasswordBody } from '../../../../contracts/account';
import { createPasswordService } from './password.service';

const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const passwords = createPasswordService(app);

  app.post('/auth/change-password', { schema: { body: ChangePasswordBody, response: { 200: OkAnswer } } }, async (req) =>
    passwords.changePassword(req.user!, req.body),
  );

  app.post('/auth/forgot-password', { config: { public: true }, schema: { body: ForgotPasswordBody, response: { 200: OkAnswer } } }, async (req) =>
    passwords.forgotPassword(req.body.email, req.ip, req.log),
  );

  app.post('/auth/reset-password', { config: { public: true }, schema: { body: ResetPasswordBody, response: { 200: OkAnswer } } }, async (req) =>
    passwords.resetPassword(req.body, req.ip),
  );
};

export default passwordRoutes;
