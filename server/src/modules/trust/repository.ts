/**
 * The SQL of the trust dashboard and the operations plugins: health samples and their hourly roll-up, API latency
 * per hour, ratings, and the counts the figures and /metrics are made of. Whole-app counts, no personal rows:
 * every signed-in person may see the trust figures (spec: /trust is for any logged-in user).
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts, apiLatencyHours, chatAnswers, diseaseDiagnoses, healthSamples, notificationJobs, ratings } from '../../db/schema';
import type { Buckets } from '../../domain/trust/figures';

export type SampleRow = {
  at: Date;
  resolution: 'minute' | 'hour';
  samples: number;
  upSamples: number;
  brokerDownSamples: number;
  ingestQueuedMax: number;
  readingsAccepted: number;
  readingsRejected: number;
  demo?: boolean;
};

export async function insertSamples(db: Db, rows: SampleRow[]) {
  if (rows.length > 0) await db.insert(healthSamples).values(rows);
}

/**
 * Minute samples older than `before` become one 'hour' row per hour (sums; the largest queue), in one transaction;
 * answers how many hour rows were written.
 */
export async function rollUpSamples(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const res = await tx.execute<{ n: number }>(sql`
      with gone as (
        delete from ${healthSamples} where resolution = 'minute' and at < ${before.toISOString()}::timestamptz returning *
      ), hours as (
        insert into ${healthSamples} (at, resolution, samples, up_samples, broker_down_samples, ingest_queued_max, readings_accepted, readings_rejected, demo)
        select date_trunc('hour', at), 'hour', sum(samples), sum(up_samples), sum(broker_down_samples), max(ingest_queued_max),
               sum(readings_accepted), sum(readings_rejected), bool_and(demo)
        from gone group by date_trunc('hour', at)
        returning 1
      )
      select count(*)::int as n from hours`);
    return Number(res.rows[0]?.n ?? 0);
  });
}

export type SampleTotals = { samples: number; upSamples: number; readingsAccepted: number; readingsRejected: number; demo: boolean };

/** Sums of the samples since `since` (minute and hour rows alike). */
export async function sampleTotals(db: Db, since: Date): Promise<SampleTotals> {
  const [row] = await db
    .select({
      samples: sql<number>`coalesce(sum(${healthSamples.samples}), 0)::int`,
      upSamples: sql<number>`coalesce(sum(${healthSamples.upSamples}), 0)::int`,
      readingsAccepted: sql<number>`coalesce(sum(${healthSamples.readingsAccepted}), 0)::int`,
      readingsRejected: sql<number>`coalesce(sum(${healthSamples.readingsRejected}), 0)::int`,
      demo: sql<boolean>`coalesce(bool_or(${healthSamples.demo}), false)`,
    })
    .from(healthSamples)
    .where(gte(healthSamples.at, since));
  return { samples: Number(row.samples), upSamples: Number(row.upSamples), readingsAccepted: Number(row.readingsAccepted), readingsRejected: Number(row.readingsRejected), demo: !!row.demo };
}

/** Adds to this hour's row of this process (or writes it): the buckets are this process's counts of that hour. */
export async function saveLatencyHour(db: Db, row: { hour: Date; instance: string; count: number; buckets: Buckets; p50Ms: number | null; p95Ms: number | null; demo?: boolean }) {
  await db
    .insert(apiLatencyHours)
    .values(row)
    .onConflictDoUpdate({
      target: [apiLatencyHours.hour, apiLatencyHours.instance],
      set: { count: row.count, buckets: row.buckets, p50Ms: row.p50Ms, p95Ms: row.p95Ms },
    });
}

export async function latencyHoursSince(db: Db, since: Date) {
  return db
    .select({ hour: apiLatencyHours.hour, buckets: apiLatencyHours.buckets, demo: apiLatencyHours.demo })
    .from(apiLatencyHours)
    .where(gte(apiLatencyHours.hour, since));
}

// ---------------------------------------------------------------- ratings

export async function recordChatAnswer(db: Db, userId: string): Promise<string> {
  const [row] = await db.insert(chatAnswers).values({ userId }).returning({ id: chatAnswers.id });
  return row.id;
}

/** Whose answer or result `subjectId` is (undefined when there is none). */
export async function ownerOf(db: Db, kind: 'chat' | 'disease', subjectId: string): Promise<string | undefined> {
  if (kind === 'chat') {
    const [row] = await db.select({ userId: chatAnswers.userId }).from(chatAnswers).where(eq(chatAnswers.id, subjectId)).limit(1);
    return row?.userId;
  }
  const [row] = await db.select({ userId: diseaseDiagnoses.userId }).from(diseaseDiagnoses).where(eq(diseaseDiagnoses.id, subjectId)).limit(1);
  return row?.userId;
}

export async function upsertRating(db: Db, r: { userId: string; subjectKind: 'chat' | 'disease'; subjectId: string; up: boolean }) {
  await db
    .insert(ratings)
    .values(r)
    .onConflictDoUpdate({ target: [ratings.subjectKind, ratings.subjectId], set: { up: r.up, createdAt: new Date() } });
}

export async function ratingTotals(db: Db, since: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      positive: sql<number>`count(*) filter (where ${ratings.up})::int`,
      demo: sql<boolean>`coalesce(bool_or(${ratings.demo}), false)`,
    })
    .from(ratings)
    .where(gte(ratings.createdAt, since));
  return { total: Number(row.total), positive: Number(row.positive), demo: !!row.demo };
}

// ---------------------------------------------------------------- whole-app counts

const one = async <T extends Record<string, unknown>>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute<T>(q)).rows[0] ?? {}) as T;
const n = (v: unknown) => Number(v ?? 0);

/** Sensors expected to report (not inactive or in maintenance) and those whose last reading is within their field's offline limit. */
export async function sensorsOnTime(db: Db, now: Date) {
  const r = await one<{ expected: number; on_time: number }>(db, sql`
    select count(*)::int as expected,
           count(*) filter (where s.last_seen_at >= ${now.toISOString()}::timestamptz - make_interval(mins => f.offline_after_minutes))::int as on_time
    from sensors s join fields f on f.id = s.field_id
    where s.status not in ('inactive', 'maintenance')`);
  return { expected: n(r.expected), onTime: n(r.on_time) };
}

/** Security events since `since`: refresh-token reuse detected, sign-ins refused by the throttle, sessions staff ended. */
export async function securityCounts(db: Db, since: Date) {
  const at = since.toISOString();
  const r = await one<{ reuse: number; throttled: number; ended: number; revoked: number; two_factor: number; staff: number; users: number }>(db, sql`
    select
      (select count(*) from sessions where revoked_reason = 'refresh token reuse' and revoked_at >= ${at}::timestamptz)::int as reuse,
      (select count(*) from login_history where status = 'throttled' and created_at >= ${at}::timestamptz)::int as throttled,
      (select count(*) from login_history where status = 'sessions_ended' and created_at >= ${at}::timestamptz)::int as ended,
      (select count(*) from sessions where revoked_at >= ${at}::timestamptz and coalesce(revoked_reason, '') <> 'logout')::int as revoked,
      (select count(*) from two_factor t join users u on u.id = t.user_id where t.enabled and u.status = 'Active')::int as two_factor,
      (select count(*) from users where status = 'Active' and role <> 'farmer')::int as staff,
      (select count(*) from users where status = 'Active')::int as users`);
  return {
    tokenReuse: n(r.reuse),
    throttledSignIns: n(r.throttled),
    sessionsEndedByStaff: n(r.ended),
    sessionsRevoked: n(r.revoked),
    twoFactorUsers: n(r.two_factor),
    activeStaff: n(r.staff),
    activeUsers: n(r.users),
  };
}

/** People active since `since` by role, and messages sent since then (with their recipients). */
export async function communityCounts(db: Db, since: Date) {
  const at = since.toISOString();
  const r = await one<{ farmers: number; coordinators: number; messages: number; deliveries: number; farmers_total: number; coordinators_total: number }>(db, sql`
    select
      (select count(*) from users where role = 'farmer' and status = 'Active' and last_active_at >= ${at}::timestamptz)::int as farmers,
      (select count(*) from users where role = 'coordinator' and status = 'Active' and last_active_at >= ${at}::timestamptz)::int as coordinators,
      (select count(*) from users where role = 'farmer' and status = 'Active')::int as farmers_total,
      (select count(*) from users where role = 'coordinator' and status = 'Active')::int as coordinators_total,
      (select count(*) from messages where created_at >= ${at}::timestamptz)::int as messages,
      (select count(*) from message_recipients mr join messages m on m.id = mr.message_id where m.created_at >= ${at}::timestamptz)::int as deliveries`);
  return {
    activeFarmers: n(r.farmers),
    activeCoordinators: n(r.coordinators),
    farmers: n(r.farmers_total),
    coordinators: n(r.coordinators_total),
    messages: n(r.messages),
    messageDeliveries: n(r.deliveries),
  };
}

/** Fields monitored (with a sensor), their area in hectares, and low-moisture alerts since `since` acknowledged within an hour. */
export async function impactCounts(db: Db, since: Date) {
  const at = since.toISOString();
  const r = await one<{ fields: number; hectares: number; raised: number; within_hour: number }>(db, sql`
    select
      (select count(*) from fields f where exists (select 1 from sensors s where s.field_id = f.id))::int as fields,
      (select coalesce(sum(case f.area_unit when 'hectares' then f.area_value when 'acres' then f.area_value * 0.404686
                                           when 'sq_meters' then f.area_value / 10000 else 0 end), 0)
         from fields f where exists (select 1 from sensors s where s.field_id = f.id))::float8 as hectares,
      (select count(*) from alerts where type = 'moisture' and created_at >= ${at}::timestamptz)::int as raised,
      (select count(*) from alerts where type = 'moisture' and created_at >= ${at}::timestamptz
          and acknowledged_at is not null and acknowledged_at <= created_at + interval '1 hour')::int as within_hour`);
  return { fieldsMonitored: n(r.fields), hectares: Number(r.hectares ?? 0), lowMoistureAlerts: n(r.raised), actedWithinHour: n(r.within_hour) };
}

// ---------------------------------------------------------------- /metrics

/** Alerts by type, severity and status (the whole table; grouped in the database). */
export async function alertCounts(db: Db) {
  return db
    .select({ type: alerts.type, severity: alerts.severity, status: alerts.status, count: sql<number>`count(*)::int` })
    .from(alerts)
    .groupBy(alerts.type, alerts.severity, alerts.status);
}

/** Notification jobs not yet done, by status (queued, retrying, running) and channel. */
export async function notificationBacklog(db: Db) {
  return db
    .select({ status: notificationJobs.status, channel: notificationJobs.channel, count: sql<number>`count(*)::int` })
    .from(notificationJobs)
    .where(sql`${notificationJobs.status} in ('queued', 'retrying', 'running')`)
    .groupBy(notificationJobs.status, notificationJobs.channel);
}

/** The latest health samples (newest first), for the admins' health history. */
export async function recentSamples(db: Db, since: Date, until: Date) {
  return db
    .select()
    .from(healthSamples)
    .where(and(gte(healthSamples.at, since), lt(healthSamples.at, until)))
    .orderBy(healthSamples.at);
}
