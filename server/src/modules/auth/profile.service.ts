/**
 * The caller edits their own profile (PATCH /auth/profile). The e-mail and the phone number are how an account
 * is recovered and signed in to (reset mail, SMS code), so changing either needs the current password (a
 * stolen access token is not enough), ends every other session, and tells the old e-mail address. An address
 * another account holds is refused with the same words as any unusable address, and only after the password
 * was right (at most a few tries an hour), so the route is no way to learn which e-mails are registered.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ProfilePatch } from '../../../../contracts/account';
import { PROFILE_IMAGE_MAX_SIDE, normaliseProfileImage } from '../../domain/account/profileImage';
import { createThrottle } from '../../domain/throttle/throttle';
import type { AuthUser } from '../../lib/access';
import { accessChanged } from '../../lib/accessCache';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { createMailProvider } from '../../providers/mail/index';
import { AM } from './messages';
import { endSessions } from './sessions.service';
import { toUserJson } from './userJson';
import { emailHeldByOther, updateUser, userById } from './users.repository';

type UserPatch = Parameters<typeof updateUser>[2];

/** Wrong current passwords, and e-mail addresses tried, per user per window. */
const PASSWORD_TRIES = 5;
const ADDRESS_TRIES = 5;
const OPTIONAL_TEXT = ['phoneNumber', 'address', 'village', 'district', 'state', 'pincode'] as const;

/** The picture re-encoded by the server (domain/account/profileImage.ts), or a translated 400 saying why not. */
async function storedProfileImage(dataUrl: string) {
  const image = await normaliseProfileImage(dataUrl);
  if (image.ok) return image.dataUrl;
  if (image.reason === 'dimensions') throw badRequest(AM.imageTooLarge, { maxSide: PROFILE_IMAGE_MAX_SIDE }, 'IMAGE_TOO_LARGE');
  throw badRequest(AM.badImage, { reason: image.reason }, 'BAD_IMAGE');
}

export function createProfileService(app: Pick<FastifyInstance, 'db' | 'config' | 'log' | 'realtime'>) {
  const { db } = app;
  const mail = createMailProvider(app.config, app.db, app.log);
  const wrongPasswords = createThrottle({ limit: PASSWORD_TRIES, windowMs: 15 * 60_000 });
  const addressTries = createThrottle({ limit: ADDRESS_TRIES, windowMs: 60 * 60_000 });
  const unusable = () => badRequest(AM.emailUnavailable, { fields: [{ in: 'body', field: 'email', message: 'cannot be used' }] }, 'EMAIL_UNAVAILABLE');

  return {
    async updateProfile(me: AuthUser, b: ProfilePatch, log: FastifyBaseLogger) {
      const patch: UserPatch = {};
      if (b.name !== undefined) patch.name = b.name.trim();
      if (b.email !== undefined) patch.email = b.email.trim().toLowerCase();
      for (const k of OPTIONAL_TEXT) {
        const v = b[k];
        if (v !== undefined) patch[k] = v === null || v.trim() === '' ? null : v.trim();
      }
      if (b.preferredLanguage !== undefined) patch.preferredLanguage = b.preferredLanguage;
      if (b.notificationPreferences !== undefined) patch.notificationPreferences = b.notificationPreferences;
      if (b.profileImage !== undefined) {
        patch.profileImage = b.profileImage === null ? null : await storedProfileImage(b.profileImage);
      }
      const current = await userById(db, me.id);
      if (!current) throw unauthorized();
      const emailChanges = patch.email !== undefined && patch.email !== current.email;
      const phoneChanges = patch.phoneNumber !== undefined && patch.phoneNumber !== current.phoneNumber;
      if (!emailChanges) delete patch.email;
      if (emailChanges || phoneChanges) {
        if (wrongPasswords.blocked(me.id)) throw tooManyRequests(wrongPasswords.retryAfterMs(me.id) / 1000);
        if (!b.currentPassword) {
          throw badRequest(AM.passwordNeededForIdentity, { fields: [{ in: 'body', field: 'currentPassword', message: 'is required' }] }, 'PASSWORD_REQUIRED');
        }
        if (!(await verifyPassword(current.passwordHash, b.currentPassword))) {
          wrongPasswords.hit(me.id);
          throw badRequest(AM.wrongCurrentPassword, { fields: [{ in: 'body', field: 'currentPassword', message: 'is incorrect' }] }, 'WRONG_PASSWORD');
        }
      }
      if (emailChanges) {
        if (!addressTries.hit(me.id)) throw tooManyRequests(addressTries.retryAfterMs(me.id) / 1000);
        if (await emailHeldByOther(db, patch.email!, me.id)) throw unusable();
      }
      // The unique index settles a race between two people taking the same address at once.
      const row = await updateUser(db, me.id, patch).catch((err: { code?: string; cause?: { code?: string } }) => {
        if (err?.code === '23505' || err?.cause?.code === '23505') throw unusable();
        throw err;
      });
      if (!row) throw unauthorized();
      if (emailChanges || phoneChanges) {
        const ended = await endSessions(db, app.realtime, me.id, emailChanges ? 'email-changed' : 'phone-changed', { except: me.sessionId });
        await mail
          .send(identityChangedMail(current.email, current.name, { email: emailChanges ? row.email : null, phone: phoneChanges ? row.phoneNumber : null }))
          .catch((err: unknown) => log.error({ err }, 'identity change notice failed'));
        log.info({ userId: me.id, emailChanges, phoneChanges, sessionsEnded: ended.length }, 'sign-in identity changed');
      }
      // The cached session carries the name and e-mail.
      await accessChanged(db, { users: [me.id] });
      return { user: toUserJson(row) };
    },
  };
}

/** The notice to the address the account had: what changed, and what to do if it was not the owner. */
export function identityChangedMail(to: string, name: string, changed: { email: string | null; phone: string | null }) {
  const mask = (v: string) => (v.includes('@') ? v.replace(/^(.).*?(@.*)$/, '$1•••$2') : `••••••${v.slice(-4)}`);
  const mr: string[] = [];
  const en: string[] = [];
  if (changed.email) {
    mr.push(`आपल्या खात्याचा ईमेल पत्ता बदलून ${mask(changed.email)} केला आहे.`);
    en.push(`The e-mail address of your account was changed to ${mask(changed.email)}.`);
  }
  if (changed.phone !== null || !changed.email) {
    mr.push(changed.phone ? `आपला फोन नंबर बदलून ${mask(changed.phone)} केला आहे.` : 'आपला फोन नंबर बदलला/काढला आहे.');
    en.push(changed.phone ? `Your phone number was changed to ${mask(changed.phone)}.` : 'Your phone number was changed or removed.');
  }
  return {
    to,
    subject: 'ShetMitra: खात्याची माहिती बदलली / Your account details changed',
    text:
      `नमस्कार ${name},\n\n${mr.join(' ')} इतर सर्व उपकरणांवरून साइन आउट केले आहे. हा बदल आपण केला नसेल तर लगेच आपल्या समन्वयकाशी संपर्क साधा.\n\n` +
      `Hello ${name},\n\n${en.join(' ')} Every other device was signed out. If you did not make this change, contact your coordinator at once.`,
  };
}
