/**
 * GET /fields → data.fields[] ({_id, fieldId, name}) of the fields the caller may see: the field
 * dropdowns of decision support and the land report. Minimal on purpose; the staff module's richer
 * field routes supersede it (see the tools report).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorBody } from '../../contracts/common';
import { FieldChoices } from '../../contracts/fdss';
import { fields } from '../../db/schema';
import { fieldScope } from '../../lib/access';

const LIMIT = 500;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fields',
    { onRequest: [app.authenticate], schema: { tags: ['fields'], response: { 200: FieldChoices, 401: ApiErrorBody } } },
    async (req) => {
      const rows = await app.db
        .select({ _id: fields.id, fieldId: fields.fieldId, name: fields.name })
        .from(fields)
        .where(fieldScope(req.user!))
        .orderBy(fields.name, fields.fieldId)
        .limit(LIMIT);
      return { data: { fields: rows } };
    },
  );
};

export default routes;
