/** Sign-in with a one-time code by SMS, when the operator turned it on (the rules are in otp.service.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LoginResponse } from '../../../../contracts/auth';
import { MobileOtpRequestBody, MobileOtpVerifyBody, OkAnswer, TwoFactorRequired } from '../../../../contracts/account';
import { clientInfo } from './loginHistory';
import { createOtpService } from './otp.service';
import type { AccountKeys } from './secrets';

const otpRoutes: FastifyPluginAsyncTypebox<{ keys: AccountKeys }> = async (app, { keys }) => {
  const otp = createOtpService(app, keys);

  app.post('/auth/mobile-otp-request', { config: { public: true }, schema: { body: MobileOtpRequestBody, response: { 200: OkAnswer } } }, async (req) =>
    otp.request(req.body.phoneNumber, req.ip, req.log),
  );

  app.post(
    '/auth/mobile-otp-verify',
    { config: { public: true }, schema: { body: MobileOtpVerifyBody, response: { 200: Type.Union([LoginResponse, TwoFactorRequired]) } } },
    async (req) => otp.verify(req.body.phoneNumber, req.body.otp, req.ip, clientInfo(req.ip, req.headers['user-agent'])),
  );
};

export default otpRoutes;
