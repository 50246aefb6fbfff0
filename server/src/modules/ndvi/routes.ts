/**
 * /ndvi: register a spot once per coordinate pair (the id is reused while the coordinates stay),
 * and read its NDVI series for the last 90 days. Offline the series is a labelled estimate.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { NdviRegisterRequest, NdviRegisterResponse, NdviTimeseriesResponse } from '../../../../contracts/land';
import { isUuid } from '../../lib/access';
import { notFound, translated, unavailable } from '../../lib/errors';
import { summariseNdvi } from '../../domain/land/ndviSummary';
import { chooseNdvi } from '../../providers/ndvi/index';
import { findRegistration, insertRegistration, registrationOf } from './repository';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody, 503: ApiErrorBody };
const SERIES_DAYS = 90;
const serviceDown = translated(
  'The satellite (NDVI) service did not answer. Please try again later.',
  'उपग्रह (NDVI) सेवेकडून उत्तर आले नाही. कृपया नंतर प्रयत्न करा.',
  'उपग्रह (NDVI) सेवा से उत्तर नहीं मिला। कृपया बाद में प्रयास करें।',
);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const ndvi = chooseNdvi(app.config);

  app.get(
    '/ndvi',
    {
      schema: { tags: ['ndvi'], response: { 200: Type.Object({ provider: Type.String(), estimated: Type.Boolean(), radiusMetres: Type.Integer(), seriesDays: Type.Integer() }), ...errors } },
    },
    async () => ({ provider: ndvi.name, estimated: ndvi.name === 'crop-calendar-estimate', radiusMetres: 500, seriesDays: SERIES_DAYS }),
  );

  app.post(
    '/ndvi/register-field',
    { schema: { tags: ['ndvi'], body: NdviRegisterRequest, response: { 200: NdviRegisterResponse, ...errors } } },
    async (req) => {
      const { lat, lon, radius = 500, name = 'My Farm' } = req.body;
      const user = req.user!;
      const existing = await findRegistration(app.db, user.id, lat, lon);
      if (existing) return { fieldId: existing.id, reused: true, provider: existing.provider };
      let providerFieldId: string | null;
      try {
        providerFieldId = await ndvi.registerField({ lat, lon, radius, name });
      } catch (err) {
        req.log.warn({ err }, 'NDVI field registration failed');
        throw unavailable(serviceDown);
      }
      const row = await insertRegistration(app.db, { userId: user.id, lat, lon, radius, name, provider: ndvi.name, providerFieldId });
      return { fieldId: row.id, reused: false, provider: row.provider };
    },
  );

  app.get(
    '/ndvi/timeseries',
    {
      schema: { tags: ['ndvi'], querystring: Type.Object({ fieldId: Type.String({ maxLength: 64 }) }), response: { 200: NdviTimeseriesResponse, ...errors } },
    },
    async (req) => {
      if (!isUuid(req.query.fieldId)) throw notFound();
      const row = await registrationOf(app.db, req.user!.id, req.query.fieldId);
      if (!row) throw notFound();
      const to = new Date();
      const from = new Date(to.getTime() - SERIES_DAYS * 86_400_000);
      try {
        const series = await ndvi.timeseries({ area: { lat: row.lat, lon: row.lon, radius: row.radius, name: row.name }, providerFieldId: row.providerFieldId, from, to });
        const { latest, average30d } = summariseNdvi(series.points);
        return { fieldId: row.id, ndvi: series.points, summary: { latest, average30d }, estimated: series.estimated, source: series.source };
      } catch (err) {
        req.log.warn({ err }, 'NDVI series failed');
        throw unavailable(serviceDown);
      }
    },
  );
};

export default routes;
