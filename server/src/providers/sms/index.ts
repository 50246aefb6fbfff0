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

export function createSmsProvider(config: Pick<Config, 'smsUrl' | 'smsApiKey' | 'env'>, db: Db, log: ProviderLog): SmsProvider {
  if (config.smsUrl) return createHttpSms(config.smsUrl, config.smsApiKey);
  return createOutboxSms(db, log, config.env === 'development');
}
