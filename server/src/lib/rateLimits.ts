/**
 * Per-user request limits for the costly signed-in routes (chatbot answers, land-report PDFs, leaf
 * detection): counted by the caller's user id, whatever address they come from, so rotating addresses
 * does not buy more and people sharing one address (a cooperative's Wi-Fi) do not share a budget.
 *
 * Checked in preHandler, after the /api/v1 sign-in hook (app.ts, plugins/auth.ts), so req.user is known; a
 * request without a session never gets that far (401). Over the limit: 429 with Retry-After and the
 * translated RATE_LIMITED body (plugins/security.ts errorResponseBuilder).
 */
import type { FastifyRequest } from 'fastify';

export function perUserLimit(max: number, timeWindow = '1 minute') {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`),
  };
}
