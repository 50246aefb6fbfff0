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

/**
 * The origin a tile or style URL template loads from, as a CSP source. A `{s}`-style subdomain placeholder
 * becomes a leading `*.` (the only wildcard CSP has); placeholders in the path do not matter.
 */
export function sourceOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url.replace(/\{[a-z0-9_-]+\}/gi, 'tplholder'));
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
    const labels = u.hostname.split('.');
    if (labels.slice(1).some((l) => l.includes('tplholder'))) return undefined;
    if (labels[0].includes('tplholder')) labels[0] = '*';
    return `${u.protocol}//${labels.join('.')}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return undefined;
  }
}

/**
 * Exactly the sources the maps fetch from: the style (when one replaces the raster base map) or the base
 * tiles, the satellite tiles, and the extra hosts MAP_TILE_HOSTS names (a style's glyphs and sprites).
 */
export function mapSources(config: Pick<Config, 'mapStyleUrl' | 'mapTilesUrl' | 'satelliteTilesUrl' | 'mapTileHosts'>): string[] {
  const urls = [config.mapStyleUrl ?? config.mapTilesUrl, config.satelliteTilesUrl, ...config.mapTileHosts];
  return [...new Set(urls.map(sourceOf).filter((s): s is string => !!s))];
}

/** The app's own websocket origin (socket.io), from PUBLIC_URL; 'self' covers it in current browsers too. */
function socketSource(publicUrl: string): string[] {
  try {
    const u = new URL(publicUrl);
    return [`${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`];
  } catch {
    return [];
  }
}

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

/** A read of the built front end (not the API, the socket, the metrics or the API docs). */
export function isStaticRead(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !/^\/(api|socket\.io|metrics|docs)(\/|\?|$)/.test(url);
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const mapHosts = mapSources(config);
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // No <base> element: nothing can re-point the app's relative URLs.
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'"],
          // React and the map library set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...mapHosts],
          fontSrc: ["'self'", 'data:'],
          // The app's own API and socket.io, and the map library's fetches of its style and tiles; nothing else.
          connectSrc: ["'self'", ...socketSource(config.publicUrl), ...mapHosts],
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
      // The built front end's files are not counted: installing the app stores ~130 of them at once (the service
      // worker's precache, issue 17), and a cooperative's phones share one address. They are static, served
      // precompressed from disk; the limit is for the API and sockets.
      allowList: (req) => isStaticRead(req.method, req.url),
    });
  },
  { name: 'security' },
);
