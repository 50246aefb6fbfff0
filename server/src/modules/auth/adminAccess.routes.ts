/**
 * Administrators and another user's sign-in (issue 13): what the login history says about them (failures,
 * throttles and their ends, sessions), clearing the sign-in throttle, ending every session, and sending a
 * first sign-in invitation (a set-password link by SMS and e-mail, passwordLinks.ts).
 * Admins and superadmins only; each reaches the roles it may create (lib/access.ts CAN_CREATE), so an
 * admin never touches a superadmin or another admin. Anyone else's id answers 404. Each action is
 * written to the user's login history with the administrator's id (`actorId`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../../contracts/common';
import { AdminSignInAnswer, InviteAnswer, OkAnswer, SessionsEnded } from '../../../../contracts/account';
import { SIGN_IN_POLICY } from '../../domain/throttle/signInThrottle';
import { ADMINS, CAN_CREATE, isUuid, requireRole, type AuthUser } from '../../lib/access';
import { badRequest, notFound } from '../../lib/errors';
import { clientInfo } from './loginHistory';
import { findUser, lastThrottleClear, liveSessionIds, recentSignIns, recordAdminAction, waitingSources } from './adminAccess.repository';
import { AM } from './messages';
import { createInviter } from './passwordLinks';
import { revokeSessions } from './sessions.repository';

const ADMIN_HISTORY_LIMIT = 50;

async function loadReachable(app: { db: import('../../db/client').Db }, caller: AuthUser, id: string) {
  requireRole(caller, ADMINS);
  if (!isUuid(id)) throw notFound();
  const target = await findUser(app.db, id);
  if (!target || (target.id !== caller.id && !CAN_CREATE[caller.role].includes(target.role))) throw notFound();
  return target;
}

const adminAccessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const inviter = createInviter(app);
  app.get(
    '/admin/users/:id/sign-in',
    { schema: { tags: ['admin'], params: IdParams, response: { 200: AdminSignInAnswer } } },
    async (req) => {
      const target = await loadReachable(app, req.user!, req.params.id);
      const now = new Date();
      const since = new Date(now.getTime() - SIGN_IN_POLICY.windowMs);
      const clearedAt = await lastThrottleClear(app.db, target.email);
      const from = clearedAt && clearedAt > since ? clearedAt : since;
      // Sources still waiting: the newest refusal per address whose wait has not ended (after the last clear).
      const waiting = await waitingSources(app.db, target.email, from, now);
      const history = await recentSignIns(app.db, target.email, ADMIN_HISTORY_LIMIT);
      const live = await liveSessionIds(app.db, target.id, now);
      return {
        user: { _id: target.id, name: target.name, email: target.email, role: target.role },
        activeSessions: live.length,
        throttled: waiting.map((w) => ({ ipAddress: w.ip, retryAt: w.retryAt!.toISOString() })),
        history: history.map((h) => ({
          _id: h.id,
          timestamp: h.createdAt.toISOString(),
          status: h.status,
          reason: h.reason,
          ipAddress: h.ipAddress,
          deviceType: h.deviceType,
          retryAt: h.retryAt ? h.retryAt.toISOString() : null,
          actorId: h.actorId,
        })),
      };
    },
  );

  app.post(
    '/admin/users/:id/sign-in/clear',
    { schema: { tags: ['admin'], params: IdParams, response: { 200: OkAnswer } } },
    async (req) => {
      const me = req.user!;
      const target = await loadReachable(app, me, req.params.id);
      const client = clientInfo(req.ip, req.headers['user-agent']);
      // Failures before this row no longer count for the account (domain/throttle/signInThrottle.ts).
      await recordAdminAction(app.db, {
        email: target.email,
        userId: target.id,
        status: 'unthrottled',
        reason: 'cleared-by-admin',
        actorId: me.id,
        ipAddress: client.ip,
        userAgent: client.userAgent,
        deviceType: client.deviceType,
      });
      req.log.warn({ adminId: me.id, userId: target.id }, 'sign-in throttle cleared by an administrator');
      return { success: true as const, message: AM.throttleCleared };
    },
  );

  app.post(
    '/admin/users/:id/sessions/end',
    { schema: { tags: ['admin'], params: IdParams, response: { 200: SessionsEnded } } },
    async (req) => {
      const me = req.user!;
      const target = await loadReachable(app, me, req.params.id);
      // An administrator ending their own sessions keeps the one they are using.
      const ended = await revokeSessions(app.db, target.id, 'ended-by-admin', target.id === me.id ? { except: me.sessionId } : {});
      for (const id of ended) app.realtime.disconnectSession(id);
      const client = clientInfo(req.ip, req.headers['user-agent']);
      await recordAdminAction(app.db, {
        email: target.email,
        userId: target.id,
        status: 'sessions_ended',
        reason: `ended ${ended.length}`,
        actorId: me.id,
        ipAddress: client.ip,
        userAgent: client.userAgent,
        deviceType: client.deviceType,
      });
      req.log.warn({ adminId: me.id, userId: target.id, sessions: ended.length }, 'sessions ended by an administrator');
      return { success: true as const, message: AM.sessionsEnded, ended: ended.length };
    },
  );

  app.post(
    '/admin/users/:id/invite',
    { schema: { tags: ['admin'], params: IdParams, response: { 200: InviteAnswer } } },
    async (req) => {
      const me = req.user!;
      const target = await loadReachable(app, me, req.params.id);
      if (target.status !== 'Active') throw badRequest(AM.inviteInactive, undefined, 'USER_INACTIVE');
      const { channels, delivered } = await inviter.invite([target], req.log);
      await delivered;
      req.log.info({ adminId: me.id, userId: target.id, channels }, 'sign-in invitation sent');
      return { success: true as const, channels };
    },
  );
};

export default adminAccessRoutes;
