/**
 * Change password (signed in), forgot password (always the same answer) and reset password (a
 * single-use, 30-minute link sent by mail, or a 7-day invitation link: passwordLinks.ts). Changing ends
 * every other session; a reset ends all of them.
 *
 * Reset mails are limited twice, so that a stranger can neither flood an inbox nor lock the owner out:
 * per requesting address (429), and per target account (RESET_MAILS_PER_ACCOUNT_PER_HOUR, counted in the
 * database so every app process agrees). Past the account's cap the answer stays the same 200, no mail
 * is sent and no link is cancelled: the newest link already mailed keeps working for its owner.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { ChangePasswordBody, ResetPasswordBody } from '../../../../contracts/account';
import { assertPasswordAllowed } from '../../domain/account/passwordRules';
import { createThrottle } from '../../domain/throttle/throttle';
import type { AuthUser } from '../../lib/access';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createMailProvider } from '../../providers/mail/index';
import { AM } from './messages';
import { claimResetLink, findUserByEmail, passwordOwner, resetMailsInLastHour, resetLinkOwner, setPasswordHash } from './password.repository';
import { issuePasswordLinks, RESET_TTL_MS, sha256 } from './passwordLinks';
import { endSessions } from './sessions.service';

export function createPasswordService(app: Pick<FastifyInstance, 'db' | 'config' | 'log' | 'realtime'>) {
  const { db } = app;
  const mail = createMailProvider(app.config, app.db, app.log);
  const perIp = createThrottle({ limit: 10, windowMs: 15 * 60 * 1000 });
  const resetAttempts = createThrottle({ limit: 20, windowMs: 15 * 60 * 1000 });

  return {
    async changePassword(me: AuthUser, { currentPassword, newPassword }: Static<typeof ChangePasswordBody>) {
      const row = await passwordOwner(db, me.id);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.hash, currentPassword))) throw badRequest(AM.wrongCurrentPassword, undefined, 'WRONG_PASSWORD');
      assertPasswordAllowed(newPassword, row);
      if (newPassword === currentPassword) throw badRequest(AM.samePassword, undefined, 'SAME_PASSWORD');
      await setPasswordHash(db, me.id, await hashPassword(newPassword));
      await endSessions(db, app.realtime, me.id, 'password-changed', { except: me.sessionId });
      return { success: true as const, message: AM.passwordChanged };
    },

    async forgotPassword(rawEmail: string, ip: string, log: FastifyInstance['log']) {
      const email = rawEmail.trim().toLowerCase();
      if (!perIp.hit(ip)) throw tooManyRequests();
      const user = await findUserByEmail(db, email);
      if (user && user.status === 'Active' && (await resetMailsInLastHour(db, user.id)) < app.config.resetMailsPerAccountPerHour) {
        const [token] = await issuePasswordLinks(db, [user.id], 'reset', RESET_TTL_MS);
        const link = `${app.config.publicUrl}/reset-password?token=${token}`;
        // Not awaited: a known address must not answer slower than an unknown one.
        mail
          .send({
            to: email,
            subject: 'ShetMitra: पासवर्ड रीसेट / Password reset',
            text: `नमस्कार ${user.name},\n\nपासवर्ड रीसेट करण्यासाठी ही लिंक ३० मिनिटांत उघडा:\n${link}\n\nHello ${user.name},\n\nOpen this link within 30 minutes to reset your password:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
          })
          .catch((err: unknown) => log.error({ err }, 'password reset mail failed'));
      }
      return { success: true as const, message: AM.resetLinkSent };
    },

    async resetPassword({ token, newPassword }: Static<typeof ResetPasswordBody>, ip: string) {
      if (!resetAttempts.hit(ip)) throw tooManyRequests();
      // The rules first (they need the owner's e-mail and name), so a refused password leaves the link usable.
      const owner = await resetLinkOwner(db, sha256(token));
      if (!owner) throw badRequest(AM.resetLinkInvalid, undefined, 'RESET_TOKEN_INVALID');
      assertPasswordAllowed(newPassword, owner);
      const passwordHash = await hashPassword(newPassword);
      // Claiming the token and setting the password happen together or not at all.
      const userId = await claimResetLink(db, sha256(token), passwordHash);
      if (!userId) throw badRequest(AM.resetLinkInvalid, undefined, 'RESET_TOKEN_INVALID');
      await endSessions(db, app.realtime, userId, 'password-reset');
      return { success: true as const, message: AM.passwordReset };
    },
  };
}
