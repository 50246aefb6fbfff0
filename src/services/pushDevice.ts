/**
 * This browser's Web Push (issue 16): what it supports, the permission the person gave, and its subscription.
 * The service worker is src/sw.ts built to /sw.js (its push handling in public/sw-push.js, imported unchanged),
 * registered at the root scope for everyone at start (src/services/appWorker.ts); registering it again here is a no-op.
 * Plain functions over the browser's APIs; the notification settings machine decides when to call them.
 */
import type { PushSubscriptionBody } from '../../contracts/notifications';

/** The one service worker of the app (push, precache, offline page), at the root scope. */
export const SERVICE_WORKER_URL = '/sw.js';

/** 'unsupported': no service worker, Push API or Notification API (an old browser, or iOS outside a home-screen app). */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** The VAPID public key (URL-safe base64) as the bytes pushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This device's current subscription, if it has one (without asking for permission). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'granted') return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

export class PushRefused extends Error {
  constructor(public permission: NotificationPermission) {
    super(`notification permission ${permission}`);
  }
}

/** Asks for permission (once), registers the worker and subscribes with the server's key. */
export async function subscribeDevice(publicKey: string): Promise<PushSubscriptionBody> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused(permission);
  const reg = await registration();
  const existing = await reg.pushManager.getSubscription();
  const sub = existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return asBody(sub);
}

/**
 * Unsubscribes this device: first `forget(endpoint)` (the server drops it), then the browser's subscription, so a
 * failure on the server leaves both as they were. Answers whether there was one.
 */
export async function unsubscribeDevice(forget: (endpoint: string) => Promise<unknown>): Promise<boolean> {
  const sub = await currentSubscription();
  if (!sub) return false;
  await forget(sub.endpoint);
  await sub.unsubscribe();
  return true;
}

export function asBody(sub: PushSubscription): PushSubscriptionBody {
  const json = sub.toJSON();
  return {
    endpoint: sub.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
