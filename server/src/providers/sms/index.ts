/**
 * Outgoing SMS (login one-time codes). An HTTP gateway when SMS_URL is set; otherwise the offline outbox.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ProviderLog } from '../mail/index';
import { createHttpSms } from './http';
import { createOutboxSms } from './outbox';

export type SmsMessage = { to: string; text: string };

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * The outbox logs the text (a login code) only in development or with the demo world, whose people
 * are made up: there an operator trying OTP sign-in reads the code in the server log.
 */
export function createSmsProvider(
  config: Pick<Config, 'smsUrl' | 'smsApiKey' | 'env'> & { demo?: boolean },
  db: Db,
  log: ProviderLog,
): SmsProvider {
  if (config.smsUrl) return createHttpSms(config.smsUrl, config.smsApiKey);
  return createOutboxSms(db, log, config.env === 'development' || config.demo === true);
}
