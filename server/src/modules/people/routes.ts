/**
 * Farmers and coordinators: lists (server-side pages, search in SQL), edits, deactivation,
 * coordinator assignment, CSV import and export. Roles and ownership through lib/access.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { ApiErrorBody, IdParams } from '../../../../contracts/common';
import {
  AdminList,
  AdminListQuery,
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
import { ADMINS, requireRole, STAFF } from '../../lib/access';
import { AppError, badRequest, M } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';
import { FARMER_IMPORT_MAX_BYTES } from '../../domain/people/csv';
import { createPeopleService, PEOPLE_TEXT } from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody };
const security = [{ bearer: [] }];
const tags = ['people'];
const Lang = Type.Union([Type.Literal('english'), Type.Literal('marathi'), Type.Literal('hindi')]);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: FARMER_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  const people = createPeopleService(app);
  const page = (q: { page?: number; limit?: number }) => ({ page: q.page ?? 1, limit: q.limit ?? 10 });

  app.get(
    '/coordinators',
    { schema: { tags, security, response: { 200: CoordinatorChoices, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return people.coordinatorChoices();
    },
  );

  app.get(
    '/admin/farmers',
    { schema: { tags, security, querystring: FarmerListQuery, response: { 200: FarmerList, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return people.farmers(req.user!, { ...page(req.query), search: req.query.search, status: req.query.status });
    },
  );

  app.get(
    '/coordinator/managed-farmers',
    { schema: { tags, security, querystring: FarmerListQuery, response: { 200: FarmerList, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return people.farmers(req.user!, { ...page(req.query), search: req.query.search, status: req.query.status });
    },
  );

  app.get(
    '/admin/farmer/:id',
    { schema: { tags, security, params: IdParams, response: { 200: FarmerRow, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return people.farmer(req.user!, req.params.id);
    },
  );

  app.put(
    '/admin/farmer/:id',
    { schema: { tags, security, params: IdParams, body: PersonEdit, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return people.editFarmer(req.user!, req.params.id, req.body);
    },
  );

  app.patch(
    '/admin/farmer/:id/deactivate',
    { schema: { tags, security, params: IdParams, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return people.deactivateFarmer(req.user!, req.params.id);
    },
  );

  app.patch(
    '/admin/farmer/:id/assign-coordinator',
    { schema: { tags, security, params: IdParams, body: AssignCoordinator, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return people.assignCoordinator(req.user!, req.params.id, req.body.coordinatorId);
    },
  );

  app.get(
    '/admin/coordinators',
    { schema: { tags, security, querystring: CoordinatorListQuery, response: { 200: CoordinatorList, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return people.coordinators({ page: req.query.page ?? 1, limit: req.query.limit ?? 500, search: req.query.search });
    },
  );

  app.get(
    '/admin/admins',
    // Superadmins only: the people whose role only a superadmin may change (PATCH /admin/users/:id/role).
    { schema: { tags, security, querystring: AdminListQuery, response: { 200: AdminList, ...errors } } },
    async (req) => {
      requireRole(req.user!, ['superadmin']);
      return people.admins({ page: req.query.page ?? 1, limit: req.query.limit ?? 10, search: req.query.search });
    },
  );

  app.put(
    '/admin/coordinator/:id',
    { schema: { tags, security, params: IdParams, body: PersonEdit, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return people.editCoordinator(req.user!, req.params.id, req.body);
    },
  );

  app.patch(
    '/admin/coordinator/:id/deactivate',
    { schema: { tags, security, params: IdParams, response: { 200: Ok, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return people.deactivateCoordinator(req.user!, req.params.id);
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
      if (!req.isMultipart()) throw badRequest(PEOPLE_TEXT.csvOnly, undefined, 'CSV_ONLY');
      const { files } = await readMultipart(req, new AppError(413, 'TOO_LARGE', M.tooLarge));
      const file = files[0];
      if (!file || !/\.csv$/i.test(file.filename)) throw badRequest(PEOPLE_TEXT.csvOnly, undefined, 'CSV_ONLY');
      return people.importFarmers(req.user!, file.content, req.query.lang, req.log);
    },
  );

  app.get(
    '/admin/farmers/export',
    { schema: { tags, security, response: { 200: Type.String(), ...errors } } },
    async (req, reply) => {
      requireRole(req.user!, ADMINS);
      const csv = await people.exportCsv(req.user!);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="farmers.csv"')
        .send(csv);
    },
  );
};

export default routes;
