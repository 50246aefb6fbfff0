/** This browser's Web Push helpers (src/services/pushDevice.ts): the VAPID key's bytes and an honest "unsupported". */
import { describe, expect, it } from 'vitest';
import { asBody, keyBytes, pushSupport } from '@/services/pushDevice';

describe('pushDevice', () => {
  it('turns the URL-safe base64 VAPID key into its 65 bytes (uncompressed P-256 point)', () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const bytes = keyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(0x04);
    // Back to URL-safe base64 without padding: the same text.
    const back = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(back).toBe(key);
  });

  it('says unsupported where there is no Push API (jsdom, like an old browser)', () => {
    expect('PushManager' in window).toBe(false);
    expect(pushSupport()).toBe('unsupported');
  });

  it('sends the subscription as the contract names it', () => {
    const sub = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    } as unknown as PushSubscription;
    expect(asBody(sub)).toEqual({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } });
  });
});
