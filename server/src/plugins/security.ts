/**
 * Security headers (CSP, nosniff, referrer policy) and request rate limits.
 * Routes tighten their own limit with `config: { rateLimit: { max, timeWindow } }`.
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
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

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const mapHosts = [...config.mapTileHosts, ...originOf(config.mapStyleUrl), ...originOf(config.satelliteTilesUrl)];
    await app.register(helmet, {
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

    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => tooManyRequests(),
    });
  },
  { name: 'security' },
);
