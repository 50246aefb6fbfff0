/**
 * Administrators and another user's sign-in (issue 13): what the login history says about them (failures,
 * throttles and their ends, sessions), clearing the sign-in throttle, ending every session, and sending a
 * first sign-in invitation (a set-password link by SMS and e-mail, passwordLinks.ts).
 * Each administrator reaches the roles it may create (lib/access.ts CAN_CREATE), so an admin never touches a
 * superadmin or another admin; anyone else's id answers 404. Each action is written to the user's login
 * history with the administrator's id (`actorId`).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { SIGN_IN_POLICY } from '../../domain/throttle/signInThrottle';
import { CAN_CREATE, isUuid, type AuthUser } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { findUser, lastThrottleClear, liveSessionIds, recentSignIns, recordAdminAction, waitingSources } from './adminAccess.repository';
import { AM } from './messages';
import { createInviter } from './passwordLinks';
import type { ClientInfo } from './sessions';
import { revokeSessions } from './sessions.repository';

const ADMIN_HISTORY_LIMIT = 50;

/** The user with this id if the administrator may manage them (themselves, or a role they may create); else 404. */
async function loadReachable(db: Db, caller: AuthUser, id: string) {
  if (!isUuid(id)) throw notFound();
  const target = await findUser(db, id);
  if (!target || (target.id !== caller.id && !CAN_CREATE[caller.role].includes(target.role))) throw notFound();
  return target;
}

export function createAdminAccessService(app: FastifyInstance) {
  const { db } = app;
  const inviter = createInviter(app);

  return {
    async signInOverview(me: AuthUser, id: string) {
      const target = await loadReachable(db, me, id);
      const now = new Date();
      const since = new Date(now.getTime() - SIGN_IN_POLICY.windowMs);
      const clearedAt = await lastThrottleClear(db, target.email);
      const from = clearedAt && clearedAt > since ? clearedAt : since;
      // Sources still waiting: the newest refusal per address whose wait has not ended (after the last clear).
      const waiting = await waitingSources(db, target.email, from, now);
      const history = await recentSignIns(db, target.email, ADMIN_HISTORY_LIMIT);
      const live = await liveSessionIds(db, target.id, now);
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

    async clearThrottle(me: AuthUser, id: string, client: ClientInfo, log: FastifyBaseLogger) {
      const target = await loadReachable(db, me, id);
      // Failures before this row no longer count for the account (domain/throttle/signInThrottle.ts).
      await db.transaction(async (tx) => {
        await recordAdminAction(tx as Db, {
          email: target.email,
          userId: target.id,
          status: 'unthrottled',
          reason: 'cleared-by-admin',
          actorId: me.id,
          ipAddress: client.ip,
          userAgent: client.userAgent,
          deviceType: client.deviceType,
        });
        await recordAudit(tx, me, { action: 'signIn.clear', target: { type: 'user', id: target.id } });
      });
      log.warn({ adminId: me.id, userId: target.id }, 'sign-in throttle cleared by an administrator');
      return { success: true as const, message: AM.throttleCleared };
    },

    async endAllSessions(me: AuthUser, id: string, client: ClientInfo, log: FastifyBaseLogger) {
      const target = await loadReachable(db, me, id);
      // An administrator ending their own sessions keeps the one they are using. The sessions, the login-history
      // row and the audit entry commit together; the sockets close after the commit.
      const ended = await db.transaction(async (tx) => {
        const ids = await revokeSessions(tx as Db, target.id, 'ended-by-admin', target.id === me.id ? { except: me.sessionId } : {});
        await recordAdminAction(tx as Db, {
          email: target.email,
          userId: target.id,
          status: 'sessions_ended',
          reason: `ended ${ids.length}`,
          actorId: me.id,
          ipAddress: client.ip,
          userAgent: client.userAgent,
          deviceType: client.deviceType,
        });
        await recordAudit(tx, me, { action: 'sessions.end', target: { type: 'user', id: target.id }, after: { sessionsEnded: ids.length } });
        return ids;
      });
      for (const sid of ended) app.realtime.disconnectSession(sid);
      log.warn({ adminId: me.id, userId: target.id, sessions: ended.length }, 'sessions ended by an administrator');
      return { success: true as const, message: AM.sessionsEnded, ended: ended.length };
    },

    async invite(me: AuthUser, id: string, log: FastifyBaseLogger) {
      const target = await loadReachable(db, me, id);
      if (target.status !== 'Active') throw badRequest(AM.inviteInactive, undefined, 'USER_INACTIVE');
      const { channels, delivered } = await inviter.invite([target], log);
      await delivered;
      await recordAudit(db, me, { action: 'user.invite', target: { type: 'user', id: target.id }, after: { channels: channels.join(', ') } });
      log.info({ adminId: me.id, userId: target.id, channels }, 'sign-in invitation sent');
      return { success: true as const, channels };
    },
  };
}
