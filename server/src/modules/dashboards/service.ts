/**
 * Dashboard stat cards: each answer computed in one round trip (repository.ts) and kept for the minute by the
 * count cache until a counted table changes (lib/countCache.ts).
 */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/access';
import { minuteKey, scopeKey, type CountCache } from '../../lib/countCache';
import * as repo from './repository';

/** Admin stat cards: coordinators, farmers, active fields and alerts of the last 7 days. */
export function adminOverview(db: Db, counts: CountCache) {
  return counts.get(db, `overview|${minuteKey()}`, ['users', 'fields', 'alerts'], () => repo.adminOverview(db));
}

/** Coordinator stat cards over the caller's reach. */
export async function coordinatorStats(db: Db, counts: CountCache, user: AuthUser) {
  return { stats: await counts.get(db, `stats|${scopeKey(user)}|${minuteKey()}`, ['users', 'fields', 'alerts'], () => repo.coordinatorStats(db, user)) };
}
