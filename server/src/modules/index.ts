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
import chatbot from './chatbot/routes';
import disease from './disease/routes';
import fdss from './fdss/routes';
import fieldsLookup from './fields-lookup/routes';
import land from './land/routes';
import ndvi from './ndvi/routes';

export const modules: FastifyPluginAsync[] = [
  health,
  auth,
  sensors,
  alerts,
  coordinators,
  account,
  disease,
  chatbot,
  fdss,
  fieldsLookup,
  land,
  ndvi,
];
