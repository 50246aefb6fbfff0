/**
 * The caller's own sessions and login history (the login-history dialog), and ending sessions anywhere in
 * /auth: the rows are revoked (sessions.repository.ts), then their sockets are closed at once. Another user's
 * session or history entry answers 404, never 403, so ids cannot be probed.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { Realtime } from '../../realtime/rooms';
import { AM } from './messages';
import { findHistoryEntry, listActiveSessions, listLoginHistory, markReported, revokeSessions } from './sessions.repository';

type Sockets = Pick<Realtime, 'disconnectSession'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Revokes live sessions of one user (`only` these, or all `except` one) and closes their sockets; the ids ended. */
export async function endSessions(db: Db, realtime: Sockets, userId: string, reason: string, which: { only?: string[]; except?: string } = {}) {
  const ids = await revokeSessions(db, userId, reason, which);
  for (const id of ids) realtime.disconnectSession(id);
  return ids;
}

export async function loginHistoryOf(db: Db, me: AuthUser) {
  const now = new Date();
  const rows = await listLoginHistory(db, me.id);
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
}

export async function activeSessionsOf(db: Db, me: AuthUser) {
  const rows = await listActiveSessions(db, me.id);
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
}

/** Ends one of the caller's own live sessions (its refresh token stops working); 404 for any other id. */
export async function revokeOwnSession(db: Db, realtime: Sockets, me: AuthUser, sessionId: string) {
  const ended = await endSessions(db, realtime, me.id, 'revoked-by-user', { only: [sessionId] });
  if (ended.length === 0) throw notFound();
  return { success: true as const, message: AM.sessionRevoked };
}

/** Marks one of the caller's sign-ins as not theirs; a session it opened must not stay signed in. */
export async function reportSuspicious(db: Db, realtime: Sockets, me: AuthUser, entryId: string, log: FastifyBaseLogger) {
  const entry = await findHistoryEntry(db, me.id, entryId);
  if (!entry) throw notFound();
  await markReported(db, me.id, entry.id);
  if (entry.sessionId) await endSessions(db, realtime, me.id, 'reported-suspicious', { only: [entry.sessionId] });
  log.warn({ userId: me.id, loginId: entry.id, ip: entry.ipAddress }, 'sign-in reported as suspicious');
  return { success: true as const, message: AM.reported };
}
