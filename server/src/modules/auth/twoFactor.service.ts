/**
 * Two-factor sign-in: setting up a TOTP secret, turning it on with a first code, and checking a
 * second factor (a TOTP code, or a backup code once) wherever one is asked for.
 */
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { generateBackupCodes, hashBackupCode, looksLikeBackupCode } from '../../domain/totp/backupCodes';
import { generateTotpSecret, otpauthUri, verifyTotp } from '../../domain/totp/totp';
import type { SecretBox } from '../../lib/secretBox';
import { totpContext } from '../../plugins/secrets';
import type { AccountKeys } from './secrets';
import {
  acceptStep,
  findTwoFactor,
  replaceBackupCodes,
  savePendingSetup,
  spendBackupCode,
} from './twoFactor.repository';

 /** The TOTP secret of a two_factor row: sealed with APP_SECRET, or still plain text until the start-up pass has sealed it. */
export const totpSecretOf = (box: SecretBox, tf: { userId: string; secret: string }) =>
  box.isSealed(tf.secret) ? box.open(tf.secret, totpContext(tf.userId)) : tf.secret;

export async function startSetup(db: Db, keys: AccountKeys, box: SecretBox, user: { id: string; email: string }) {
  const secret = generateTotpSecret();
  const backupCodes = generateBackupCodes();
  await savePendingSetup(db, user.id, box.seal(secret, totpContext(user.id)), backupCodes.map((c) => hashBackupCode(c, keys.backupCodePepper)));
  const otpauthUrl = otpauthUri(secret, user.email);
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { qrCode, secret, otpauthUrl, backupCodes };
}

/** Turns 2FA on if `code` is right for the pending secret. */
export async function confirmSetup(db: Db, box: SecretBox, userId: string, code: string, now = Date.now()): Promise<boolean> {
  const tf = await findTwoFactor(db, userId);
  if (!tf) return false;
  const check = verifyTotp(totpSecretOf(box, tf), code, now, tf.lastUsedStep);
  return check.valid && acceptStep(db, userId, check.step, true);
}

/**
 * Checks a second factor for a user with 2FA on: a 6-digit TOTP code (each step once) or an unused
 * backup code (spent here). Returns which kind matched, or null.
 */
export async function checkSecondFactor(
  db: Db,
  keys: AccountKeys,
  box: SecretBox,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<'totp' | 'backup' | null> {
  const tf = await findTwoFactor(db, userId);
  if (!tf?.enabled) return null;
  const check = verifyTotp(totpSecretOf(box, tf), code, now, tf.lastUsedStep);
  if (check.valid) return (await acceptStep(db, userId, check.step, false)) ? 'totp' : null;
  if (looksLikeBackupCode(code) && (await spendBackupCode(db, userId, hashBackupCode(code, keys.backupCodePepper)))) return 'backup';
  return null;
}

export async function newBackupCodes(db: Db, keys: AccountKeys, userId: string) {
  const codes = generateBackupCodes();
  await replaceBackupCodes(db, userId, codes.map((c) => hashBackupCode(c, keys.backupCodePepper)));
  return codes;
}

export async function isTwoFactorOn(db: Db, userId: string) {
  return (await findTwoFactor(db, userId))?.enabled === true;
}
