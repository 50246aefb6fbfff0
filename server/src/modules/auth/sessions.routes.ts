/**
 * The login-history dialog's calls: the caller's own history and live sessions, revoking one
 * (its refresh token stops working and its sockets are closed at once) and reporting a sign-in.
 * Another user's session or history entry answers 404, never 403, so ids cannot be probed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ActiveSessionsAnswer, LoginHistoryAnswer, OkAnswer } from '../../../../contracts/account';
import { IdParams } from '../../../../contracts/common';
import { notFound } from '../../lib/errors';
import { AM } from './messages';
import { findHistoryEntry, listActiveSessions, listLoginHistory, markReported, revokeSessions } from './sessions.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const revoke = async (userId: string, sessionId: string, reason: string) => {
    const ids = await revokeSessions(app.db, userId, reason, { only: [sessionId] });
    for (const id of ids) app.realtime.disconnectSession(id);
    return ids.length > 0;
  };

  app.get('/auth/login-history', { schema: { response: { 200: LoginHistoryAnswer } } }, async (req) => {
    const me = req.user!;
    const now = new Date();
    const rows = await listLoginHistory(app.db, me.id);
    return {
      history: rows.map(({ entry, revokedAt, expiresAt }) => ({
        _id: entry.id,
        timestamp: entry.createdAt.toISOString(),
        status: entry.status,
        reason: entry.reason,
        ipAddress: entry.ipAddress,
        userAgent: entry.userAgent,
        deviceType: entry.deviceType,
        location: entry.location,
        sessionId: entry.sessionId,
        sessionActive: !!entry.sessionId && !revokedAt && !!expiresAt && expiresAt > now,
        current: entry.sessionId === me.sessionId,
        reported: entry.reportedAt !== null,
        retryAt: iso(entry.retryAt),
      })),
    };
  });

  app.get('/auth/sessions/active', { schema: { response: { 200: ActiveSessionsAnswer } } }, async (req) => {
    const me = req.user!;
    const rows = await listActiveSessions(app.db, me.id);
    return {
      sessions: rows.map((s) => ({
        _id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: iso(s.lastUsedAt)!,
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
        deviceType: s.deviceType,
        location: s.location,
        current: s.id === me.sessionId,
      })),
    };
  });

  app.delete('/auth/sessions/:id', { schema: { params: IdParams, response: { 200: OkAnswer } } }, async (req) => {
    if (!(await revoke(req.user!.id, req.params.id, 'revoked-by-user'))) throw notFound();
    return { success: true as const, message: AM.sessionRevoked };
  });

  app.post('/auth/suspicious/:id', { schema: { params: IdParams, response: { 200: OkAnswer } } }, async (req) => {
    const me = req.user!;
    const entry = await findHistoryEntry(app.db, me.id, req.params.id);
    if (!entry) throw notFound();
    await markReported(app.db, me.id, entry.id);
    // A sign-in the owner does not recognise must not stay signed in.
    if (entry.sessionId) await revoke(me.id, entry.sessionId, 'reported-suspicious');
    req.log.warn({ userId: me.id, loginId: entry.id, ip: entry.ipAddress }, 'sign-in reported as suspicious');
    return { success: true as const, message: AM.reported };
  });
};

export default sessionRoutes;
