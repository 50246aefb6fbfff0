import webpush from 'web-push';
import type { PushProvider } from './index';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The `web-push` library encrypts and signs; the request itself goes through fetch with a timeout (the library's
 * own sender speaks https only and has no overall timeout). The endpoint was checked when it was stored
 * (domain/notifications/pushEndpoint.ts); redirects are not followed.
 */
export function createWebPush(keys: VapidKeys, timeoutMs: number): PushProvider {
  return {
    name: 'webpush',
    publicKey: keys.publicKey,
    async send(target, message) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        message.payload,
        {
          vapidDetails: keys,
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
          ...(message.topic ? { topic: message.topic } : {}),
        },
      );
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: 'POST',
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        return { ok: false, gone: false, status: null, reason: `push service unreachable: ${(err as Error).message}` };
      }
      await res.body?.cancel().catch(() => {});
      if (res.status >= 200 && res.status < 300) return { ok: true };
      return { ok: false, gone: res.status === 404 || res.status === 410, status: res.status, reason: `push service answered ${res.status}` };
    },
  };
}

export const generateVapidKeys = () => webpush.generateVAPIDKeys();
