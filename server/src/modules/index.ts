/**
 * Every route module, registered under /api/v1. Add one line per module.
 */
import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes';
import health from './health/routes';
import dashboards from './dashboards/routes';
import fields from './fields/routes';
import messages from './messages/routes';
import people from './people/routes';

export const modules: FastifyPluginAsync[] = [
  health,
  auth,
  people,
  fields,
  dashboards,
  messages,
];
