/**
 * GET /coordinators (spec section 7): the active coordinators, for the alert assign dropdown and the
 * Add Farmer coordinator selector. Staff only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { and, asc, eq } from 'drizzle-orm';
import { Uuid } from '../../contracts/common';
import { users } from '../../db/schema';
import { requireRole, STAFF } from '../../lib/access';

const CoordinatorsResponse = Type.Object({ users: Type.Array(Type.Object({ _id: Uuid, name: Type.String(), email: Type.String() })) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/coordinators', { onRequest: [app.authenticate], schema: { tags: ['people'], response: { 200: CoordinatorsResponse } } }, async (req) => {
    requireRole(req.user!, STAFF);
    const rows = await app.db
      .select({ _id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'coordinator'), eq(users.status, 'Active')))
      .orderBy(asc(users.name));
    return { users: rows };
  });
};

export default routes;
