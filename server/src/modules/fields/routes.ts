/**
 * Fields: the dropdown list, creation with sensors, the coordinator and admin field lists, the map pins,
 * Field Details and setting a location. Every read is scoped by lib/access.ts (404 outside reach).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import {
  AddFieldBody,
  CreatedField,
  FieldChoices,
  FieldChoicesQuery,
  FieldDetail,
  FieldEditBody,
  FieldEdited,
  FieldList,
  FieldListQuery,
  FieldLocation,
  FieldPins,
  FieldPinsQuery,
  LocationBody,
} from '../../../../contracts/fields';
import { isAdmin, requireRole, STAFF } from '../../lib/access';
import { forbidden } from '../../lib/errors';
import type { AddFieldPayload } from '../../../../contracts/addField';
import { etagMatches, pickEncoding } from './pinCache';
import * as service from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody };
const security = [{ bearer: [] }];
const tags = ['fields'];
/** Either the UUID or the human field code. */
const FieldParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const listQuery = (q: { page?: number; limit?: number; search?: string; status?: 'all' | 'good' | 'warning' | 'alert' }) => ({
    page: q.page ?? 1,
    limit: q.limit ?? 10,
    search: q.search,
    status: q.status,
  });

  app.get(
    '/fields',
    // Spec section 7: GET /fields → data.fields[].
    { schema: { tags, security, querystring: FieldChoicesQuery, response: { 200: FieldChoices, ...errors } } },
    async (req) => service.fieldChoices(app.db, req.user!, { page: req.query.page ?? 1, limit: req.query.limit ?? 100 }),
  );

  app.post(
    '/fields',
    { schema: { tags, security, body: AddFieldBody, response: { 201: CreatedField, ...errors } } },
    async (req, reply) => {
      const created = await service.createField(app.db, req.user!, req.body as AddFieldPayload);
      return reply.code(201).send({ field: { _id: created.id, fieldId: created.fieldId, name: created.name, farmerId: created.farmerId } });
    },
  );

  app.get(
    '/coordinator/field-overview',
    { schema: { tags, security, querystring: FieldListQuery, response: { 200: FieldList, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.listFields(app.db, req.user!, listQuery(req.query), app.counts);
    },
  );

  app.get(
    '/fields/overview',
    // Field monitoring for whoever is signed in: a farmer's own fields, a coordinator's farmers' fields,
    // every field for an admin (fieldScope). The staff lists above and below stay staff-only.
    { schema: { tags, security, querystring: FieldListQuery, response: { 200: FieldList, ...errors } } },
    async (req) => service.listFields(app.db, req.user!, listQuery(req.query), app.counts),
  );

  app.get(
    '/fields/:id',
    // Field Details for any signed-in user, limited to fields within reach (a farmer: their own; else 404).
    { schema: { tags, security, params: FieldParams, response: { 200: FieldDetail, ...errors } } },
    async (req) => service.fieldDetails(app.db, req.user!, req.params.id),
  );

  app.get(
    '/admin/fields',
    { schema: { tags, security, querystring: FieldListQuery, response: { 200: FieldList, ...errors } } },
    async (req) => {
      // Coordinators reach this list too (the field table), limited to their farmers' fields.
      requireRole(req.user!, STAFF);
      return service.listFields(app.db, req.user!, listQuery(req.query), app.counts);
    },
  );

  // The map's answer per scope, serialised and compressed once (pinCache.ts says when it is cleared).
  const pins = service.createFieldPins(app.db, Math.max(0, app.config.mapCacheSeconds ?? 300) * 1000);
  app.addHook('onClose', async () => pins.stop());

  app.get(
    '/fields/map',
    // Columns, not objects (contracts/fields.ts FieldPins); ETag / If-None-Match → 304; br or gzip when accepted.
    { schema: { tags, security, querystring: FieldPinsQuery, response: { 200: FieldPins, 304: Type.Null(), ...errors } } },
    async (req, reply) => {
      requireRole(req.user!, STAFF);
      const answer = await pins.get(req.user!, req.query.limit ?? 20_000);
      void reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      if (etagMatches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send(null);
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const body = encoding ? answer[encoding] : undefined;
      void reply.type('application/json; charset=utf-8');
      // (typed as the schema's object; fastify sends a Buffer or a JSON string unchanged)
      if (encoding && body) return reply.header('content-encoding', encoding).send(body as unknown as FieldPins);
      return reply.send(answer.json as unknown as FieldPins);
    },
  );

  app.get(
    '/admin/fields/:id',
    { schema: { tags, security, params: FieldParams, response: { 200: FieldDetail, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.fieldDetails(app.db, req.user!, req.params.id);
    },
  );

  app.patch(
    '/fields/:id',
    // Staff edit a field's attributes (service.editField): admins any field, coordinators their farmers'.
    { schema: { tags, security, params: FieldParams, body: FieldEditBody, response: { 200: FieldEdited, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.editField(app.db, req.user!, req.params.id, req.body);
    },
  );

  app.put(
    '/admin/fields/:id/location',
    { schema: { tags, security, params: FieldParams, body: LocationBody, response: { 200: FieldLocation, ...errors } } },
    async (req) => {
      if (!isAdmin(req.user!) && req.user!.role !== 'coordinator') throw forbidden();
      return service.setFieldLocation(app.db, req.user!, req.params.id, req.body.lat, req.body.lng);
    },
  );
};

export default routes;
