/**
 * Every route module, registered under /api/v1. Add one line per module.
 */
import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes';
import health from './health/routes';
import chatbot from './chatbot/routes';
import disease from './disease/routes';
import fdss from './fdss/routes';
import fieldsLookup from './fields-lookup/routes';
import land from './land/routes';
import ndvi from './ndvi/routes';

export const modules: FastifyPluginAsync[] = [
  health,
  auth,
  disease,
  chatbot,
  fdss,
  fieldsLookup,
  land,
  ndvi,
];
