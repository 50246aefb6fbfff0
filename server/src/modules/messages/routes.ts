/**
 * Coordinator → farmer messages (stored, pushed live as `message:new`; texted through the notification queue on
 * the farmer's chosen channels) and the farmer's inbox.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody, IdParams } from '../../../../contracts/common';
import { Inbox, InboxQuery, SendMessageBody, SendMessageResult } from '../../../../contracts/messages';
import { requireRole, STAFF } from '../../lib/access';
import { inbox, markRead, sendMessage, unreadCounts } from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const security = [{ bearer: [] }];
const tags = ['messages'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** Every tab and device of these farmers shows their new count of unread messages. */
  const pushUnread = async (farmerIds: string[]) => {
    const counts = await unreadCounts(app.db, farmerIds);
    for (const id of farmerIds) app.realtime.toUser(id).emit('inbox:unread', { unread: counts.get(id) ?? 0 });
  };
  app.post(
    '/coordinator/send-message',
    { schema: { tags, security, body: SendMessageBody, response: { 200: SendMessageResult, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const sent = await sendMessage(app.db, req.user!, req.body);
      for (const farmerId of sent.farmerIds) app.realtime.toUser(farmerId).emit('message:new', sent.message);
      await pushUnread(sent.farmerIds);
      return { sentTo: sent.sentTo, messageId: sent.message._id };
    },
  );

  app.get('/messages', { schema: { tags, security, querystring: InboxQuery, response: { 200: Inbox, ...errors } } }, async (req) =>
    inbox(app.db, req.user!, { page: req.query.page ?? 1, limit: req.query.limit ?? 10 }),
  );

  app.post(
    '/messages/:id/read',
    { schema: { tags, security, params: IdParams, response: { 200: Type.Object({ _id: Type.String(), readAt: Type.String() }), ...errors } } },
    async (req) => {
      const read = await markRead(app.db, req.user!, req.params.id);
      await pushUnread([req.user!.id]);
      return read;
    },
  );
};

export default routes;
