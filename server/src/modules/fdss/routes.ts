/** /fdss: what the decision support does, current weather per field and the field's insights. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { FieldQuery, InsightsResponse, WeatherNow } from '../../../../contracts/fdss';
import { chooseWeather } from '../../providers/weather/index';
import { fieldInsights, fieldWeather } from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const weather = chooseWeather(app.config, app.log);

  app.get(
    '/fdss',
    {
      schema: {
        tags: ['fdss'],
        response: { 200: Type.Object({ weatherSource: Type.String(), rules: Type.Array(Type.String()), endpoints: Type.Array(Type.String()) }), ...errors },
      },
    },
    async () => ({
      weatherSource: weather.name,
      rules: ['sensor-offline', 'irrigate-now', 'wait-for-rain', 'irrigate-soon', 'waterlogging', 'heat-stress', 'fungal-risk', 'fertiliser-now', 'fertiliser-wait', 'no-spray'],
      endpoints: ['/fdss/weather/current?fieldId=', '/fdss/insights?fieldId='],
    }),
  );

  app.get(
    '/fdss/weather/current',
    { schema: { tags: ['fdss'], querystring: FieldQuery, response: { 200: WeatherNow, ...errors } } },
    async (req) => fieldWeather(app.db, req.user!, req.query.fieldId, weather, new Date()),
  );

  app.get(
    '/fdss/insights',
    { schema: { tags: ['fdss'], querystring: FieldQuery, response: { 200: InsightsResponse, ...errors } } },
    async (req) => ({ data: await fieldInsights(app.db, req.user!, req.query.fieldId, weather, new Date()) }),
  );
};

export default routes;
