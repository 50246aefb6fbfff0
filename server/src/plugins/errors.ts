/**
 * The one error handler and the one not-found handler. Every failure leaves in the body shape of
 * lib/errors.ts; bad input is a 4xx with the offending fields listed, never a 500; stack traces never leave.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, M, errorBody, translated, type Translated } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static plugin: answers a browser navigation with index.html. */
    spaFallback?: (req: FastifyRequest, reply: FastifyReply) => boolean;
  }
}

const malformedJson = translated(
  'The request body is not valid JSON.',
  'विनंतीचा मजकूर वैध JSON नाही.',
  'अनुरोध का मुख्य भाग मान्य JSON नहीं है।',
);
const unsupportedMedia = translated(
  'Unsupported content type.',
  'हा सामग्री प्रकार समर्थित नाही.',
  'यह सामग्री प्रकार समर्थित नहीं है।',
);
/** While the database is away (restart, failover, network): every request that needs it, HTTP ingest included. */
export const databaseAway = translated(
  'The service is briefly unavailable (its database is not answering). Please try again in a few seconds.',
  'सेवा थोड्या वेळासाठी उपलब्ध नाही (डेटाबेस प्रतिसाद देत नाही). कृपया काही सेकंदांनी पुन्हा प्रयत्न करा.',
  'सेवा कुछ देर के लिए उपलब्ध नहीं है (डेटाबेस जवाब नहीं दे रहा)। कृपया कुछ सेकंड बाद फिर प्रयास करें।',
);

const invalidFields = translated(
  'Invalid request. Please check the highlighted fields.',
  'अवैध विनंती. कृपया दर्शवलेली माहिती तपासा.',
  'अमान्य अनुरोध। कृपया चिह्नित फ़ील्ड जाँचें।',
);

type ValidationIssue = { instancePath?: string; message?: string; keyword?: string; params?: Record<string, unknown> };

const dotted = (path: string) => path.replace(/^\//, '').replace(/\//g, '.') || '(root)';
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/** One entry per offending field (`password`, `location.lat`), from TypeBox or ajv validation issues. */
function describe(issues: ValidationIssue[], context: string | undefined) {
  const out: { in: string; field: string; message: string }[] = [];
  const where = context ?? 'body';
  for (const i of issues) {
    const base = i.instancePath ?? '';
    const p = i.params ?? {};
    if (i.keyword === 'required') {
      for (const name of asList(p.requiredProperties ?? p.missingProperty)) out.push({ in: where, field: dotted(`${base}/${name}`), message: 'is required' });
    } else if (i.keyword === 'additionalProperties') {
      for (const name of asList(p.additionalProperties)) out.push({ in: where, field: dotted(`${base}/${name}`), message: 'is not allowed' });
    } else if (i.keyword !== 'boolean') {
      // 'boolean' is TypeBox repeating an additionalProperties refusal.
      out.push({ in: where, field: dotted(base), message: i.message ?? i.keyword ?? 'is invalid' });
    }
  }
  const seen = new Set<string>();
  return out.filter((e) => !seen.has(e.field + e.message) && seen.add(e.field + e.message)).slice(0, 20);
}

const statusText: Record<number, [string, Translated]> = {
  400: ['BAD_REQUEST', M.badRequest],
  401: ['UNAUTHORIZED', M.unauthorized],
  403: ['FORBIDDEN', M.forbidden],
  404: ['NOT_FOUND', M.notFound],
  406: ['BAD_REQUEST', M.badRequest],
  409: ['CONFLICT', M.conflict],
  413: ['PAYLOAD_TOO_LARGE', M.tooLarge],
  415: ['UNSUPPORTED_MEDIA_TYPE', unsupportedMedia],
  429: ['RATE_LIMITED', M.tooMany],
  503: ['UNAVAILABLE', M.unavailable],
};

/** Turns anything thrown into the AppError the client will see. */
export function toAppError(err: FastifyError | AppError | Error): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err)) return new AppError(503, 'DATABASE_UNAVAILABLE', databaseAway);
  const e = err as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
  if (e.validation) {
    return new AppError(400, 'VALIDATION_ERROR', invalidFields, { fields: describe(e.validation, e.validationContext) });
  }
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (e instanceof SyntaxError && e.statusCode === 400)) {
    return new AppError(400, 'MALFORMED_JSON', malformedJson);
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const [code, text] = statusText[status] ?? ['BAD_REQUEST', M.badRequest];
    return new AppError(status, code, text);
  }
  if (status === 503) return new AppError(503, 'UNAVAILABLE', M.unavailable);
  return new AppError(500, 'SERVER_ERROR', M.server);
}

export default fp(
  async (app) => {
    app.setErrorHandler((err, req, reply) => {
      const appErr = toAppError(err as FastifyError);
      if (appErr.code === 'DATABASE_UNAVAILABLE') req.log.warn({ code: appErr.code }, 'request refused: the database is not answering');
      else if (appErr.statusCode >= 500 && appErr.statusCode !== 503) req.log.error({ err }, 'request failed');
      else req.log.info({ code: appErr.code, status: appErr.statusCode }, 'request refused');
      if (appErr.statusCode === 429) {
        const wait = appErr.details?.retryAfterSeconds;
        if (typeof wait === 'number') reply.header('retry-after', wait);
        else if (!reply.hasHeader('retry-after')) reply.header('retry-after', 60);
      }
      // Every 503 says when to come back: devices and the web client retry after it.
      if (appErr.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', app.config?.retryAfterSeconds ?? 5);
      return reply.code(appErr.statusCode).send(errorBody(appErr));
    });

    app.setNotFoundHandler((req, reply) => {
      if (app.spaFallback?.(req, reply)) return reply;
      return reply.code(404).send(errorBody(new AppError(404, 'NOT_FOUND', M.notFound)));
    });
  },
  { name: 'errors' },
);
