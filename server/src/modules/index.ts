/**
 * Every route module, registered under /api/v1. Add one line per module.
 */
import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes';
import health from './health/routes';

export const modules: FastifyPluginAsync[] = [
  health,
  auth,
];
