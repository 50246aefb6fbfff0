/**
 * Per-user request limits for the costly signed-in routes (chatbot answers, land-report PDFs, leaf
 * detection): counted by the caller's user id, whatever address they come from, so rotating addresses
 * does not buy more and people sharing one address (a cooperative's Wi-Fi) do not share a budget.
 *
 * Checked in preValidation: after the /api/v1 sign-in hook (onRequest: app.ts, plugins/auth.ts), so req.user is
 * known and a request without a session never gets that far (401); and before any route's preHandler, so an upload
 * (a leaf photo, read in the detect route's preHandler for the idempotency check) is not read past the limit. Over the limit: 429 with Retry-After and the
 * translated RATE_LIMITED body (plugins/security.ts errorResponseBuilder).
 */
import type { FastifyRequest } from 'fastify';

export function perUserLimit(max: number, timeWindow = '1 minute') {
  return {
    max,
    timeWindow,
    hook: 'preValidation' as const,
    keyGenerator: (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`),
  };
}
