/**
 * The account key: peppers backup-code and OTP hashes and signs 2FA login challenges. Generated once
 * and kept in app_secrets, so every app instance and every restart agrees on it; derived sub-keys keep
 * one purpose from being usable for another.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { keptSecret } from './secrets.repository';

const KEY = 'account-key';

export type AccountKeys = { backupCodePepper: string; otpPepper: string; challengeKey: string };

export async function loadAccountKeys(db: Db): Promise<AccountKeys> {
  const key = await keptSecret(db, KEY, randomBytes(32).toString('base64url'));
  const derive = (purpose: string) => createHmac('sha256', key).update(purpose).digest('base64url');
  return { backupCodePepper: derive('backup-codes'), otpPepper: derive('mobile-otp'), challengeKey: derive('login-2fa-challenge') };
}
