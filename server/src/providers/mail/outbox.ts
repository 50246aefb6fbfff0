import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { MailProvider, ProviderLog } from './index';

/** Works with no network: the message is kept in the outbox table (and logged in development). */
export function createOutboxMail(db: Db, log: ProviderLog, logBodies: boolean): MailProvider {
  return {
    name: 'outbox',
    async send({ to, subject, text }) {
      await db.insert(outbox).values({ channel: 'email', recipient: to, subject, body: text, provider: 'outbox' });
      // Only development prints the body: it may hold a reset link.
      if (logBodies) log.info({ to, subject, text }, 'mail kept in the outbox (no SMTP_URL set)');
      else log.info({ to, subject }, 'mail kept in the outbox (no SMTP_URL set)');
    },
  };
}
