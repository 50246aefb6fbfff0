/**
 * Outgoing e-mail (password-reset links). SMTP when SMTP_URL is set; otherwise the offline outbox,
 * which an operator can read and which development prints to the log.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createOutboxMail } from './outbox';
import { createSmtpMail } from './smtp';

export type MailMessage = { to: string; subject: string; text: string };

export interface MailProvider {
  /** 'smtp' or 'outbox', recorded with what was sent. */
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

export type ProviderLog = { info(obj: object, msg?: string): void };

export function createMailProvider(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env'>, db: Db, log: ProviderLog): MailProvider {
  if (config.smtpUrl) return createSmtpMail(config.smtpUrl, config.mailFrom);
  return createOutboxMail(db, log, config.env === 'development');
}
