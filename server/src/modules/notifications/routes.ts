/**
 * The notification centre (issue 16): the bell's list and read marks, a person's channels and quiet hours,
 * Web Push subscriptions, and the admins' delivery log. Signed in by default; each route acts on the
 * caller's own rows only, the log on admins' request only. Rules in service.ts, SQL in repository.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody, IdParams } from '../../../../contracts/common';
import {
  DeliveryListQuery,
  DeliveryListResponse,
  NotificationListQuery,
  NotificationListResponse,
  NotificationSettings,
  PushSubscriptionBody,
  PushUnsubscribeBody,
  UnreadCount,
  VapidKeyResponse,
} from '../../../../contracts/notifications';
import { ADMINS, requireRole } from '../../lib/access';
import * as service from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const tags = ['notifications'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notifications',
    { schema: { tags, querystring: NotificationListQuery, response: { 200: NotificationListResponse, ...errors } } },
    async (req) => service.list(app, req.user!, req.query),
  );

  // The bell's badge at sign-in: the count alone (the list waits until the bell is opened).
  app.get(
    '/notifications/unread-count',
    { schema: { tags, response: { 200: UnreadCount, ...errors } } },
    async (req) => service.unread(app, req.user!),
  );

  app.patch(
    '/notifications/read-all',
    { schema: { tags, response: { 200: UnreadCount, ...errors } } },
    async (req) => service.markAllRead(app, req.user!),
  );

  app.patch(
    '/notifications/:id/read',
    { schema: { tags, params: IdParams, response: { 200: UnreadCount, ...errors } } },
    async (req) => service.markRead(app, req.user!, req.params.id),
  );

  app.get(
    '/profile/notification-settings',
    { schema: { tags, response: { 200: NotificationSettings, ...errors } } },
    async (req) => service.settings(app, req.user!),
  );

  app.put(
    '/profile/notification-settings',
    { schema: { tags, body: NotificationSettings, response: { 200: NotificationSettings, ...errors } } },
    async (req) => service.saveSettings(app, req.user!, req.body),
  );

  app.get(
    '/push/vapid-public-key',
    { schema: { tags, response: { 200: VapidKeyResponse, ...errors } } },
    async () => ({ publicKey: app.notifications.push?.publicKey ?? '', enabled: !!app.notifications.push }),
  );

  app.post(
    '/push/subscriptions',
    { schema: { tags, body: PushSubscriptionBody, response: { 204: Type.Null(), ...errors } } },
    async (req, reply) => {
      await service.subscribe(app, req.user!, req.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions',
    { schema: { tags, body: PushUnsubscribeBody, response: { 204: Type.Null(), ...errors } } },
    async (req, reply) => {
      await service.unsubscribe(app, req.user!, req.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/notification-deliveries',
    {
      schema: {
        tags,
        querystring: DeliveryListQuery,
        response: {
          200: {
            description: 'The delivery log (JSON), or with format=csv the matching rows as a CSV file',
            content: {
              'application/json': { schema: DeliveryListResponse },
              'text/csv': { schema: Type.String() },
            },
          },
          ...errors,
        },
      },
    },
    async (req, reply) => {
      requireRole(req.user!, ADMINS);
      const answer = await service.deliveries(app, req.user!, req.query);
      if (answer.csv !== undefined) {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="notification-deliveries.csv"')
          .send(answer.csv);
      }
      return reply.header('content-type', 'application/json; charset=utf-8').send(answer.json);
    },
  );
};

export default routes;
