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
  // One pass over each table (counts with filters) rather than one scan per figure.
  const r = await db.execute(sql`select u."totalCoordinators", u."totalFarmers", f."activeFields", f."totalFields",
      (select count(*)::int from ${alerts} where ${alerts.createdAt} >= ${WEEK}) as "recentAlerts"
    from (select count(*) filter (where ${users.role} = 'coordinator')::int as "totalCoordinators",
                 count(*) filter (where ${users.role} = 'farmer')::int as "totalFarmers"
          from ${users} where ${users.role} in ('coordinator', 'farmer')) u,
         (select count(*) filter (where ${fields.operationalStatus} = 'active')::int as "activeFields",
                 count(*)::int as "totalFields"
          from ${fields}) f`);
  return rowsOf(r)[0] as { totalCoordinators: number; totalFarmers: number; activeFields: number; totalFields: number; recentAlerts: number };
}

/**
 * Coordinator stat cards over their own farmers. Average yield is actual over expected, in percent,
 * across the fields that report both; `yieldFields` says how many do (0: nothing harvested yet, not a 0 % yield).
 */
export async function coordinatorStats(db: Db, user: AuthUser) {
  const r = await db.execute(sql`select
      (select count(*)::int from ${users} where ${farmerScope(user)}) as "totalFarmers",
      f."activeFields", f."totalFields", f."averageYield", f."yieldFields",
      (select count(*)::int from ${alerts} where ${alertScope(user)} and ${alerts.createdAt} >= ${WEEK}) as "alertsThisWeek"
    from (select count(*) filter (where ${fields.operationalStatus} = 'active')::int as "activeFields",
                 count(*)::int as "totalFields",
                 coalesce(round((avg(${fields.yieldActual} / ${fields.yieldExpected} * 100)
                   filter (where ${fields.yieldExpected} > 0 and ${fields.yieldActual} is not null))::numeric, 1), 0)::float8 as "averageYield",
                 count(*) filter (where ${fields.yieldExpected} > 0 and ${fields.yieldActual} is not null)::int as "yieldFields"
          from ${fields} where ${fieldScope(user)}) f`);
  return rowsOf(r)[0] as { totalFarmers: number; activeFields: number; totalFields: number; alertsThisWeek: number; averageYield: number; yieldFields: number };
}
