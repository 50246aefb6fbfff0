/**
 * The notification centre (issue 16): what a person is told, on which channels, and the API and socket shapes of it.
 * The server (server/src/modules/notifications) and the browser (bell, panel, preferences) both build on this file.
 *
 * A notification is one row per (recipient, thing that happened); its delivery on each channel is a job in the
 * durable queue, idempotent per (notification subject, recipient, channel). The in-app channel is the row itself.
 */
import { Type, type Static } from 'typebox';
import { Pagination, PageQuery, Uuid } from './common';
import { literalUnion } from './literals';

/** What a notification is about. Its catalog label is `notifications.kind.<kind>`. */
export const NOTIFICATION_KINDS = ['alertRaised', 'alertAssigned', 'alertEscalated', 'message'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification can reach a person. `inApp` is the bell; the others leave the app. */
export const NOTIFICATION_CHANNELS = ['inApp', 'push', 'sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How a queued delivery stands (the delivery log). */
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'retrying', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const NotificationKindSchema = literalUnion(NOTIFICATION_KINDS);
export const NotificationChannelSchema = literalUnion(NOTIFICATION_CHANNELS);
export const DeliveryStatusSchema = literalUnion(DELIVERY_STATUSES);

const closed = { additionalProperties: false } as const;
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** 'HH:MM', 24-hour, in India Standard Time. */
export const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

/** Channels per kind: `{ alertRaised: { inApp: true, push: true, sms: true, email: false }, … }`. */
export const ChannelChoice = Type.Object(
  { inApp: Type.Boolean(), push: Type.Boolean(), sms: Type.Boolean(), email: Type.Boolean() },
  closed,
);
export type ChannelChoice = Static<typeof ChannelChoice>;

export const NotificationSettings = Type.Object(
  {
    channels: Type.Object(
      {
        alertRaised: ChannelChoice,
        alertAssigned: ChannelChoice,
        alertEscalated: ChannelChoice,
        message: ChannelChoice,
      },
      closed,
    ),
    /** No SMS (and no push sound) between start and end, India time, unless the alert is critical. */
    quietHours: Type.Object({ enabled: Type.Boolean(), start: ClockTime, end: ClockTime }, closed),
  },
  closed,
);
export type NotificationSettings = Static<typeof NotificationSettings>;

const ParamValue = Type.Union([Type.String(), Type.Number()]);

/**
 * The parameters of a notification's sentence, per kind (the server writes them, the bell and the push/SMS texts
 * read them; both build on these types, so they cannot disagree on a name).
 *  - alert kinds: the alert's own sentence values (`value`, `threshold`, …, as contracts/alertTypes.ts names them),
 *    plus the field's name, the alert's sentence key (`alertKey`) and its stored English text (`alert`, the fallback);
 *  - alertEscalated: the same and the minutes it waited unacknowledged;
 *  - message: who sent it, its subject and (for the SMS) its words.
 */
export const AlertNotificationParams = Type.Object(
  { field: Type.String(), alert: Type.String(), alertKey: Type.Optional(Type.String()) },
  { additionalProperties: ParamValue },
);
export const EscalationNotificationParams = Type.Object(
  { field: Type.String(), alert: Type.String(), alertKey: Type.Optional(Type.String()), minutes: Type.Number() },
  { additionalProperties: ParamValue },
);
export const MessageNotificationParams = Type.Object({ sender: Type.String(), subject: Type.String(), body: Type.Optional(Type.String()) }, closed);
export const NOTIFICATION_PARAMS = {
  alertRaised: AlertNotificationParams,
  alertAssigned: AlertNotificationParams,
  alertEscalated: EscalationNotificationParams,
  message: MessageNotificationParams,
} as const;
/** A kind's sentence values (the other values an alert sentence takes are strings or numbers by name). */
export type NotificationParams<K extends NotificationKind = NotificationKind> = Static<(typeof NOTIFICATION_PARAMS)[K]> & Record<string, string | number | undefined>;

/** One notification in the bell's panel. The text is rendered from messageKey + params in the reader's language. */
export const NotificationItem = Type.Object(
  {
    _id: Uuid,
    kind: NotificationKindSchema,
    /** Catalog id of the sentence (e.g. an alert message key, or `notifications.text.alertAssigned`). */
    messageKey: Type.String(),
    /**
     * The sentence's values: one of NOTIFICATION_PARAMS by `kind` (checked where they are written; rows written
     * before the per-kind types may lack `alert`, so the wire keeps the general shape and readers fall back).
     */
    params: Type.Record(Type.String(), ParamValue),
    /** The thing it is about: an alert or a message; `link` is the in-app route that opens it. */
    alertId: Nullable(Uuid),
    messageId: Nullable(Uuid),
    link: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    readAt: Nullable(Type.String({ format: 'date-time' })),
  },
  closed,
);
export type NotificationItem = Static<typeof NotificationItem>;

/** GET /notifications?page&limit&unread */
export const NotificationListQuery = Type.Object({ ...PageQuery, unread: Type.Optional(Type.Boolean()) }, closed);
export type NotificationListQuery = Static<typeof NotificationListQuery>;
export const NotificationListResponse = Type.Object({
  notifications: Type.Array(NotificationItem),
  unread: Type.Integer(),
  pagination: Pagination,
});
export type NotificationListResponse = Static<typeof NotificationListResponse>;

/** PATCH /notifications/{id}/read and PATCH /notifications/read-all answer the new unread count. */
export const UnreadCount = Type.Object({ unread: Type.Integer() }, closed);
export type UnreadCount = Static<typeof UnreadCount>;

/** POST /push/subscriptions (the browser's PushSubscription.toJSON()); DELETE /push/subscriptions { endpoint }. */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 8, maxLength: 2048 }),
    expirationTime: Type.Optional(Nullable(Type.Number())),
    keys: Type.Object(
      { p256dh: Type.String({ minLength: 16, maxLength: 256 }), auth: Type.String({ minLength: 8, maxLength: 64 }) },
      closed,
    ),
  },
  closed,
);
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;
export const PushUnsubscribeBody = Type.Object({ endpoint: Type.String({ minLength: 8, maxLength: 2048 }) }, closed);
/** GET /push/vapid-public-key */
export const VapidKeyResponse = Type.Object({ publicKey: Type.String(), enabled: Type.Boolean() }, closed);
export type VapidKeyResponse = Static<typeof VapidKeyResponse>;

/** The delivery log (admins): GET /admin/notification-deliveries?page&limit&status&channel, and `format=csv`. */
export const DeliveryItem = Type.Object(
  {
    _id: Uuid,
    notificationId: Nullable(Uuid),
    recipient: Type.Object({ _id: Uuid, name: Type.String() }),
    channel: NotificationChannelSchema,
    kind: NotificationKindSchema,
    status: DeliveryStatusSchema,
    attempts: Type.Integer(),
    lastError: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  closed,
);
export type DeliveryItem = Static<typeof DeliveryItem>;

/** GET /admin/notification-deliveries: filters; `format=csv` answers the same rows (every page) as a CSV file. */
export const DeliveryListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(DeliveryStatusSchema),
    channel: Type.Optional(NotificationChannelSchema),
    kind: Type.Optional(NotificationKindSchema),
    recipientId: Type.Optional(Uuid),
    /** Created at or after / before these instants (ISO 8601). */
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    format: Type.Optional(literalUnion(['json', 'csv'] as const)),
  },
  closed,
);
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;
export const DeliveryListResponse = Type.Object({ deliveries: Type.Array(DeliveryItem), pagination: Pagination });
export type DeliveryListResponse = Static<typeof DeliveryListResponse>;

/** Socket pushes to the room `user:<id>`. */
export type NotificationPush = { notification: NotificationItem; unread: number };
export type NotificationUnreadPush = { unread: number };
