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
import { locationsFor, nearby, stationsNear, statistics, toLocation } from './repository';
import { addLocation, moveLocation } from './service';

const tags = ['gps'];
/** Spec section 9: nearby fields within 10 km and weather stations within 50 km unless asked otherwise. */
const NEARBY_KM = 10;
const STATIONS_KM = 50;

const routes: FastifyPluginAsyncTypebox = async (app) => {

  app.get('/gps-mapping', { schema: { tags, response: { 200: FieldLocationsResponse } } }, async (req) => {
    requireRole(req.user!, STAFF);
    return { fieldLocations: (await locationsFor(app.db, req.user!)).map(toLocation) };
  });

  app.get('/gps-mapping/statistics', { schema: { tags, response: { 200: GpsStatistics } } }, async (req) => {
    requireRole(req.user!, STAFF);
    return { stats: { overview: statistics(await locationsFor(app.db, req.user!)) } };
  });

  app.post('/gps-mapping', { schema: { tags, body: AddLocationBody, response: { 201: FieldLocationResponse } } }, async (req, reply) => {
    requireRole(req.user!, STAFF);
    const row = await addLocation(app.db, req.user!, req.body);
    reply.code(201);
    return { fieldLocation: toLocation(row) };
  });

  app.get('/gps-mapping/mobile/nearby', { schema: { tags, querystring: NearbyQuery, response: { 200: FieldLocationsResponse } } }, async (req) => {
    requireRole(req.user!, STAFF);
    const { latitude, longitude, radius = NEARBY_KM } = req.query;
    return { fieldLocations: nearby(await locationsFor(app.db, req.user!), latitude, longitude, radius) };
  });

  app.get(
    '/gps-mapping/mobile/weather-stations',
    { schema: { tags, querystring: NearbyQuery, response: { 200: WeatherStationsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const { latitude, longitude, radius = STATIONS_KM } = req.query;
      return { weatherStations: await stationsNear(app.db, latitude, longitude, radius) };
    },
  );

  app.put(
    '/gps-mapping/mobile/location/:fieldId',
    { schema: { tags, params: FieldIdParams, body: UpdateLocationBody, response: { 200: FieldLocationResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const row = await moveLocation(app.db, req.user!, req.params.fieldId, req.body, app.config.gpsMaxMoveKm);
      return { fieldLocation: toLocation(row) };
    },
  );
};

export default routes;
