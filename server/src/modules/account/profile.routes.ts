/**
 * PATCH /auth/profile: the caller edits their own profile. Exactly the spec's fields are accepted;
 * anything else (role, managedBy, passwordHash …) is refused with the list of what is allowed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, ne } from 'drizzle-orm';
import { PROFILE_FIELDS, ProfilePatch } from '../../contracts/account';
import { users } from '../../db/schema';
import { PROFILE_IMAGE_MAX_SIDE, normaliseProfileImage } from '../../domain/account/profileImage';
import { badRequest, conflict, unauthorized } from '../../lib/errors';
import { emailTaken } from '../auth/service';
import { toUserJson } from '../auth/userJson';
import { AM } from './messages';
import { accessChanged } from '../../lib/accessCache';

const ALLOWED = new Set<string>(PROFILE_FIELDS);
const OPTIONAL_TEXT = ['phoneNumber', 'address', 'village', 'district', 'state', 'pincode'] as const;

/** The picture re-encoded by the server (domain/account/profileImage.ts), or a translated 400 saying why not. */
async function storedProfileImage(dataUrl: string) {
  const image = await normaliseProfileImage(dataUrl);
  if (image.ok) return image.dataUrl;
  if (image.reason === 'dimensions') throw badRequest(AM.imageTooLarge, { maxSide: PROFILE_IMAGE_MAX_SIDE }, 'IMAGE_TOO_LARGE');
  throw badRequest(AM.badImage, { reason: image.reason }, 'BAD_IMAGE');
}

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    '/auth/profile',
    {
      onRequest: [app.authenticate],
      // Runs before schema validation, so the answer can name the offending fields.
      preValidation: async (req) => {
        const body = req.body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) return;
        const received = Object.keys(body);
        const invalidFields = received.filter((k) => !ALLOWED.has(k));
        if (invalidFields.length > 0) {
          throw badRequest(AM.unknownProfileFields, { invalidFields, receivedFields: received, allowedFields: PROFILE_FIELDS }, 'INVALID_FIELDS');
        }
      },
      schema: { body: ProfilePatch },
    },
    async (req) => {
      const me = req.user!;
      const patch: Partial<typeof users.$inferInsert> = {};
      const b = req.body;
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
      if (patch.email) {
        const [taken] = await app.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, patch.email), ne(users.id, me.id)));
        if (taken) throw conflict(emailTaken, 'EMAIL_TAKEN');
      }
      // The unique index settles a race between two people taking the same address at once.
      const [row] = await app.db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, me.id))
        .returning()
        .catch((err: { code?: string; cause?: { code?: string } }) => {
          if (err?.code === '23505' || err?.cause?.code === '23505') throw conflict(emailTaken, 'EMAIL_TAKEN');
          throw err;
        });
      if (!row) throw unauthorized();
      // The cached session carries the name and e-mail.
      await accessChanged(app.db, { users: [me.id] });
      return { user: toUserJson(row) };
    },
  );
};

export default profileRoutes;
