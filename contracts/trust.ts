/**
 * GET /trust: the trust dashboard's figures, every one measured (docs/operations.md says how), and
 * POST /ratings: a farmer's thumbs up/down on one of their chatbot answers or leaf-photo results.
 * Shares are 0..1; null = nothing measured in the period.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literals';
import { Uuid } from './common';

const Share = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);
const Ms = Type.Union([Type.Number(), Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

export const RATING_KINDS = ['chat', 'disease'] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

/** Outside services the app can use; each is online (configured) or offline (a local fallback or off). */
export const TRUST_SERVICES = ['chatbot', 'weather', 'satellite', 'diseaseModel', 'email', 'sms', 'webPush'] as const;
/** What the app stores, and how long it keeps it. */
export const STORED_DATA = ['account', 'fields', 'readings', 'signIns', 'leafPhotos', 'chatQuestions', 'healthSamples'] as const;
export const RETENTIONS = ['whileAccount', 'whileField', 'thumbnailOnly', 'never', 'minuteThenHourly'] as const;

export const RateRequest = Type.Object(
  { kind: literalUnion(RATING_KINDS), subjectId: Uuid, up: Type.Boolean() },
  { additionalProperties: false },
);
export type RateRequest = Static<typeof RateRequest>;
export const RateResponse = Type.Object({ kind: literalUnion(RATING_KINDS), subjectId: Type.String(), up: Type.Boolean() });
export type RateResponse = Static<typeof RateResponse>;

export const TrustFigures = Type.Object({
  generatedAt: Type.String({ format: 'date-time' }),
  /** Some of the history was written by the demo world (the screen says so). */
  demo: Type.Boolean(),
  score: Type.Object({
    value: Type.Union([Type.Number(), Type.Null()]),
    weights: Type.Object({ uptime: Type.Number(), speed: Type.Number(), accuracy: Type.Number(), satisfaction: Type.Number(), security: Type.Number() }),
  }),
  uptime: Type.Object({
    day: Share,
    week: Share,
    month: Share,
    samples: Type.Object({ day: Count, week: Count, month: Count }),
  }),
  latency: Type.Object({ p50Ms: Ms, p95Ms: Ms, requests: Count, periodHours: Count }),
  accuracy: Type.Object({
    readingsAccepted: Share,
    accepted: Count,
    rejected: Count,
    sensorsOnTime: Share,
    sensorsExpected: Count,
    sensorsReporting: Count,
    periodHours: Count,
  }),
  satisfaction: Type.Object({ share: Share, positive: Count, total: Count, periodDays: Count }),
  incidents: Type.Object({
    total: Count,
    tokenReuse: Count,
    throttledSignIns: Count,
    sessionsEndedByStaff: Count,
    /** Security entries of the audit trail, once it exists (null until then). */
    auditEntries: Type.Union([Count, Type.Null()]),
    periodDays: Count,
  }),
  security: Type.Object({
    twoFactorUsers: Count,
    activeUsers: Count,
    sessionsRevoked: Count,
    throttledSignIns: Count,
    periodDays: Count,
    /** The last security review as the operator recorded it (SECURITY_REVIEW_DATE …); all null when not recorded. */
    review: Type.Object({
      date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
      daysAgo: Type.Union([Count, Type.Null()]),
      summary: Type.Union([Type.String({ maxLength: 280 }), Type.Null()]),
      url: Type.Union([Type.String(), Type.Null()]),
    }),
  }),
  transparency: Type.Object({
    stored: Type.Array(Type.Object({ data: literalUnion(STORED_DATA), kept: literalUnion(RETENTIONS) })),
    services: Type.Array(Type.Object({ service: literalUnion(TRUST_SERVICES), online: Type.Boolean() })),
  }),
  community: Type.Object({
    activeFarmers: Count,
    activeCoordinators: Count,
    farmers: Count,
    coordinators: Count,
    messages: Count,
    messageDeliveries: Count,
    periodDays: Count,
  }),
  impact: Type.Object({ fieldsMonitored: Count, hectares: Type.Number(), lowMoistureAlerts: Count, actedWithinHour: Count, periodDays: Count }),
});
export type TrustFigures = Static<typeof TrustFigures>;
