/**
 * PATCH /auth/profile: the caller edits their own profile (the rules are in profile.service.ts). Exactly the
 * spec's fields are accepted; anything else (role, managedBy, passwordHash …) is refused with the list of what
 * is allowed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PROFILE_FIELDS, ProfilePatch, ProfileSaved } from '../../../../contracts/account';
import { badRequest } from '../../lib/errors';
import { AM } from './messages';
import { createProfileService } from './profile.service';

const ALLOWED = new Set<string>(PROFILE_FIELDS);

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const profiles = createProfileService(app);

  app.patch(
    '/auth/profile',
    {
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
      config: { idempotent: true },
      schema: { body: ProfilePatch, response: { 200: ProfileSaved } },
    },
    async (req) => profiles.updateProfile(req.user!, req.body, req.log),
  );
};

export default profileRoutes;
