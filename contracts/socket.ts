/**
 * The socket.io event maps, shared by the server and the browser.
 * Rooms: `field:<uuid>` (joined through field:watch), `user:<uuid>`, `coordinator:<uuid>`, `admins`.
 */
/** `fieldId` in a success is the field's UUID (the room's name), whichever id was asked for. */
import type { AlertItem } from './alerts';
import type { NotificationPush, NotificationUnreadPush } from './notifications';
import type { Role } from './roles';
import type { SensorType } from './sensorTypes';

export type SocketAck = { ok: true; fieldId: string } | { ok: false; code: 'NOT_FOUND' | 'BAD_REQUEST' };

export type ReadingPush = {
  /** Field UUID. */
  fieldId: string;
  sensorId: string;
  type: SensorType;
  value: number;
  /** ISO 8601. */
  timestamp: string;
};

/** The alert as the API lists it (contracts/alerts.ts); `read` is false in a push. */
export type AlertPush = AlertItem;

export type MessagePush = { _id: string; subject: string; message: string; senderName: string | null; createdAt: string };

export interface ServerToClientEvents {
  'reading:new': (reading: ReadingPush) => void;
  'alert:new': (alert: AlertPush) => void;
  'alert:updated': (alert: AlertPush) => void;
  'message:new': (message: MessagePush) => void;
  /** The farmer's count of unread messages changed (a new message, or one read on any device). */
  'inbox:unread': (count: { unread: number }) => void;
  /** A new notification for the bell (room `user:<id>`), with the new unread count. */
  'notification:new': (push: NotificationPush) => void;
  /** The unread count changed (read on any device). */
  'notification:unread': (count: NotificationUnreadPush) => void;
}

export interface ClientToServerEvents {
  /** Join the live feed of one field (UUID or human fieldId) the caller may see. */
  'field:watch': (fieldId: string, ack: (result: SocketAck) => void) => void;
  'field:unwatch': (fieldId: string, ack?: (result: SocketAck) => void) => void;
}

export type InterServerEvents = Record<string, never>;
export type SocketData = {
  user: { id: string; role: Role; sessionId: string; name: string; email: string };
};
