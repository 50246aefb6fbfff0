/**
 * AI crop recommendations for staff: list and stats over the fields the caller may reach, the status
 * lifecycle enforced here (409 for an illegal move), and rule-based generation for one field.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../../contracts/common';
import {
  GenerateBody,
  RecommendationResponse,
  RecommendationsQuery,
  RecommendationsResponse,
  RecommendationStats,
  StatusBody,
} from '../../../../contracts/recommendations';
import { requireRole, STAFF } from '../../lib/access';
import * as service from './service';

const tags = ['recommendations'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/ai-recommendations',
    { schema: { tags, querystring: RecommendationsQuery, response: { 200: RecommendationsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.list(app.db, req.user!, req.query.fieldId);
    },
  );

  app.get(
    '/ai-recommendations/stats',
    { schema: { tags, response: { 200: RecommendationStats } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.stats(app.db, req.user!);
    },
  );

  app.put(
    '/ai-recommendations/:id/status',
    { schema: { tags, params: IdParams, body: StatusBody, response: { 200: RecommendationResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.changeStatus(app.db, req.user!, req.params.id, req.body.status);
    },
  );

  app.post(
    '/ai-recommendations/generate',
    { schema: { tags, body: GenerateBody, response: { 200: RecommendationsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.generate(app.db, req.user!, req.body.fieldId);
    },
  );
};

export default routes;
