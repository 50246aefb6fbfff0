/**
 * Administrators and another user's sign-in (issue 13): the login history, clearing the sign-in throttle,
 * ending every session, a first sign-in invitation, and (issue 19) resetting two-factor sign-in and, for
 * superadmins, changing a staff member's role (adminAccess.service.ts). Admins and superadmins only; each
 * reaches the roles it may create, anyone else's id answers 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccessChanged, AdminSignInAnswer, InviteAnswer, OkAnswer, RoleChange, SessionsEnded } from '../../../../contracts/account';
import { ApiErrorBody, IdParams } from '../../../../contracts/common';
import { ADMINS, requireRole } from '../../lib/access';
import { createAdminAccessService } from './adminAccess.service';
import { clientInfo } from './loginHistory';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody };

const adminAccessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const access = createAdminAccessService(app);

  app.get(
    '/admin/users/:id/sign-in',
    { schema: { tags: ['admin'], params: IdParams, response: { 200: AdminSignInAnswer } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return access.signInOverview(req.user!, req.params.id);
    },
  );

  app.post(
    '/admin/users/:id/sign-in/clear',
    { schema: { tags: ['admin'], params: IdParams, response: { 200: OkAnswer } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return access.clearThrottle(req.user!, req.params.id, clientInfo(req.ip, req.headers['user-agent']), req.log);
    },
  );

  app.post(
    '/admin/users/:id/sessions/end',
    { schema: { tags: ['admin'], params: IdParams, response: { 200: SessionsEnded } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return access.endAllSessions(req.user!, req.params.id, clientInfo(req.ip, req.headers['user-agent']), req.log);
    },
  );

  app.patch(
    '/admin/users/:id/role',
    { schema: { tags: ['admin'], params: IdParams, body: RoleChange, response: { 200: AccessChanged, ...errors } } },
    async (req) => {
      requireRole(req.user!, ['superadmin']);
      return access.changeRole(req.user!, req.params.id, req.body.role, req.log);
    },
  );

  app.post(
    '/admin/users/:id/two-factor/reset',
    { schema: { tags: ['admin'], params: IdParams, response: { 200: AccessChanged, ...errors } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return access.resetTwoFactor(req.user!, req.params.id, req.log);
    },
  );

  app.post(
    '/admin/users/:id/invite',
    { schema: { tags: ['admin'], params: IdParams, response: { 200: InviteAnswer } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return access.invite(req.user!, req.params.id, req.log);
    },
  );
};

export default adminAccessRoutes;
