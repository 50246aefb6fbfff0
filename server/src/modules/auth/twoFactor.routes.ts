/**
 * The two-factor dialog's calls (spec section 7): status, setup, verify (turns it on), disable (with a
 * current code or the password) and backup (a new set of backup codes, with a current code).
 * Wrong codes are throttled per user (twoFactor.service.ts).
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
import type { AccountKeys } from './secrets';
import { createTwoFactorService } from './twoFactor.service';

const twoFactorRoutes: FastifyPluginAsyncTypebox<{ keys: AccountKeys }> = async (app, { keys }) => {
  const twoFactor = createTwoFactorService(app, keys);

  app.get('/auth/2fa/status', { schema: { response: { 200: TwoFactorStatus } } }, async (req) => twoFactor.status(req.user!));

  app.post('/auth/2fa/setup', { schema: { response: { 200: TwoFactorSetup } } }, async (req) => twoFactor.setup(req.user!));

  app.post('/auth/2fa/verify', { schema: { body: CodeBody, response: { 200: TwoFactorToggled } } }, async (req) => twoFactor.verify(req.user!, req.body.code));

  app.post('/auth/2fa/disable', { schema: { body: DisableTwoFactorBody, response: { 200: TwoFactorToggled } } }, async (req) =>
    twoFactor.disable(req.user!, req.body),
  );

  app.post('/auth/2fa/backup', { schema: { body: CodeBody, response: { 200: BackupCodesAnswer } } }, async (req) => twoFactor.backup(req.user!, req.body.code));
};

export default twoFactorRoutes;
