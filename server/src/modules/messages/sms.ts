/**
 * How a coordinator's message reaches a farmer's phone. Until the SMS provider (server/src/providers/sms)
 * is merged, messages are written to the outbox table, which is what the offline provider does too.
 */
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export type SmsSender = { readonly name: string; send(db: Db, to: string, body: string): Promise<'queued' | 'failed'> };

export const outboxSms: SmsSender = {
  name: 'outbox',
  async send(db, to, body) {
    await db.insert(outbox).values({ channel: 'sms', recipient: to, body, provider: 'outbox' });
    return 'queued';
  },
};
