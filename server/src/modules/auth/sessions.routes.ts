/**
 * The login-history dialog's calls: the caller's own history and live sessions, revoking one
 * (its refresh token stops working and its sockets are closed at once) and reporting a sign-in
 * (sessions.service.ts). Another user's session or history entry answers 404, never 403.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ActiveSessionsAnswer, LoginHistoryAnswer, OkAnswer } from '../../../../contracts/account';
import { IdParams } from '../../../../contracts/common';
import * as service from './sessions.service';

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/auth/login-history', { schema: { response: { 200: LoginHistoryAnswer } } }, async (req) => service.loginHistoryOf(app.db, req.user!));

  app.get('/auth/sessions/active', { schema: { response: { 200: ActiveSessionsAnswer } } }, async (req) => service.activeSessionsOf(app.db, req.user!));

  app.delete('/auth/sessions/:id', { schema: { params: IdParams, response: { 200: OkAnswer } } }, async (req) =>
    service.revokeOwnSession(app.db, app.realtime, req.user!, req.params.id),
  );

  app.post('/auth/suspicious/:id', { schema: { params: IdParams, response: { 200: OkAnswer } } }, async (req) =>
    service.reportSuspicious(app.db, app.realtime, req.user!, req.params.id, req.log),
  );
};

export default sessionRoutes;
