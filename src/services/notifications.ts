/** The notification centre (issue 16): the bell's list and unread count, the preferences, and this device's push subscription. */
import { http, request } from './http';
import type {
  DeliveryListResponse,
  DeliveryStatus,
  NotificationChannel,
  NotificationKind,
  NotificationListResponse,
  NotificationSettings,
  PushSubscriptionBody,
  UnreadCount,
  VapidKeyResponse,
} from '../../contracts/notifications';

export type { NotificationItem, NotificationKind, NotificationSettings, NotificationChannel } from '../../contracts/notifications';

/** The bell's page size: a phone screen of notifications. */
export const NOTIFICATION_PAGE_SIZE = 10;

export const listNotifications = (q: { page: number; limit?: number; unread?: boolean }, signal?: AbortSignal) =>
  http.get<NotificationListResponse>('/notifications', { params: { page: q.page, limit: q.limit ?? NOTIFICATION_PAGE_SIZE, unread: q.unread || undefined }, signal });

/** The badge's count alone (at sign-in: the list waits until the bell is opened). */
export const getUnreadCount = (signal?: AbortSignal) => http.get<UnreadCount>('/notifications/unread-count', { signal });

/** Not tied to the screen's lifetime (no signal): a mark made just before navigating away still lands. */
export const markNotificationRead = (id: string) => http.patch<UnreadCount>(`/notifications/${encodeURIComponent(id)}/read`);
export const markAllNotificationsRead = () => http.patch<UnreadCount>('/notifications/read-all');

export const getNotificationSettings = (signal?: AbortSignal) => http.get<NotificationSettings>('/profile/notification-settings', { signal });
export const saveNotificationSettings = (settings: NotificationSettings) => http.put<NotificationSettings>('/profile/notification-settings', settings);

export const getVapidKey = (signal?: AbortSignal) => http.get<VapidKeyResponse>('/push/vapid-public-key', { signal });
export const savePushSubscription = (body: PushSubscriptionBody) => http.post<unknown>('/push/subscriptions', body);
export const deletePushSubscription = (endpoint: string) => request<unknown>('delete', '/push/subscriptions', { endpoint });

/** The admins' delivery log (issue 16): one page of deliveries, filtered, or (export) every matching row as CSV. */
export type { DeliveryItem, DeliveryStatus } from '../../contracts/notifications';
export type DeliveryFilters = { status: DeliveryStatus | null; channel: NotificationChannel | null; kind: NotificationKind | null };
const filterParams = (f: DeliveryFilters) => ({ status: f.status ?? undefined, channel: f.channel ?? undefined, kind: f.kind ?? undefined });
export const listDeliveries = (q: DeliveryFilters & { page: number; limit: number }, signal?: AbortSignal) =>
  http.get<DeliveryListResponse>('/admin/notification-deliveries', { params: { page: q.page, limit: q.limit, ...filterParams(q) }, signal });
export const exportDeliveries = (f: DeliveryFilters) =>
  http.get<Blob>('/admin/notification-deliveries', { params: { ...filterParams(f), format: 'csv' }, responseType: 'blob', timeoutMs: 60_000 });
