/**
 * Every route module, registered under /api/v1. Add one line per module.
 */
import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes';
import health from './health/routes';
import sensors from './sensors/routes';
import alerts from './alerts/routes';
import chatbot from './chatbot/routes';
import disease from './disease/routes';
import fdss from './fdss/routes';
import land from './land/routes';
import ndvi from './ndvi/routes';
import dashboards from './dashboards/routes';
import fields from './fields/routes';
import messages from './messages/routes';
import people from './people/routes';
import recommendations from './recommendations/routes';
import analytics from './analytics/routes';
import gpsMapping from './gpsMapping/routes';
import advancedAnalytics from './advancedAnalytics/routes';
import notifications from './notifications/routes';
import audit from './audit/routes';

export const modules: FastifyPluginAsync[] = [
  health,
  auth,
  sensors,
  alerts,
  disease,
  chatbot,
  fdss,
  land,
  ndvi,
  people,
  fields,
  dashboards,
  messages,
  recommendations,
  analytics,
  gpsMapping,
  audit,
  advancedAnalytics,
  notifications,
];
