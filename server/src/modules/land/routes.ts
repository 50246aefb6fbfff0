/** /land: what the report is built from, POST /land/report and POST /land/download-pdf (nothing is stored). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { LandReportRequest, LandReportResponse, PdfRequest } from '../../../../contracts/land';
import type { LandReport } from '../../domain/land/report';
import { perUserLimit } from '../../lib/rateLimits';
import * as service from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/land',
    {
      schema: {
        tags: ['land'],
        response: {
          200: Type.Object({
            defaultState: Type.String(),
            ratingTables: Type.Array(Type.Object({ state: Type.String(), name: Type.String(), source: Type.String() })),
            crops: Type.Array(Type.String()),
            sources: Type.Array(Type.String()),
          }),
          ...errors,
        },
      },
    },
    async () => service.basis(),
  );

  app.post(
    '/land/report',
    { schema: { tags: ['land'], body: LandReportRequest, response: { 200: LandReportResponse, ...errors } } },
    async (req) => service.report(app.db, req.user!, req.body),
  );

  app.post(
    '/land/download-pdf',
    {
      config: { rateLimit: perUserLimit(app.config.landPdfPerUserPerMinute) },
      schema: {
        tags: ['land'],
        body: PdfRequest,
        produces: ['application/pdf'],
        response: { 200: { description: 'The report as a PDF file', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } } },
      },
    },
    async (req, reply) => {
      const pdf = await service.reportPdf(req.body.report as LandReport);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="land-health-report.pdf"')
        .header('cache-control', 'no-store')
        // (the schema describes the PDF as a binary string; fastify sends the Buffer unchanged)
        .send(pdf as unknown as string);
    },
  );
};

export default routes;
