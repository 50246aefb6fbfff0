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
import { loadFieldFor, requireRole, STAFF } from '../../lib/access';
import { ECONOMICS_SOURCE, METHOD } from '../../domain/recommendations/generate';
import { preferredLanguage } from '../userLanguage';
import { listRecommendations, recommendationStats } from './repository';
import { changeStatus, generateFor } from './service';

const tags = ['recommendations'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/ai-recommendations',
    { schema: { tags, querystring: RecommendationsQuery, response: { 200: RecommendationsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      if (req.query.fieldId) await loadFieldFor(app.db, req.user!, req.query.fieldId);
      return { recommendations: await listRecommendations(app.db, req.user!, req.query.fieldId), method: METHOD, source: ECONOMICS_SOURCE };
    },
  );

  app.get(
    '/ai-recommendations/stats',
    { schema: { tags, response: { 200: RecommendationStats } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return { stats: await recommendationStats(app.db, req.user!) };
    },
  );

  app.put(
    '/ai-recommendations/:id/status',
    { schema: { tags, params: IdParams, body: StatusBody, response: { 200: RecommendationResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return changeStatus(app.db, req.user!, req.params.id, req.body.status);
    },
  );

  app.post(
    '/ai-recommendations/generate',
    { schema: { tags, body: GenerateBody, response: { 200: RecommendationsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const field = await loadFieldFor(app.db, req.user!, req.body.fieldId);
      const lang = await preferredLanguage(app.db, req.user!.id);
      return { recommendations: await generateFor(app.db, req.user!, field, lang), method: METHOD, source: ECONOMICS_SOURCE };
    },
  );
};

export default routes;
