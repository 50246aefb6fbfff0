/**
 * Two-factor sign-in: setting up a TOTP secret, turning it on with a first code, and checking a
 * second factor (a TOTP code, or a backup code once) wherever one is asked for; and the two-factor
 * dialog's calls (createTwoFactorService), whose wrong codes are throttled per user.
 */
import QRCode from 'qrcode';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { DisableTwoFactorBody } from '../../../../contracts/account';
import type { Db } from '../../db/client';
import { createThrottle } from '../../domain/throttle/throttle';
import type { AuthUser } from '../../lib/access';
import { badRequest, conflict, tooManyRequests } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { generateBackupCodes, hashBackupCode, looksLikeBackupCode } from '../../domain/totp/backupCodes';
import { generateTotpSecret, otpauthUri, verifyTotp } from '../../domain/totp/totp';
import type { SecretBox } from '../../lib/secretBox';
import { totpContext } from '../../plugins/secrets';
import { AM } from './messages';
import { passwordOwner } from './password.repository';
import type { AccountKeys } from './secrets';
import {
  acceptStep,
  countUnusedBackupCodes,
  findTwoFactor,
  removeTwoFactor,
  replaceBackupCodes,
  savePendingSetup,
  spendBackupCode,
} from './twoFactor.repository';

/** Wrong codes allowed per user per 15 minutes before 429. */
export const CODE_ATTEMPTS = 5;

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

/** The two-factor dialog's calls: status, setup, verify (turns it on), disable and new backup codes. */
export function createTwoFactorService(app: Pick<FastifyInstance, 'db' | 'secretBox'>, keys: AccountKeys) {
  const { db, secretBox: box } = app;
  const wrongCodes = createThrottle({ limit: CODE_ATTEMPTS, windowMs: 15 * 60 * 1000 });
  const guard = (userId: string) => {
    if (wrongCodes.blocked(userId)) throw tooManyRequests(wrongCodes.retryAfterMs(userId) / 1000);
  };
  const wrong = (userId: string) => {
    wrongCodes.hit(userId);
    return badRequest(AM.invalidCode, undefined, 'INVALID_CODE');
  };

  return {
    async status(me: AuthUser) {
      const tf = await findTwoFactor(db, me.id);
      const isEnabled = tf?.enabled === true;
      return { isEnabled, backupCodesRemaining: isEnabled ? await countUnusedBackupCodes(db, me.id) : 0 };
    },

    async setup(me: AuthUser) {
      if ((await findTwoFactor(db, me.id))?.enabled) throw conflict(AM.twoFactorAlreadyOn, 'TWO_FACTOR_ON');
      return startSetup(db, keys, box, me);
    },

    async verify(me: AuthUser, code: string) {
      guard(me.id);
      const tf = await findTwoFactor(db, me.id);
      if (!tf) throw badRequest(AM.twoFactorNotSetUp, undefined, 'TWO_FACTOR_NOT_SET_UP');
      if (tf.enabled) throw conflict(AM.twoFactorAlreadyOn, 'TWO_FACTOR_ON');
      if (!(await confirmSetup(db, box, me.id, code))) throw wrong(me.id);
      wrongCodes.reset(me.id);
      return { success: true as const, isEnabled: true, message: AM.twoFactorEnabled };
    },

    /** With a current code or the password. */
    async disable(me: AuthUser, body: Static<typeof DisableTwoFactorBody>) {
      guard(me.id);
      if (!(await findTwoFactor(db, me.id))?.enabled) throw badRequest(AM.twoFactorOff, undefined, 'TWO_FACTOR_OFF');
      let ok: boolean;
      if ('password' in body) {
        const row = await passwordOwner(db, me.id);
        ok = !!row && (await verifyPassword(row.hash, body.password));
        if (!ok) {
          wrongCodes.hit(me.id);
          throw badRequest(AM.wrongCurrentPassword, undefined, 'WRONG_PASSWORD');
        }
      } else {
        ok = (await checkSecondFactor(db, keys, box, me.id, body.code)) !== null;
        if (!ok) throw wrong(me.id);
      }
      await removeTwoFactor(db, me.id);
      wrongCodes.reset(me.id);
      return { success: true as const, isEnabled: false, message: AM.twoFactorDisabled };
    },

    /** A new set of backup codes, with a current code. */
    async backup(me: AuthUser, code: string) {
      guard(me.id);
      if (!(await findTwoFactor(db, me.id))?.enabled) throw badRequest(AM.twoFactorOff, undefined, 'TWO_FACTOR_OFF');
      if ((await checkSecondFactor(db, keys, box, me.id, code)) === null) throw wrong(me.id);
      wrongCodes.reset(me.id);
      return { backupCodes: await newBackupCodes(db, keys, me.id) };
    },
  };
}
