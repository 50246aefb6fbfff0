/**
 * GPS field mapping for staff: the mapped locations of the fields the caller may reach, their totals,
 * adding a location (one per field), nearby fields and weather stations, and a mobile GPS update.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import {
  AddLocationBody,
  FieldIdParams,
  FieldLocationResponse,
  FieldLocationsResponse,
  GpsStatistics,
  NearbyQuery,
  UpdateLocationBody,
  WeatherStationsResponse,
} from '../../contracts/gpsMapping';
import { gpsFieldLocations } from '../../db/schema';
import { loadFieldFor, requireRole, STAFF } from '../../lib/access';
import { conflict, notFound, translated } from '../../lib/errors';
import { locationOfField, locationsFor, nearby, stationsNear, statistics, toLocation } from './repository';

const tags = ['gps'];
const alreadyMapped = translated(
  'This field already has a GPS location; update it instead.',
  'या शेताचे GPS स्थान आधीच नोंदलेले आहे; ते अद्ययावत करा.',
  'इस खेत का GPS स्थान पहले से दर्ज है; उसे अपडेट करें।',
);
/** Spec section 9: nearby fields within 10 km and weather stations within 50 km unless asked otherwise. */
const NEARBY_KM = 10;
const STATIONS_KM = 50;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = { onRequest: [app.authenticate] };

  app.get('/gps-mapping', { ...auth, schema: { tags, response: { 200: FieldLocationsResponse } } }, async (req) => {
    requireRole(req.user!, STAFF);
    return { fieldLocations: (await locationsFor(app.db, req.user!)).map(toLocation) };
  });

  app.get('/gps-mapping/statistics', { ...auth, schema: { tags, response: { 200: GpsStatistics } } }, async (req) => {
    requireRole(req.user!, STAFF);
    return { stats: { overview: statistics(await locationsFor(app.db, req.user!)) } };
  });

  app.post('/gps-mapping', { ...auth, schema: { tags, body: AddLocationBody, response: { 201: FieldLocationResponse } } }, async (req, reply) => {
    requireRole(req.user!, STAFF);
    const field = await loadFieldFor(app.db, req.user!, req.body.fieldId);
    if (await locationOfField(app.db, field.id)) throw conflict(alreadyMapped, 'ALREADY_MAPPED');
    const b = req.body;
    const [row] = await app.db
      .insert(gpsFieldLocations)
      .values({
        fieldId: field.id,
        name: b.name.trim(),
        status: (b.status ?? 'active') as 'active',
        lng: b.coordinates[0],
        lat: b.coordinates[1],
        areaValue: b.area?.value ?? null,
        areaUnit: b.area?.unit ?? 'acres',
        elevation: b.elevation?.value ?? null,
        soilType: (b.soilType ?? 'unknown') as 'unknown',
        irrigationType: b.irrigationType ?? null,
        metadata: b.metadata ?? {},
        lastSurveyAt: new Date(),
        surveyMethod: 'manual',
      })
      .returning();
    reply.code(201);
    return { fieldLocation: toLocation(row) };
  });

  app.get('/gps-mapping/mobile/nearby', { ...auth, schema: { tags, querystring: NearbyQuery, response: { 200: FieldLocationsResponse } } }, async (req) => {
    requireRole(req.user!, STAFF);
    const { latitude, longitude, radius = NEARBY_KM } = req.query;
    return { fieldLocations: nearby(await locationsFor(app.db, req.user!), latitude, longitude, radius) };
  });

  app.get(
    '/gps-mapping/mobile/weather-stations',
    { ...auth, schema: { tags, querystring: NearbyQuery, response: { 200: WeatherStationsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const { latitude, longitude, radius = STATIONS_KM } = req.query;
      return { weatherStations: await stationsNear(app.db, latitude, longitude, radius) };
    },
  );

  app.put(
    '/gps-mapping/mobile/location/:fieldId',
    { ...auth, schema: { tags, params: FieldIdParams, body: UpdateLocationBody, response: { 200: FieldLocationResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const field = await loadFieldFor(app.db, req.user!, req.params.fieldId);
      const existing = await locationOfField(app.db, field.id);
      if (!existing) throw notFound();
      const [row] = await app.db
        .update(gpsFieldLocations)
        .set({
          lng: req.body.coordinates[0],
          lat: req.body.coordinates[1],
          accuracy: req.body.accuracy ?? 95,
          surveyMethod: req.body.surveyMethod ?? 'mobile_gps',
          lastSurveyAt: new Date(),
        })
        .where(eq(gpsFieldLocations.id, existing.id))
        .returning();
      return { fieldLocation: toLocation(row) };
    },
  );
};

export default routes;
