/**
 * Farmers and coordinators: lists (server-side pages, search in SQL), edits, deactivation,
 * coordinator assignment, CSV import and export. Roles and ownership through lib/access.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { ApiErrorBody, IdParams } from '../../../../contracts/common';
import {
  AssignCoordinator,
  CoordinatorChoices,
  CoordinatorList,
  CoordinatorListQuery,
  FarmerList,
  FarmerListQuery,
  FarmerRow,
  ImportReport,
  Ok,
  PersonEdit,
} from '../../../../contracts/people';
import { ADMINS, loadFarmerFor, requireRole, STAFF } from '../../lib/access';
import { AppError, badRequest, M } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';
import { FARMER_IMPORT_MAX_BYTES, farmersToCsv } from '../../domain/people/csv';
import { createInviter } from '../auth/passwordLinks';
import { preferredLanguage } from '../userLanguage';
import * as repo from './repository';
import * as service from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody };
const security = [{ bearer: [] }];
const tags = ['people'];
const Lang = Type.Union([Type.Literal('english'), Type.Literal('marathi'), Type.Literal('hindi')]);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: FARMER_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  // Sockets follow at once, on every instance: the ended sessions' sockets are closed, and whatever else the
  // person's sockets (or the watchers of a moved farmer's fields) may no longer see is left (realtime/sockets.ts).
  const endSessions = (userId: string, ids: string[]) => app.realtime.recheck({ sessions: ids, users: [userId] });
  const page = (q: { page?: number; limit?: number }) => ({ page: q.page ?? 1, limit: q.limit ?? 10 });
  const inviter = createInviter(app);

  app.get(
    '/coordinators',
    { schema: { tags, security, response: { 200: CoordinatorChoices, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return { users: await repo.coordinatorChoices(app.db) };
    },
  );

  app.get(
    '/admin/farmers',
    { schema: { tags, security, querystring: FarmerListQuery, response: { 200: FarmerList, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return repo.listFarmers(app.db, req.user!, { ...page(req.query), search: req.query.search, status: req.query.status }, app.counts);
    },
  );

  app.get(
    '/coordinator/managed-farmers',
    { schema: { tags, security, querystring: FarmerListQuery, response: { 200: FarmerList, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return repo.listFarmers(app.db, req.user!, { ...page(req.query), search: req.query.search, status: req.query.status }, app.counts);
    },
  );

  app.get(
    '/admin/farmer/:id',
    { schema: { tags, security, params: IdParams, response: { 200: FarmerRow, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const farmer = await loadFarmerFor(app.db, req.user!, req.params.id);
      const { farmers } = await repo.listFarmers(app.db, req.user!, { page: 1, limit: 1, search: farmer.email });
      return farmers[0];
    },
  );

  app.put(
    '/admin/farmer/:id',
    { schema: { tags, security, params: IdParams, body: PersonEdit, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      await endSessions(req.params.id, await service.editFarmer(app.db, req.user!, req.params.id, req.body));
      return { success: true };
    },
  );

  app.patch(
    '/admin/farmer/:id/deactivate',
    { schema: { tags, security, params: IdParams, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      await endSessions(req.params.id, await service.deactivateFarmer(app.db, req.user!, req.params.id));
      return { success: true };
    },
  );

  app.patch(
    '/admin/farmer/:id/assign-coordinator',
    { schema: { tags, security, params: IdParams, body: AssignCoordinator, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      await service.assignCoordinator(app.db, req.user!, req.params.id, req.body.coordinatorId);
      // The coordinator who had this farmer stops receiving their fields' readings now, not at their next request.
      await app.realtime.recheck({ farmers: [req.params.id] });
      return { success: true };
    },
  );

  app.get(
    '/admin/coordinators',
    { schema: { tags, security, querystring: CoordinatorListQuery, response: { 200: CoordinatorList, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return repo.listCoordinators(app.db, { page: req.query.page ?? 1, limit: req.query.limit ?? 500, search: req.query.search }, app.counts);
    },
  );

  app.put(
    '/admin/coordinator/:id',
    { schema: { tags, security, params: IdParams, body: PersonEdit, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      await endSessions(req.params.id, await service.editCoordinator(app.db, req.params.id, req.body));
      return { success: true };
    },
  );

  app.patch(
    '/admin/coordinator/:id/deactivate',
    { schema: { tags, security, params: IdParams, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      await endSessions(req.params.id, await service.deactivateCoordinator(app.db, req.params.id));
      return { success: true };
    },
  );

  app.post(
    '/admin/farmers/import',
    {
      config: { upload: true },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        // The language of the rejected-rows report (the page's); the admin's preferred language when not given.
        querystring: Type.Object({ lang: Type.Optional(Lang) }),
        response: { 200: ImportReport, ...errors, 413: ApiErrorBody },
      },
    },
    async (req) => {
      requireRole(req.user!, ADMINS);
      if (!req.isMultipart()) throw badRequest(service.PEOPLE_TEXT.csvOnly, undefined, 'CSV_ONLY');
      const { files } = await readMultipart(req, new AppError(413, 'TOO_LARGE', M.tooLarge));
      const file = files[0];
      if (!file || !/\.csv$/i.test(file.filename)) throw badRequest(service.PEOPLE_TEXT.csvOnly, undefined, 'CSV_ONLY');
      const lang = req.query.lang ?? (await preferredLanguage(app.db, req.user!.id));
      const { created, ...report } = await service.importFarmers(app.db, file.content, lang);
      // Imported farmers have no usable password: each active one gets a set-password link by SMS and e-mail.
      // Delivery goes on in the background; the answer says how many were invited.
      const { invited } = await inviter.invite(created.filter((f) => f.status === 'Active'), req.log);
      return { ...report, invited };
    },
  );

  app.get(
    '/admin/farmers/export',
    { schema: { tags, security, response: { 200: Type.String(), ...errors } } },
    async (req, reply) => {
      requireRole(req.user!, ADMINS);
      const csv = farmersToCsv(await repo.exportRows(app.db, req.user!));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="farmers.csv"')
        .send(csv);
    },
  );
};

export default routes;
