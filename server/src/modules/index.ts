/**
 * Every route module, registered under /api/v1. Add one line per module.
 */
import type { FastifyPluginAsync } from 'fastify';
import account from './account/routes';
import auth from './auth/routes';
import health from './health/routes';
import sensors from './sensors/routes';
import alerts from './alerts/routes';
import coordinators from './coordinators/routes';

export const modules: FastifyPluginAsync[] = [
  health,
  auth,
  sensors,
  alerts,
  coordinators,
  account,
];
