/**
 * Security headers (CSP, nosniff, referrer policy) and request rate limits.
 * The headers do not vary by request (no nonces), so helmet runs once at start-up and every reply gets
 * the same set; running it per request (as @fastify/helmet does) rebuilt the CSP on every call.
 * Routes tighten their own limit with `config: { rateLimit: { max, timeWindow } }`.
 */
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config';
import { tooManyRequests } from '../lib/errors';

const originOf = (url: string | undefined) => {
  if (!url) return [];
  try {
    return [new URL(url.replace(/\{[a-z]\}/g, 'x')).origin];
  } catch {
    return [];
  }
};

/** The headers helmet sets for these options, computed once. */
function securityHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const mapHosts = [...config.mapTileHosts, ...originOf(config.mapStyleUrl), ...originOf(config.satelliteTilesUrl)];
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'"],
          // React and the map library set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...mapHosts],
          fontSrc: ["'self'", 'data:'],
          // The map library fetches tiles and runs its worker from a blob; 'self' covers the socket.io websocket.
          connectSrc: ["'self'", 'ws:', 'wss:', ...mapHosts],
          workerSrc: ["'self'", 'blob:'],
          childSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Map tiles and the satellite imagery come from other origins.
      crossOriginEmbedderPolicy: false,
      hsts: config.publicUrl.startsWith('https://'),
    });
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });

    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: (_req, context) => tooManyRequests(context.ttl / 1000),
    });
  },
  { name: 'security' },
);
