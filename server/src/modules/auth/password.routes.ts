/**
 * Change password (signed in), forgot password (always the same answer) and reset password (a
 * single-use, 30-minute link sent by mail). Changing ends every other session; a reset ends all of them.
 *
 * Reset mails are limited twice, so that a stranger can neither flood an inbox nor lock the owner out:
 * per requesting address (429), and per target account (RESET_MAILS_PER_ACCOUNT_PER_HOUR, counted in the
 * database so every app process agrees). Past the account's cap the answer stays the same 200, no mail
 * is sent and no link is cancelled: the newest link already mailed keeps working for its owner.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { ChangePasswordBody, ForgotPasswordBody, OkAnswer, ResetPasswordBody } from '../../contracts/account';
import { passwordResets, users } from '../../db/schema';
import { assertPasswordAllowed } from '../../domain/account/passwordRules';
import { createThrottle } from '../../domain/throttle/throttle';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createMailProvider } from '../../providers/mail/index';
import { AM } from './messages';
import { revokeSessions } from './sessions.repository';

export const RESET_TTL_MS = 30 * 60 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mail = createMailProvider(app.config, app.db, app.log);
  const perIp = createThrottle({ limit: 10, windowMs: 15 * 60 * 1000 });
  const resetAttempts = createThrottle({ limit: 20, windowMs: 15 * 60 * 1000 });

  const endSessions = async (userId: string, reason: string, except?: string) => {
    const ids = await revokeSessions(app.db, userId, reason, { except });
    for (const id of ids) app.realtime.disconnectSession(id);
  };

  const mailsInLastHour = async (userId: string) => {
    const [row] = await app.db
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, new Date(Date.now() - 60 * 60 * 1000))));
    return row.n;
  };

  app.post('/auth/change-password', { schema: { body: ChangePasswordBody, response: { 200: OkAnswer } } }, async (req) => {
    const me = req.user!;
    const { currentPassword, newPassword } = req.body;
    const [row] = await app.db
      .select({ hash: users.passwordHash, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, me.id));
    if (!row) throw unauthorized();
    if (!(await verifyPassword(row.hash, currentPassword))) throw badRequest(AM.wrongCurrentPassword, undefined, 'WRONG_PASSWORD');
    assertPasswordAllowed(newPassword, row);
    if (newPassword === currentPassword) throw badRequest(AM.samePassword, undefined, 'SAME_PASSWORD');
    await app.db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
      .where(eq(users.id, me.id));
    await endSessions(me.id, 'password-changed', me.sessionId);
    return { success: true as const, message: AM.passwordChanged };
  });

  app.post('/auth/forgot-password', { config: { public: true }, schema: { body: ForgotPasswordBody, response: { 200: OkAnswer } } }, async (req) => {
    const email = req.body.email.trim().toLowerCase();
    if (!perIp.hit(req.ip)) throw tooManyRequests();
    const [user] = await app.db
      .select({ id: users.id, name: users.name, status: users.status })
      .from(users)
      .where(eq(users.email, email));
    if (user && user.status === 'Active' && (await mailsInLastHour(user.id)) < app.config.resetMailsPerAccountPerHour) {
      const token = randomBytes(32).toString('base64url');
      await app.db.transaction(async (tx) => {
        // Only the newest link works.
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
      });
      const link = `${app.config.publicUrl}/reset-password?token=${token}`;
      // Not awaited: a known address must not answer slower than an unknown one.
      mail
        .send({
          to: email,
          subject: 'ShetMitra: पासवर्ड रीसेट / Password reset',
          text: `नमस्कार ${user.name},\n\nपासवर्ड रीसेट करण्यासाठी ही लिंक ३० मिनिटांत उघडा:\n${link}\n\nHello ${user.name},\n\nOpen this link within 30 minutes to reset your password:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
        })
        .catch((err: unknown) => req.log.error({ err }, 'password reset mail failed'));
    }
    return { success: true as const, message: AM.resetLinkSent };
  });

  app.post('/auth/reset-password', { config: { public: true }, schema: { body: ResetPasswordBody, response: { 200: OkAnswer } } }, async (req) => {
    if (!resetAttempts.hit(req.ip)) throw tooManyRequests();
    const { token, newPassword } = req.body;
    // The rules first (they need the owner's e-mail and name), so a refused password leaves the link usable.
    const [owner] = await app.db
      .select({ email: users.email, name: users.name })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
    if (!owner) throw badRequest(AM.resetLinkInvalid, undefined, 'RESET_TOKEN_INVALID');
    assertPasswordAllowed(newPassword, owner);
    const passwordHash = await hashPassword(newPassword);
    const userId = await app.db.transaction(async (tx) => {
      // Claiming the token and setting the password happen together or not at all.
      const [claimed] = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
        .returning({ userId: passwordResets.userId });
      if (!claimed) return null;
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, claimed.userId));
      return claimed.userId;
    });
    if (!userId) throw badRequest(AM.resetLinkInvalid, undefined, 'RESET_TOKEN_INVALID');
    await endSessions(userId, 'password-reset');
    return { success: true as const, message: AM.passwordReset };
  });
};

export default passwordRoutes;
