/**
 * Sign-in with a one-time code by SMS (spec: the OTP tab, 'coming soon'). Off unless the operator sets
 * OTP_LOGIN_ENABLED; then codes expire after 5 minutes, allow 5 guesses, and requests are throttled
 * per number (counted in the database) and per address. The answer never says whether a number is registered.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createThrottle } from '../../domain/throttle/throttle';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors';
import { createSmsProvider } from '../../providers/sms/index';
import { AM } from './messages';
import { consumeOtp, countAttempt, countRecentOtps, latestLiveOtp, saveOtp } from './otp.repository';
import type { AccountKeys } from './secrets';
import type { ClientInfo } from './sessions';
import { afterFirstFactor } from './signIn';
import { activeUserByPhone } from './users.repository';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PER_NUMBER = 3;
const WINDOW_MS = 15 * 60 * 1000;

export function createOtpService(app: FastifyInstance, keys: AccountKeys) {
  const { db } = app;
  const sms = createSmsProvider(app.config, app.db, app.log);
  // Per address: requests, and wrong codes, each up to the sign-in ceiling (a cooperative behind one NAT).
  const requestsPerIp = createThrottle({ limit: app.config.signInFailuresPerIp, windowMs: WINDOW_MS });
  const wrongCodesPerIp = createThrottle({ limit: app.config.signInFailuresPerIp, windowMs: WINDOW_MS });
  const waitFor = (t: typeof requestsPerIp, key: string) => tooManyRequests(t.retryAfterMs(key) / 1000);
  const hash = (phone: string, code: string) => createHmac('sha256', keys.otpPepper).update(`${phone}:${code}`).digest('hex');
  const enabled = () => {
    if (!app.config.otpLoginEnabled) throw new AppError(404, 'OTP_LOGIN_DISABLED', AM.otpDisabled);
  };

  return {
    async request(phoneNumber: string, ip: string, log: FastifyBaseLogger) {
      enabled();
      if (!requestsPerIp.hit(ip)) throw waitFor(requestsPerIp, ip);
      const recent = await countRecentOtps(db, phoneNumber, new Date(Date.now() - WINDOW_MS));
      if (recent.n >= OTP_PER_NUMBER) throw tooManyRequests(((recent.oldest?.getTime() ?? Date.now()) + WINDOW_MS - Date.now()) / 1000);
      const user = await activeUserByPhone(db, phoneNumber);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // A row for unknown numbers too, so the per-number throttle and timing do not reveal registration.
      await saveOtp(db, phoneNumber, hash(phoneNumber, code), new Date(Date.now() + OTP_TTL_MS));
      if (user) {
        sms
          .send({ to: phoneNumber, text: `ShetMitra लॉग इन कोड: ${code} (५ मिनिटे वैध). Login code: ${code}, valid 5 minutes.` })
          .catch((err: unknown) => log.error({ err }, 'OTP SMS failed'));
      }
      return { success: true as const, message: AM.otpSent };
    },

    async verify(phoneNumber: string, otp: string, ip: string, client: ClientInfo) {
      enabled();
      if (wrongCodesPerIp.blocked(ip)) throw waitFor(wrongCodesPerIp, ip);
      const row = await latestLiveOtp(db, phoneNumber, new Date());
      if (!row) {
        wrongCodesPerIp.hit(ip);
        throw badRequest(AM.otpInvalid, undefined, 'OTP_INVALID');
      }
      const right = timingSafeEqual(Buffer.from(hash(phoneNumber, otp)), Buffer.from(row.codeHash));
      if (!right) {
        wrongCodesPerIp.hit(ip);
        const attempts = await countAttempt(db, row.id, OTP_MAX_ATTEMPTS);
        // The code is burnt: a new one can be asked for at once (within the per-number limit).
        if (attempts >= OTP_MAX_ATTEMPTS) throw tooManyRequests(1);
        throw badRequest(AM.otpInvalid, undefined, 'OTP_INVALID');
      }
      const user = await activeUserByPhone(db, phoneNumber);
      if (!user || !(await consumeOtp(db, row.id))) throw badRequest(AM.otpInvalid, undefined, 'OTP_INVALID');
      return afterFirstFactor(app, keys, user, client);
    },
  };
}
