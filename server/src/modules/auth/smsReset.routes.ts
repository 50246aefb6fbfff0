/** Password reset by an SMS code (the rules, throttles and texts are in smsReset.service.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OkAnswer, SmsResetBody, SmsResetRequestBody } from '../../../../contracts/account';
import type { AccountKeys } from './secrets';
import { createSmsResetService } from './smsReset.service';

const smsResetRoutes: FastifyPluginAsyncTypebox<{ keys: AccountKeys }> = async (app, { keys }) => {
  const resets = createSmsResetService(app, keys);

  app.post('/auth/forgot-password-sms', { config: { public: true }, schema: { body: SmsResetRequestBody, response: { 200: OkAnswer } } }, async (req) =>
    resets.requestCode(req.body.phoneNumber, req.ip, req.log),
  );

  app.post('/auth/reset-password-sms', { config: { public: true }, schema: { body: SmsResetBody, response: { 200: OkAnswer } } }, async (req) =>
    resets.resetPassword(req.body, req.ip),
  );
};

export default smsResetRoutes;
