/**
 * The audit trail (issue 19): GET /audit (a page with filters), /audit/actors (the actor filter's choices) and
 * /audit/export (CSV, streamed). Admins and superadmins only. Read-only: no route changes or removes an entry.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { AuditActors, AuditExportQuery, AuditPage, AuditQuery } from '../../../../contracts/audit';
import { ADMINS, requireRole } from '../../lib/access';
import * as service from './service';

const tags = ['audit'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/audit', { schema: { tags, querystring: AuditQuery, response: { 200: AuditPage, ...errors } } }, async (req) => {
    requireRole(req.user!, ADMINS);
    return service.auditList(app.db, req.user!, req.query);
  });

  app.get('/audit/actors', { schema: { tags, response: { 200: AuditActors, ...errors } } }, async (req) => {
    requireRole(req.user!, ADMINS);
    return service.auditActors(app.db, req.user!);
  });

  app.get(
    '/audit/export',
    {
      schema: {
        tags,
        querystring: AuditExportQuery,
        response: { 200: { description: 'The matching entries as CSV', content: { 'text/csv': { schema: Type.String({ format: 'binary' }) } } }, ...errors },
      },
    },
    async (req, reply) => {
      requireRole(req.user!, ADMINS);
      const csv = await service.auditCsv(app.db, req.user!, req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(csv as unknown as string);
    },
  );
};

export default routes;
