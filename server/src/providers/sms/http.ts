import type { SmsProvider } from './index';

export const SMS_TIMEOUT_MS = 10_000;

/**
 * A generic JSON SMS gateway: POST {to, message} with a bearer API key; any 2xx is a sent message.
 * Country code +91 is added to bare 10-digit Indian numbers.
 */
export function createHttpSms(url: string, apiKey?: string): SmsProvider {
  return {
    name: 'http',
    async send({ to, text }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ to: /^\d{10}$/.test(to) ? `+91${to}` : to, message: text }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
