/**
 * GET /trust (anyone signed in, spec: the trust screen): the measured figures. POST /ratings (farmers): a thumbs
 * up/down on one of their own chatbot answers or leaf-photo results; anyone else's → 404 in their language.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { RateRequest, RateResponse, TrustFigures } from '../../../../contracts/trust';
import { createStaleCache } from '../../lib/staleCache';
import * as service from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // The figures are the same for everyone and cover hours to days, so one computation serves every caller for
  // TRUST_CACHE_SECONDS (it was the dearest call under overload: docs/operations.md); a rating here clears it, so
  // the rater sees the satisfaction figure move at once (other instances within the cache's age).
  const freshMs = Math.max(0, app.config.trustCacheSeconds ?? 30) * 1000;
  const figures = createStaleCache<Awaited<ReturnType<typeof service.trustFigures>>>({ freshMs, maxStaleMs: 10 * freshMs, maxEntries: 1, onError: (err) => app.log.error(err) });

  app.get('/trust', { schema: { tags: ['trust'], response: { 200: TrustFigures, ...errors } } }, async () =>
    figures.get('all', () => service.trustFigures(app.db, app.config, new Date(), app.auditIncidents)),
  );

  app.post('/ratings', { schema: { tags: ['trust'], body: RateRequest, response: { 200: RateResponse, ...errors } } }, async (req) => {
    const answer = await service.rate(app.db, req.user!, req.body);
    figures.clear();
    return answer;
  });
};

export default routes;
