/**
 * /ndvi: register a spot once per coordinate pair (the id is reused while the coordinates stay),
 * and read its NDVI series for the last 90 days. Offline the series is a labelled estimate.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { NdviRegisterRequest, NdviRegisterResponse, NdviTimeseriesResponse } from '../../../../contracts/land';
import { createNdviService } from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody, 503: ApiErrorBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const ndvi = createNdviService(app.config);

  app.get(
    '/ndvi',
    {
      schema: { tags: ['ndvi'], response: { 200: Type.Object({ provider: Type.String(), estimated: Type.Boolean(), radiusMetres: Type.Integer(), seriesDays: Type.Integer() }), ...errors } },
    },
    async () => ndvi.about(),
  );

  app.post(
    '/ndvi/register-field',
    { schema: { tags: ['ndvi'], body: NdviRegisterRequest, response: { 200: NdviRegisterResponse, ...errors } } },
    async (req) => ndvi.register(app.db, req.user!, req.body, req.log),
  );

  app.get(
    '/ndvi/timeseries',
    {
      schema: { tags: ['ndvi'], querystring: Type.Object({ fieldId: Type.String({ maxLength: 64 }) }), response: { 200: NdviTimeseriesResponse, ...errors } },
    },
    async (req) => ndvi.timeseries(app.db, req.user!, req.query.fieldId, req.log),
  );
};

export default routes;
