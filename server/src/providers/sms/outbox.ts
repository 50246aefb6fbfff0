import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { ProviderLog } from '../mail/index';
import type { SmsProvider } from './index';

/** Works with no network: the text is kept in the outbox table (and logged in development and demo mode). */
export function createOutboxSms(db: Db, log: ProviderLog, logBodies: boolean): SmsProvider {
  return {
    name: 'outbox',
    async send({ to, text }) {
      await db.insert(outbox).values({ channel: 'sms', recipient: to, body: text, provider: 'outbox' });
      // Only development and the demo world print the text: it holds a one-time code.
      if (logBodies) log.info({ to, text }, 'SMS kept in the outbox (no SMS_URL set)');
      else log.info({ to }, 'SMS kept in the outbox (no SMS_URL set)');
    },
  };
}
