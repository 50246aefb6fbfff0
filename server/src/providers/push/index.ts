/**
 * Outgoing Web Push (issue 16): one encrypted message (RFC 8291, aes128gcm) to one browser subscription,
 * signed with the server's VAPID key (RFC 8292). There is no offline variant: without a subscription
 * nothing is sent, and the keys are generated on first start (modules/notifications/vapid.ts).
 */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushMessage = { payload: string; ttlSeconds: number; urgency: 'very-low' | 'low' | 'normal' | 'high'; topic?: string };

/** The push service's answer: delivered, gone (404/410: drop the subscription) or failed (try again later). */
export type PushResult = { ok: true } | { ok: false; gone: boolean; status: number | null; reason: string };

export interface PushProvider {
  readonly name: string;
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
}

export { createWebPush } from './webPush';
