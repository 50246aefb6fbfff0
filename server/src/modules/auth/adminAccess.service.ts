/**
 * Administrators and another user's sign-in (issue 13): what the login history says about them (failures,
 * throttles and their ends, sessions), clearing the sign-in throttle, ending every session, and sending a
 * first sign-in invitation (a set-password link by SMS and e-mail, passwordLinks.ts).
 * Each administrator reaches the roles it may create (lib/access.ts CAN_CREATE), so an admin never touches a
 * superadmin or another admin; anyone else's id answers 404. Each action is written to the user's login
 * history with the administrator's id (`actorId`).
 *
 * Issue 19 adds two changes to a person's access, each with exactly one audit entry (never a secret):
 * - the role (superadmins only): a staff member becomes admin or coordinator. Never one's own role; a farmer's
 *   never (their fields, readings and coordinator belong to a farmer account: a farmer who joins the staff gets
 *   a staff account); never a promotion to superadmin (nobody is made superadmin through the API); and the last
 *   active superadmin is never demoted. A coordinator's farmers become unassigned (only coordinators manage
 *   farmers), and the person's sessions end, so every device signs in again with the new role's screens.
 * - a two-factor reset (admins for the roles they reach, superadmins for everyone else, other superadmins too): the secret and backup
 *   codes are removed and every session ends (the phone with the authenticator may be lost or stolen); the
 *   person signs in with their password and can set two-factor up again. Not one's own (the profile's settings
 *   ask for a code or the password there).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { SIGN_IN_POLICY } from '../../domain/throttle/signInThrottle';
import { CAN_CREATE, isUuid, type AuthUser, type Role } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import {
  clearTwoFactor,
  findUser,
  hasTwoFactor,
  lastThrottleClear,
  liveSessionIds,
  managedFarmerCount,
  otherActiveSuperadmins,
  recentSignIns,
  recordAdminAction,
  setRole,
  waitingSources,
} from './adminAccess.repository';
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

type StaffRole = 'admin' | 'coordinator';
const STAFF_CHOICES: readonly StaffRole[] = ['admin', 'coordinator'];

/** The roles `caller` may give `target` now (the role rules above, but the last-superadmin check). */
export function roleChoices(caller: Pick<AuthUser, 'id' | 'role'>, target: { id: string; role: Role }): StaffRole[] {
  if (caller.role !== 'superadmin' || target.id === caller.id || target.role === 'farmer') return [];
  return STAFF_CHOICES.filter((r) => r !== target.role);
}

/**
 * The user whose access `caller` may change (role, two-factor): a superadmin reaches everyone, another superadmin
 * too; an admin the roles it may create. Anyone else, or no such user: 404.
 */
async function loadManageable(db: Db, caller: AuthUser, id: string) {
  if (caller.role !== 'superadmin') return loadReachable(db, caller, id);
  if (!isUuid(id)) throw notFound();
  const target = await findUser(db, id);
  if (!target) throw notFound();
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
        twoFactor: (await hasTwoFactor(db, target.id)) !== null,
        roleChoices: roleChoices(me, target),
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

    /** Superadmins: the staff member's new role (the rules in the header); one audit entry; their sessions end. */
    async changeRole(me: AuthUser, id: string, role: StaffRole, log: FastifyBaseLogger) {
      if (me.role !== 'superadmin') throw forbidden();
      const target = await loadManageable(db, me, id);
      if (target.id === me.id) throw badRequest(AM.ownRole, { field: 'role' }, 'OWN_ROLE');
      if (target.role === 'farmer') throw badRequest(AM.farmerRole, { field: 'role' }, 'FARMER_ROLE');
      if (target.role === role) throw badRequest(AM.sameRole, { field: 'role' }, 'SAME_ROLE');
      const ended = await db.transaction(async (tx) => {
        if (target.role === 'superadmin' && (await otherActiveSuperadmins(tx as Db, target.id)).length === 0) {
          throw conflict(AM.lastSuperadmin, 'LAST_SUPERADMIN');
        }
        const farmers = target.role === 'coordinator' ? await managedFarmerCount(tx as Db, target.id) : 0;
        await setRole(tx as Db, target.id, role);
        const ids = await revokeSessions(tx as Db, target.id, 'role-changed');
        await recordAudit(tx, me, {
          action: 'user.role',
          target: { type: 'user', id: target.id },
          before: { role: target.role, ...(farmers ? { farmersManaged: farmers } : {}) },
          after: { role, ...(farmers ? { farmersManaged: 0 } : {}), sessionsEnded: ids.length },
        });
        return ids;
      });
      for (const sid of ended) app.realtime.disconnectSession(sid);
      await app.realtime.recheck({ users: [target.id] });
      log.warn({ adminId: me.id, userId: target.id, from: target.role, to: role }, 'role changed by a superadmin');
      return { success: true as const, message: AM.roleChanged, ended: ended.length };
    },

    /** Admins (for whom they reach): removes the two-factor secret and backup codes and ends every session. */
    async resetTwoFactor(me: AuthUser, id: string, log: FastifyBaseLogger) {
      const target = await loadManageable(db, me, id);
      if (target.id === me.id) throw badRequest(AM.ownTwoFactor, undefined, 'OWN_TWO_FACTOR');
      const ended = await db.transaction(async (tx) => {
        const had = await hasTwoFactor(tx as Db, target.id);
        if (!had) throw badRequest(AM.twoFactorNotOn, undefined, 'TWO_FACTOR_OFF');
        await clearTwoFactor(tx as Db, target.id);
        const ids = await revokeSessions(tx as Db, target.id, 'two-factor-reset');
        await recordAudit(tx, me, {
          action: 'twoFactor.reset',
          target: { type: 'user', id: target.id },
          before: { twoFactorEnabled: had.enabled },
          after: { twoFactorEnabled: false, sessionsEnded: ids.length },
        });
        return ids;
      });
      for (const sid of ended) app.realtime.disconnectSession(sid);
      log.warn({ adminId: me.id, userId: target.id, sessions: ended.length }, 'two-factor sign-in reset by an administrator');
      return { success: true as const, message: AM.twoFactorReset, ended: ended.length };
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
