/**
 * Sensor data: HTTP ingest with a per-sensor device key, device key management for staff, and the
 * farmer home and field timeline queries. Every query goes through lib/access.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../../contracts/common';
import {
  DeviceKeyResponse,
  FieldQuery,
  FieldsResponse,
  IngestBody,
  IngestResponse,
  LatestResponse,
  ReadingsExportQuery,
  Series24hResponse,
  TimelineQuery,
  TimelineResponse,
} from '../../../../contracts/sensors';
import { requireRole, STAFF } from '../../lib/access';
import { Readable } from 'node:stream';
import * as service from './service';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const daySeries = service.createDaySeries(app);
  const timelines = service.createTimelines(app);
  // A JSON string is sent as it is (fastify skips the serialiser): the timeline is kept serialised.
  const sendTimeline = async (reply: FastifyReply, json: Promise<string>) => reply.type('application/json; charset=utf-8').send((await json) as never);

  app.post(
    '/sensor-data/ingest',
    {
      // Public to the sign-in hook: a device proves itself with its x-device-key instead. Devices are throttled by
      // the bounded ingest queue (503 when full), not by the per-IP limit.
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['sensors'],
        summary: 'Ingest one reading or a batch (header x-device-key); 202 after the commit',
        headers: Type.Object({ 'x-device-key': Type.Optional(Type.String({ maxLength: 200 })) }),
        body: IngestBody,
        response: { 202: IngestResponse },
      },
    },
    async (req, reply) => {
      const items = Array.isArray(req.body) ? req.body : [req.body];
      return reply.code(202).send(await service.ingestFromDevice(app, req.log, req.headers['x-device-key'], items));
    },
  );

  app.post(
    '/sensors/:id/device-key',
    {
      schema: { tags: ['sensors'], summary: 'Issue a new device key (shown once; replaces any earlier key). Also the MQTT password, with the sensor id as username', params: IdParams, response: { 201: DeviceKeyResponse } },
    },
    async (req, reply) => {
      requireRole(req.user!, STAFF);
      return reply.code(201).send(await service.issueDeviceKey(app, req.user!, req.params.id));
    },
  );

  app.delete(
    '/sensors/:id/device-key',
    { schema: { tags: ['sensors'], summary: 'Revoke the device key', params: IdParams, response: { 204: Type.Null() } } },
    async (req, reply) => {
      requireRole(req.user!, STAFF);
      await service.revokeDeviceKey(app, req.user!, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/sensor-data',
    { schema: { tags: ['sensors'], summary: "The caller's fields with their last reading", response: { 200: FieldsResponse } } },
    async (req) => service.lastReadings(app.db, req.user!),
  );

  app.get(
    '/sensor-data/latest',
    { schema: { tags: ['sensors'], querystring: FieldQuery, response: { 200: LatestResponse } } },
    async (req) => service.latestOf(app, req.user!, req.query.fieldId),
  );

  app.get(
    '/sensor-data/24h',
    {
      schema: { tags: ['sensors'], summary: 'Last 24 hours in 5-minute averages (or only after `since`)', querystring: FieldQuery, response: { 200: Series24hResponse } },
    },
    async (req, reply) => {
      const answer = await daySeries.of(req.user!, req.query.fieldId, req.query.since);
      if ('body' in answer) return answer.body;
      // A JSON string is sent as it is (fastify skips the serialiser), so a cached day costs no serialisation.
      // (typed as the schema's object; fastify sends a JSON string unchanged)
      return reply.type('application/json; charset=utf-8').send(answer.json as unknown as Series24hResponse);
    },
  );

  app.get(
    '/fields/:id/sensor-data',
    {
      schema: { tags: ['sensors'], summary: "Sensor timeline of a field within the caller's reach (a farmer: their own)", params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }), querystring: TimelineQuery, response: { 200: TimelineResponse } },
    },
    async (req, reply) => sendTimeline(reply, timelines.of(req.user!, req.params.id, req.query.days ?? 7)),
  );

  app.get(
    '/fields/:id/readings/export',
    {
      schema: {
        tags: ['sensors'],
        summary: "A field's readings from `from` to `to` (exclusive) as CSV, streamed: raw within RAW_RETENTION_DAYS, hourly rollups before (the field's farmer, its coordinator, admins)",
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: ReadingsExportQuery,
        produces: ['text/csv'],
        response: { 200: { description: 'The readings as CSV (header row first, time order)', content: { 'text/csv': { schema: Type.String() } } } },
      },
    },
    async (req, reply) => {
      const { filename, chunks } = await service.readingsExport(app.db, req.user!, req.params.id, req.query, app.config);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'no-store')
        // A stream, sent as it is read (the schema above documents the body as text).
        .send(Readable.from(chunks) as unknown as string);
    },
  );

  app.get(
    '/admin/fields/:id/sensor-data',
    {
      schema: { tags: ['sensors'], summary: 'Sensor timeline per type, averaged into time buckets', params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }), querystring: TimelineQuery, response: { 200: TimelineResponse } },
    },
    async (req, reply) => {
      requireRole(req.user!, STAFF);
      return sendTimeline(reply, timelines.of(req.user!, req.params.id, req.query.days ?? 7));
    },
  );
};

export default routes;
