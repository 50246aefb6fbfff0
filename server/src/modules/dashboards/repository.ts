/** Dashboard figures, computed from the data in a single round trip each. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts, fields, users } from '../../db/schema';
import { alertScope, farmerScope, fieldScope, type AuthUser } from '../../lib/access';

const WEEK = sql`now() - interval '7 days'`;

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : ((r as { rows: Row[] }).rows ?? []));

/** Admin stat cards: coordinators, farmers, active fields and alerts of the last 7 days. */
export async function adminOverview(db: Db) {
  const r = await db.execute(sql`select
      (select count(*)::int from ${users} where ${users.role} = 'coordinator') as "totalCoordinators",
      (select count(*)::int from ${users} where ${users.role} = 'farmer') as "totalFarmers",
      (select count(*)::int from ${fields} where ${fields.operationalStatus} = 'active') as "activeFields",
      (select count(*)::int from ${fields}) as "totalFields",
      (select count(*)::int from ${alerts} where ${alerts.createdAt} >= ${WEEK}) as "recentAlerts"`);
  return rowsOf(r)[0] as { totalCoordinators: number; totalFarmers: number; activeFields: number; totalFields: number; recentAlerts: number };
}

/**
 * Coordinator stat cards over their own farmers. Average yield is actual over expected, in percent,
 * across the fields that report both.
 */
export async function coordinatorStats(db: Db, user: AuthUser) {
  const r = await db.execute(sql`select
      (select count(*)::int from ${users} where ${farmerScope(user)}) as "totalFarmers",
      (select count(*)::int from ${fields} where ${fieldScope(user)} and ${fields.operationalStatus} = 'active') as "activeFields",
      (select count(*)::int from ${fields} where ${fieldScope(user)}) as "totalFields",
      (select count(*)::int from ${alerts} where ${alertScope(user)} and ${alerts.createdAt} >= ${WEEK}) as "alertsThisWeek",
      (select coalesce(round(avg(${fields.yieldActual} / ${fields.yieldExpected} * 100)::numeric, 1), 0)::float8
         from ${fields} where ${fieldScope(user)} and ${fields.yieldExpected} > 0 and ${fields.yieldActual} is not null) as "averageYield"`);
  return rowsOf(r)[0] as { totalFarmers: number; activeFields: number; totalFields: number; alertsThisWeek: number; averageYield: number };
}
