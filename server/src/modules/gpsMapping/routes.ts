/**
 * GPS field mapping for staff: the mapped locations of the fields the caller may reach, their totals,
 * adding a location (one per field), nearby fields and weather stations, and a mobile GPS update.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddLocationBody,
  FieldIdParams,
  FieldLocationResponse,
  FieldLocationsResponse,
  GpsStatistics,
  NearbyQuery,
  UpdateLocationBody,
  WeatherStationsResponse,
} from '../../../../contracts/gpsMapping';
import { requireRole, STAFF } from '../../lib/access';
import * as service from './service';

const tags = ['gps'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/gps-mapping', { schema: { tags, response: { 200: FieldLocationsResponse } } }, async (req) => {
    requireRole(req.user!, STAFF);
    return service.mappedFields(app.db, req.user!);
  });

  app.get('/gps-mapping/statistics', { schema: { tags, response: { 200: GpsStatistics } } }, async (req) => {
    requireRole(req.user!, STAFF);
    return service.mappingStatistics(app.db, req.user!);
  });

  app.post('/gps-mapping', { schema: { tags, body: AddLocationBody, response: { 201: FieldLocationResponse } } }, async (req, reply) => {
    requireRole(req.user!, STAFF);
    return reply.code(201).send(await service.addLocation(app.db, req.user!, req.body));
  });

  app.get('/gps-mapping/mobile/nearby', { schema: { tags, querystring: NearbyQuery, response: { 200: FieldLocationsResponse } } }, async (req) => {
    requireRole(req.user!, STAFF);
    return service.nearbyFields(app.db, req.user!, req.query);
  });

  app.get(
    '/gps-mapping/mobile/weather-stations',
    { schema: { tags, querystring: NearbyQuery, response: { 200: WeatherStationsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.weatherStationsNear(app.db, req.query);
    },
  );

  app.put(
    '/gps-mapping/mobile/location/:fieldId',
    { schema: { tags, params: FieldIdParams, body: UpdateLocationBody, response: { 200: FieldLocationResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.moveLocation(app.db, req.user!, req.params.fieldId, req.body, app.config.gpsMaxMoveKm);
    },
  );
};

export default routes;
