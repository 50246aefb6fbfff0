/**
 * GET /trust (anyone signed in, spec: the trust screen): the measured figures. POST /ratings (farmers): a thumbs
 * up/down on one of their own chatbot answers or leaf-photo results; anyone else's → 404 in their language.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { RateRequest, RateResponse, TrustFigures } from '../../../../contracts/trust';
import * as service from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/trust', { schema: { tags: ['trust'], response: { 200: TrustFigures, ...errors } } }, async () =>
    service.trustFigures(app.db, app.config, new Date(), app.auditIncidents),
  );

  app.post('/ratings', { schema: { tags: ['trust'], body: RateRequest, response: { 200: RateResponse, ...errors } } }, async (req) =>
    service.rate(app.db, req.user!, req.body),
  );
};

export default routes;
