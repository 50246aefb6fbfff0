/**
 * Password reset by an SMS code, for people who do not read (or have no real) e-mail: most farmers. The
 * code machinery of OTP sign-in (otp.repository.ts, purpose 'reset'): 6 digits, 10 minutes, 5 guesses,
 * at most OTP_PER_NUMBER codes of any kind to one number in 15 minutes, per-address throttles; the answer
 * never says whether a number is registered. Works whether or not OTP sign-in is turned on.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { assertPasswordAllowed } from '../../domain/account/passwordRules';
import { createThrottle } from '../../domain/throttle/throttle';
import { badRequest, tooManyRequests } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { createSmsProvider } from '../../providers/sms/index';
import { AM } from './messages';
import { OTP_MAX_ATTEMPTS, OTP_PER_NUMBER } from './otp.service';
import { consumeOtp, countAttempt, countRecentOtps, latestLiveOtp, saveOtp } from './otp.repository';
import { setPasswordHash } from './password.repository';
import type { AccountKeys } from './secrets';
import { endSessions } from './sessions.service';
import { activeUserByPhone } from './users.repository';

export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
const WINDOW_MS = 15 * 60 * 1000;

const TEXT = {
  marathi: (code: string) => `शेतमित्र पासवर्ड रीसेट कोड: ${code} (10 मिनिटे वैध). हा कोड कोणालाही सांगू नका.`,
  hindi: (code: string) => `शेतमित्र पासवर्ड रीसेट कोड: ${code} (10 मिनट मान्य)। यह कोड किसी को न बताएं।`,
  english: (code: string) => `ShetMitra password reset code: ${code} (valid 10 minutes). Do not share it with anyone.`,
};

export function createSmsResetService(app: Pick<FastifyInstance, 'db' | 'config' | 'log' | 'realtime'>, keys: AccountKeys) {
  const { db } = app;
  const sms = createSmsProvider(app.config, app.db, app.log);
  const requestsPerIp = createThrottle({ limit: app.config.signInFailuresPerIp, windowMs: WINDOW_MS });
  const wrongCodesPerIp = createThrottle({ limit: app.config.signInFailuresPerIp, windowMs: WINDOW_MS });
  const waitFor = (t: typeof requestsPerIp, key: string) => tooManyRequests(t.retryAfterMs(key) / 1000);
  // A purpose of its own in the hash, so a sign-in code can never reset a password.
  const hash = (phone: string, code: string) => createHmac('sha256', keys.otpPepper).update(`reset:${phone}:${code}`).digest('hex');

  return {
    async requestCode(phoneNumber: string, ip: string, log: FastifyBaseLogger) {
      if (!requestsPerIp.hit(ip)) throw waitFor(requestsPerIp, ip);
      const recent = await countRecentOtps(db, phoneNumber, new Date(Date.now() - WINDOW_MS));
      if (recent.n >= OTP_PER_NUMBER) throw tooManyRequests(((recent.oldest?.getTime() ?? Date.now()) + WINDOW_MS - Date.now()) / 1000);
      const user = await activeUserByPhone(db, phoneNumber);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // A row for unknown numbers too, so the per-number cap and the timing do not reveal registration.
      await saveOtp(db, phoneNumber, hash(phoneNumber, code), new Date(Date.now() + RESET_CODE_TTL_MS), 'reset');
      if (user) {
        sms
          .send({ to: phoneNumber, text: TEXT[user.preferredLanguage](code) })
          .catch((err: unknown) => log.error({ err }, 'reset code SMS failed'));
      }
      return { success: true as const, message: AM.resetCodeSent };
    },

    async resetPassword({ phoneNumber, code, newPassword }: { phoneNumber: string; code: string; newPassword: string }, ip: string) {
      if (wrongCodesPerIp.blocked(ip)) throw waitFor(wrongCodesPerIp, ip);
      const row = await latestLiveOtp(db, phoneNumber, new Date(), 'reset');
      const wrong = () => {
        wrongCodesPerIp.hit(ip);
        return badRequest(AM.otpInvalid, undefined, 'OTP_INVALID');
      };
      if (!row) throw wrong();
      if (!timingSafeEqual(Buffer.from(hash(phoneNumber, code)), Buffer.from(row.codeHash))) {
        const attempts = await countAttempt(db, row.id, OTP_MAX_ATTEMPTS);
        if (attempts >= OTP_MAX_ATTEMPTS) {
          wrongCodesPerIp.hit(ip);
          // The code is burnt: a new one can be asked for at once (within the per-number cap).
          throw tooManyRequests(1);
        }
        throw wrong();
      }
      const user = await activeUserByPhone(db, phoneNumber);
      if (!user) throw wrong();
      // The rules before the code is spent, so a refused password leaves the code usable.
      assertPasswordAllowed(newPassword, user);
      const passwordHash = await hashPassword(newPassword);
      if (!(await consumeOtp(db, row.id))) throw wrong();
      await setPasswordHash(db, user.id, passwordHash);
      await endSessions(db, app.realtime, user.id, 'password-reset');
      return { success: true as const, message: AM.passwordReset };
    },
  };
}
