/**
 * Alert shapes shared by the API, the socket pushes and the web client.
 * One item shape serves both spec shapes: 'Alert (admin/farmer tables)' (_id, type, message, farmer,
 * severity, status, assignedTo) and 'Alert (monitoring list)' (id, fieldName, value, threshold, read, createdAt).
 * Severity and status travel as lower-case enum values; screens render their own labels.
 */
import { Type, type Static } from 'typebox';
import { Pagination, Uuid } from './common';
import { ALERT_COMMENT_MAX, ALERT_EVENT_KINDS, ALERT_STATUSES, ALERT_TYPES, SEVERITIES } from './alertTypes';
import { literalUnion } from './literals';

export const AlertType = literalUnion(ALERT_TYPES);
export type AlertType = Static<typeof AlertType>;
export const Severity = literalUnion(SEVERITIES);
export type Severity = Static<typeof Severity>;
export const AlertStatus = literalUnion(ALERT_STATUSES);
export type AlertStatus = Static<typeof AlertStatus>;
export const AlertEventKind = literalUnion(ALERT_EVENT_KINDS);
export type AlertEventKind = Static<typeof AlertEventKind>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const AlertItem = Type.Object({
  _id: Uuid,
  id: Uuid,
  type: AlertType,
  severity: Severity,
  status: AlertStatus,
  /** English text; messageKey + messageParams render it in the reader's language. */
  message: Type.String(),
  messageKey: Nullable(Type.String()),
  messageParams: Nullable(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  /** The farmer's name (spec: farmer as text). */
  farmer: Nullable(Type.String()),
  farmerId: Nullable(Uuid),
  fieldId: Uuid,
  fieldName: Type.String(),
  value: Nullable(Type.Number()),
  threshold: Nullable(Type.Number()),
  assignedTo: Nullable(Type.Object({ _id: Uuid, name: Type.String() })),
  acknowledgedBy: Nullable(Type.Object({ _id: Uuid, name: Type.String() })),
  /** Whether the caller has marked it read (monitoring list). */
  read: Type.Boolean(),
  /** How many times the condition was seen while the alert was active (1 when raised). */
  count: Type.Integer({ minimum: 1 }),
  /** When the condition was last seen (the raise, or the latest repeat). */
  lastSeenAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  /** When it was cleared (status cleared_*); null while active. */
  resolvedAt: Nullable(Type.String({ format: 'date-time' })),
  /** Who cleared it by hand; null when it cleared itself (or is still active). */
  clearedBy: Nullable(Type.Object({ _id: Uuid, name: Type.String() })),
});
export type AlertItem = Static<typeof AlertItem>;

/** Active alerts (status active_*, resolvedAt null) or cleared ones ('resolved'); kept for the spec's lists. */
export const AlertState = Type.Union([Type.Literal('open'), Type.Literal('resolved')]);
export type AlertState = Static<typeof AlertState>;

/** The filters both alert lists take; every list is ordered open first, then by severity, then newest first. */
const AlertFilters = {
  severity: Type.Optional(Severity),
  type: Type.Optional(AlertType),
  status: Type.Optional(AlertStatus),
  state: Type.Optional(AlertState),
  fieldId: Type.Optional(Uuid),
};

export const AdminAlertsQuery = Type.Object(
  {
    ...AlertFilters,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
);
export const AdminAlertsResponse = Type.Object({ alerts: Type.Array(AlertItem), pagination: Pagination });

export const CoordinatorAlertsQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    ...AlertFilters,
    /** Only alerts still open (not resolved): the same as state=open. */
    open: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const CoordinatorAlertsResponse = Type.Object({
  alerts: Type.Array(AlertItem),
  pagination: Pagination,
  /** Alerts in the caller's reach they have not marked read (the title's count). */
  unread: Type.Integer(),
});

export const AssignBody = Type.Object({ coordinatorId: Uuid }, { additionalProperties: false });
export const AlertResponse = Type.Object({ alert: AlertItem });

/** A comment's text (POST /alerts/{id}/comments, and the optional comment of an acknowledgement). */
export const CommentText = Type.String({ minLength: 1, maxLength: ALERT_COMMENT_MAX });
export const CommentBody = Type.Object({ text: CommentText }, { additionalProperties: false });
/** PATCH /alerts/{id}/acknowledge: acknowledging may say why in the same step. */
export const AcknowledgeBody = Type.Union([Type.Object({ comment: Type.Optional(CommentText) }, { additionalProperties: false }), Type.Null()]);

/** One entry of an alert's timeline: a system entry (every kind but 'comment') or a person's comment. */
export const TimelineEntry = Type.Object({
  _id: Uuid,
  kind: AlertEventKind,
  /** Who did it; null for the system (the engine raising, repeating or clearing it by itself). */
  actor: Nullable(Type.Object({ _id: Uuid, name: Type.String() })),
  /** The comment's text, or what changed: { severity, value, from, to, auto, coordinatorId, name, count, comment, level }. */
  detail: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  createdAt: Type.String({ format: 'date-time' }),
});
export type TimelineEntry = Static<typeof TimelineEntry>;

/** GET /alerts/{id} and the answer of every lifecycle change: the alert and its timeline, oldest first. */
export const AlertDetailResponse = Type.Object({ alert: AlertItem, timeline: Type.Array(TimelineEntry) });
export type AlertDetailResponse = Static<typeof AlertDetailResponse>;

/** GET /alerts: the caller's alerts (a farmer's own, a coordinator's farmers', all for admins), newest first. */
export const AlertsQuery = Type.Object(
  {
    ...AlertFilters,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  },
  { additionalProperties: false },
);
export const AlertsResponse = Type.Object({ alerts: Type.Array(AlertItem), pagination: Pagination });
export const ReadAllResponse = Type.Object({ marked: Type.Integer(), unread: Type.Integer() });
