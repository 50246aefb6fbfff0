/**
 * The two-factor dialog's calls (spec section 7): status, setup, verify (turns it on), disable (with a
 * current code or the password) and backup (a new set of backup codes, with a current code).
 * Wrong codes are throttled per user.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BackupCodesAnswer,
  CodeBody,
  DisableTwoFactorBody,
  TwoFactorSetup,
  TwoFactorStatus,
  TwoFactorToggled,
} from '../../../../contracts/account';
import { createThrottle } from '../../domain/throttle/throttle';
import { badRequest, conflict, tooManyRequests } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { AM } from './messages';
import { passwordOwner } from './password.repository';
import type { AccountKeys } from './secrets';
import { countUnusedBackupCodes, findTwoFactor, removeTwoFactor } from './twoFactor.repository';
import { checkSecondFactor, confirmSetup, newBackupCodes, startSetup } from './twoFactor.service';

/** Wrong codes allowed per user per 15 minutes before 429. */
export const CODE_ATTEMPTS = 5;

const twoFactorRoutes: FastifyPluginAsyncTypebox<{ keys: AccountKeys }> = async (app, { keys }) => {
  const wrongCodes = createThrottle({ limit: CODE_ATTEMPTS, windowMs: 15 * 60 * 1000 });
  const guard = (userId: string) => {
    if (wrongCodes.blocked(userId)) throw tooManyRequests(wrongCodes.retryAfterMs(userId) / 1000);
  };
  const wrong = (userId: string) => {
    wrongCodes.hit(userId);
    return badRequest(AM.invalidCode, undefined, 'INVALID_CODE');
  };

  app.get('/auth/2fa/status', { schema: { response: { 200: TwoFactorStatus } } }, async (req) => {
    const tf = await findTwoFactor(app.db, req.user!.id);
    const isEnabled = tf?.enabled === true;
    return { isEnabled, backupCodesRemaining: isEnabled ? await countUnusedBackupCodes(app.db, req.user!.id) : 0 };
  });

  app.post('/auth/2fa/setup', { schema: { response: { 200: TwoFactorSetup } } }, async (req) => {
    const me = req.user!;
    if ((await findTwoFactor(app.db, me.id))?.enabled) throw conflict(AM.twoFactorAlreadyOn, 'TWO_FACTOR_ON');
    return startSetup(app.db, keys, app.secretBox, me);
  });

  app.post('/auth/2fa/verify', { schema: { body: CodeBody, response: { 200: TwoFactorToggled } } }, async (req) => {
    const me = req.user!;
    guard(me.id);
    const tf = await findTwoFactor(app.db, me.id);
    if (!tf) throw badRequest(AM.twoFactorNotSetUp, undefined, 'TWO_FACTOR_NOT_SET_UP');
    if (tf.enabled) throw conflict(AM.twoFactorAlreadyOn, 'TWO_FACTOR_ON');
    if (!(await confirmSetup(app.db, app.secretBox, me.id, req.body.code))) throw wrong(me.id);
    wrongCodes.reset(me.id);
    return { success: true as const, isEnabled: true, message: AM.twoFactorEnabled };
  });

  app.post('/auth/2fa/disable', { schema: { body: DisableTwoFactorBody, response: { 200: TwoFactorToggled } } }, async (req) => {
    const me = req.user!;
    guard(me.id);
    if (!(await findTwoFactor(app.db, me.id))?.enabled) throw badRequest(AM.twoFactorOff, undefined, 'TWO_FACTOR_OFF');
    const body = req.body;
    let ok: boolean;
    if ('password' in body) {
      const row = await passwordOwner(app.db, me.id);
      ok = !!row && (await verifyPassword(row.hash, body.password));
      if (!ok) {
        wrongCodes.hit(me.id);
        throw badRequest(AM.wrongCurrentPassword, undefined, 'WRONG_PASSWORD');
      }
    } else {
      ok = (await checkSecondFactor(app.db, keys, app.secretBox, me.id, body.code)) !== null;
      if (!ok) throw wrong(me.id);
    }
    await removeTwoFactor(app.db, me.id);
    wrongCodes.reset(me.id);
    return { success: true as const, isEnabled: false, message: AM.twoFactorDisabled };
  });

  app.post(
    '/auth/2fa/backup',
    { schema: { body: CodeBody, response: { 200: BackupCodesAnswer } } },
    async (req) => {
      const me = req.user!;
      guard(me.id);
      if (!(await findTwoFactor(app.db, me.id))?.enabled) throw badRequest(AM.twoFactorOff, undefined, 'TWO_FACTOR_OFF');
      if ((await checkSecondFactor(app.db, keys, app.secretBox, me.id, req.body.code)) === null) throw wrong(me.id);
      wrongCodes.reset(me.id);
      return { backupCodes: await newBackupCodes(app.db, keys, me.id) };
    },
  );
};

export default twoFactorRoutes;
