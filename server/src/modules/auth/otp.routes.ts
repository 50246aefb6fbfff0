/**
 * Sign-in with a one-time code by SMS (spec: the OTP tab, 'coming soon'). Off unless the operator sets
 * OTP_LOGIN_ENABLED; then codes expire after 5 minutes, allow 5 guesses, and requests are throttled
 * per number (counted in the database) and per address. The answer never says whether a number is registered.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LoginResponse } from '../../../../contracts/auth';
import { MobileOtpRequestBody, MobileOtpVerifyBody, OkAnswer, TwoFactorRequired } from '../../../../contracts/account';
import { createThrottle } from '../../domain/throttle/throttle';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors';
import { createSmsProvider } from '../../providers/sms/index';
import { clientInfo } from './loginHistory';
import { afterFirstFactor } from './signIn';
import { AM } from './messages';
import { activeUserByPhone } from './users.repository';
import { consumeOtp, countAttempt, countRecentOtps, latestLiveOtp, saveOtp } from './otp.repository';
import type { AccountKeys } from './secrets';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PER_NUMBER = 3;
const WINDOW_MS = 15 * 60 * 1000;

const otpRoutes: FastifyPluginAsyncTypebox<{ keys: AccountKeys }> = async (app, { keys }) => {
  const sms = createSmsProvider(app.config, app.db, app.log);
  // Per address: requests, and wrong codes, each up to the sign-in ceiling (a cooperative behind one NAT).
  const requestsPerIp = createThrottle({ limit: app.config.signInFailuresPerIp, windowMs: WINDOW_MS });
  const wrongCodesPerIp = createThrottle({ limit: app.config.signInFailuresPerIp, windowMs: WINDOW_MS });
  const waitFor = (t: typeof requestsPerIp, key: string) => tooManyRequests(t.retryAfterMs(key) / 1000);
  const hash = (phone: string, code: string) => createHmac('sha256', keys.otpPepper).update(`${phone}:${code}`).digest('hex');
  const enabled = () => {
    if (!app.config.otpLoginEnabled) throw new AppError(404, 'OTP_LOGIN_DISABLED', AM.otpDisabled);
  };

  app.post('/auth/mobile-otp-request', { config: { public: true }, schema: { body: MobileOtpRequestBody, response: { 200: OkAnswer } } }, async (req) => {
    enabled();
    const { phoneNumber } = req.body;
    if (!requestsPerIp.hit(req.ip)) throw waitFor(requestsPerIp, req.ip);
    const recent = await countRecentOtps(app.db, phoneNumber, new Date(Date.now() - WINDOW_MS));
    if (recent.n >= OTP_PER_NUMBER) throw tooManyRequests(((recent.oldest?.getTime() ?? Date.now()) + WINDOW_MS - Date.now()) / 1000);
    const user = await activeUserByPhone(app.db, phoneNumber);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // A row for unknown numbers too, so the per-number throttle and timing do not reveal registration.
    await saveOtp(app.db, phoneNumber, hash(phoneNumber, code), new Date(Date.now() + OTP_TTL_MS));
    if (user) {
      sms
        .send({ to: phoneNumber, text: `ShetMitra लॉग इन कोड: ${code} (५ मिनिटे वैध). Login code: ${code}, valid 5 minutes.` })
        .catch((err: unknown) => req.log.error({ err }, 'OTP SMS failed'));
    }
    return { success: true as const, message: AM.otpSent };
  });

  app.post('/auth/mobile-otp-verify', { config: { public: true }, schema: { body: MobileOtpVerifyBody, response: { 200: Type.Union([LoginResponse, TwoFactorRequired]) } } }, async (req) => {
    enabled();
    const { phoneNumber, otp } = req.body;
    if (wrongCodesPerIp.blocked(req.ip)) throw waitFor(wrongCodesPerIp, req.ip);
    const row = await latestLiveOtp(app.db, phoneNumber, new Date());
    if (!row) {
      wrongCodesPerIp.hit(req.ip);
      throw badRequest(AM.otpInvalid, undefined, 'OTP_INVALID');
    }
    const right = timingSafeEqual(Buffer.from(hash(phoneNumber, otp)), Buffer.from(row.codeHash));
    if (!right) {
      wrongCodesPerIp.hit(req.ip);
      const attempts = await countAttempt(app.db, row.id, OTP_MAX_ATTEMPTS);
      // The code is burnt: a new one can be asked for at once (within the per-number limit).
      if (attempts >= OTP_MAX_ATTEMPTS) throw tooManyRequests(1);
      throw badRequest(AM.otpInvalid, undefined, 'OTP_INVALID');
    }
    const user = await activeUserByPhone(app.db, phoneNumber);
    if (!user || !(await consumeOtp(app.db, row.id))) throw badRequest(AM.otpInvalid, undefined, 'OTP_INVALID');
    return afterFirstFactor(app, keys, user, clientInfo(req.ip, req.headers['user-agent']));
  });
};

export default otpRoutes;
