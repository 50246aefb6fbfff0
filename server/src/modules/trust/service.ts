/**
 * The trust dashboard's figures, each measured (docs/operations.md): uptime from the health samples, API p50/p95
 * from the latency kept per hour, data accuracy from the readings accepted vs refused and the sensors on time,
 * satisfaction from the farmers' thumbs up/down, security incidents from the sessions and sign-in log, and the
 * trust score from those (domain/trust/figures.ts). Also the farmers' ratings and the health sampler.
 */
import type { FastifyInstance } from 'fastify';
import type { TrustFigures, RateRequest } from '../../../../contracts/trust';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bucketDelta, countOf, mergeBuckets, quantileMs, trustScore, uptimeOf, SCORE_WEIGHTS, type Buckets } from '../../domain/trust/figures';
import { notFound, translated } from '../../lib/errors';
import type { AuthUser } from '../../lib/access';
import { chooseChatModel } from '../../providers/llm';
import * as repo from './repository';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const MAX_PENDING = 7 * 24 * 60;

/**
 * The seam for the audit trail (issue 19 item 4): a function counting security-relevant audit entries since a
 * date. Until the audit_events table exists it is absent and the incidents come from sessions and sign-ins only.
 */
export type AuditIncidentCounter = (db: Db, since: Date) => Promise<number>;

const notYours = translated(
  'You can rate only your own answers and results.',
  'आपण फक्त आपल्याच उत्तरांना आणि निकालांना गुण देऊ शकता.',
  'आप केवल अपने ही उत्तरों और परिणामों को रेट कर सकते हैं।',
);

/** A farmer rates one of their chatbot answers or leaf-photo results; anyone else's (or none) is 404. */
export async function rate(db: Db, user: AuthUser, body: RateRequest) {
  const owner = await repo.ownerOf(db, body.kind, body.subjectId);
  if (owner !== user.id) throw notFound(notYours);
  await repo.upsertRating(db, { userId: user.id, subjectKind: body.kind, subjectId: body.subjectId, up: body.up });
  return { kind: body.kind, subjectId: body.subjectId, up: body.up };
}

export const recordChatAnswer = (db: Db, userId: string) => repo.recordChatAnswer(db, userId);

function services(config: Config): TrustFigures['transparency']['services'] {
  return [
    { service: 'chatbot', online: chooseChatModel(config) !== null },
    { service: 'weather', online: !!config.weatherUrl },
    { service: 'satellite', online: !!config.ndviApiKey },
    { service: 'diseaseModel', online: !!config.diseaseModelPath },
    { service: 'email', online: !!config.smtpUrl },
    { service: 'sms', online: !!config.smsUrl },
    { service: 'webPush', online: true },
  ];
}

/** The last security review as the operator recorded it in the environment; nulls when not recorded. */
export function securityReview(config: Pick<Config, 'securityReviewDate' | 'securityReviewSummary' | 'securityReviewUrl'>, now: Date) {
  const date = config.securityReviewDate ?? null;
  const daysAgo = date === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(`${date}T00:00:00Z`)) / DAY));
  return { date, daysAgo, summary: date === null ? null : (config.securityReviewSummary ?? null), url: date === null ? null : (config.securityReviewUrl ?? null) };
}

/** What is kept and for how long; nothing is deleted on a timer except what is rolled up. */
const STORED: TrustFigures['transparency']['stored'] = [
  { data: 'account', kept: 'whileAccount' },
  { data: 'fields', kept: 'whileAccount' },
  { data: 'readings', kept: 'whileField' },
  { data: 'signIns', kept: 'whileAccount' },
  { data: 'leafPhotos', kept: 'thumbnailOnly' },
  { data: 'chatQuestions', kept: 'never' },
  { data: 'healthSamples', kept: 'minuteThenHourly' },
];

export async function trustFigures(db: Db, config: Config, now = new Date(), audit?: AuditIncidentCounter): Promise<TrustFigures> {
  const t = now.getTime();
  const since = (ms: number) => new Date(t - ms);
  const [day, week, month, latency, ratings, sensors, security, community, impact, auditCount] = await Promise.all([
    repo.sampleTotals(db, since(DAY)),
    repo.sampleTotals(db, since(7 * DAY)),
    repo.sampleTotals(db, since(30 * DAY)),
    repo.latencyHoursSince(db, since(DAY)),
    repo.ratingTotals(db, since(30 * DAY)),
    repo.sensorsOnTime(db, now),
    repo.securityCounts(db, since(30 * DAY)),
    repo.communityCounts(db, since(30 * DAY)),
    repo.impactCounts(db, since(30 * DAY)),
    audit ? audit(db, since(30 * DAY)) : Promise.resolve(null),
  ]);
  const buckets = mergeBuckets(latency.map((h) => h.buckets));
  const offered = day.readingsAccepted + day.readingsRejected;
  const figures = {
    uptime: { day: uptimeOf([day]), week: uptimeOf([week]), month: uptimeOf([month]), samples: { day: day.samples, week: week.samples, month: month.samples } },
    latency: { p50Ms: quantileMs(buckets, 0.5), p95Ms: quantileMs(buckets, 0.95), requests: countOf(buckets), periodHours: 24 },
    accuracy: {
      readingsAccepted: offered === 0 ? null : day.readingsAccepted / offered,
      accepted: day.readingsAccepted,
      rejected: day.readingsRejected,
      sensorsOnTime: sensors.expected === 0 ? null : sensors.onTime / sensors.expected,
      sensorsExpected: sensors.expected,
      sensorsReporting: sensors.onTime,
      periodHours: 24,
    },
    satisfaction: { share: ratings.total === 0 ? null : ratings.positive / ratings.total, positive: ratings.positive, total: ratings.total, periodDays: 30 },
    incidents: {
      total: security.tokenReuse + security.throttledSignIns + security.sessionsEndedByStaff + (auditCount ?? 0),
      tokenReuse: security.tokenReuse,
      throttledSignIns: security.throttledSignIns,
      sessionsEndedByStaff: security.sessionsEndedByStaff,
      auditEntries: auditCount,
      periodDays: 30,
    },
  };
  return {
    generatedAt: now.toISOString(),
    demo: day.demo || month.demo || latency.some((h) => h.demo) || ratings.demo,
    score: {
      value: trustScore({
        uptime: figures.uptime.month,
        p95Ms: figures.latency.p95Ms,
        readingsAccepted: figures.accuracy.readingsAccepted,
        sensorsOnTime: figures.accuracy.sensorsOnTime,
        satisfaction: figures.satisfaction.share,
        incidents: figures.incidents.total,
      }),
      weights: { ...SCORE_WEIGHTS },
    },
    ...figures,
    security: {
      twoFactorUsers: security.twoFactorUsers,
      activeUsers: security.activeUsers,
      sessionsRevoked: security.sessionsRevoked,
      throttledSignIns: security.throttledSignIns,
      periodDays: 30,
      review: securityReview(config, now),
    },
    transparency: { stored: STORED, services: services(config) },
    community: { ...community, periodDays: 30 },
    impact: { ...impact, hectares: Math.round(impact.hectares * 10) / 10, periodDays: 30 },
  };
}

/**
 * The sampler behind health_samples and api_latency_hours: `sample()` once a minute writes one minute row
 * (database answered? brokers ok? ingest queue, readings accepted and refused since the last sample) and this
 * hour's latency buckets of this process; `rollUp()` turns minute rows older than a day into hourly rows.
 */
export function createHealthSampler(app: FastifyInstance, instance: string) {
  let last = app.ingest.stats();
  let hour = Math.floor(Date.now() / HOUR) * HOUR;
  // Requests since the process started count toward the hour of its first sample.
  let hourStart: Buckets = {};
  const pending: repo.SampleRow[] = [];

  async function saveLatency(now: number) {
    const current = await app.metrics.latencyBuckets();
    const thisHour = Math.floor(now / HOUR) * HOUR;
    if (thisHour !== hour) {
      await persistHour(hour, bucketDelta(current, hourStart));
      hour = thisHour;
      hourStart = current;
      return;
    }
    await persistHour(hour, bucketDelta(current, hourStart));
  }
  async function persistHour(at: number, b: Buckets) {
    if (countOf(b) === 0) return;
    await repo.saveLatencyHour(app.db, { hour: new Date(at), instance, count: countOf(b), buckets: b, p50Ms: quantileMs(b, 0.5), p95Ms: quantileMs(b, 0.95) });
  }

  return {
    async sample(now = new Date()) {
      const up = await app.database
        .ping()
        .then(() => true)
        .catch(() => false);
      const components = await app.health.collect();
      const stats = app.ingest.stats();
      const row: repo.SampleRow = {
        at: now,
        resolution: 'minute',
        samples: 1,
        upSamples: up ? 1 : 0,
        brokerDownSamples: Object.values(components).every((c) => c.ok) ? 0 : 1,
        ingestQueuedMax: stats.queued + stats.inFlight,
        readingsAccepted: Math.max(0, stats.accepted - last.accepted),
        readingsRejected: Math.max(0, stats.rejected - last.rejected),
      };
      last = stats;
      // With the database away the sample cannot be written now: it is kept (a week of minutes at most) and
      // written with the first sample after the database is back, so an outage counts against the uptime.
      pending.push(row);
      if (pending.length > MAX_PENDING) pending.splice(0, pending.length - MAX_PENDING);
      if (!up) return row;
      const batch = pending.slice();
      await repo.insertSamples(app.db, batch);
      pending.splice(0, batch.length);
      await saveLatency(now.getTime());
      return row;
    },
    rollUp: (now = new Date()) => repo.rollUpSamples(app.db, new Date(now.getTime() - DAY)),
  };
}
