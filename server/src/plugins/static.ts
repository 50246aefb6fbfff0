/**
 * Serves the built front end: hashed assets cached for a year (brotli or gzip precompressed at build), index.html never cached,
 * and any other browser navigation (not /api, not /socket.io) answered with index.html.
 * index.html carries the map configuration (`<meta name="shetmitra-map">`: MAP_STYLE_URL, MAP_TILES_URL,
 * SATELLITE_TILES_URL), so the maps load exactly the hosts the Content-Security-Policy allows (plugins/security.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

const HASHED = /[.-][A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2?|png|svg|jpg|webp|wasm)(\.br|\.gz)?$/;

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the map configuration the web app reads at start (src/views/map/mapSetup.ts). */
export function withMapConfig(html: string, config: Pick<Config, 'mapStyleUrl' | 'mapTilesUrl' | 'satelliteTilesUrl'>): string {
  const map = { styleUrl: config.mapStyleUrl ?? null, tilesUrl: config.mapTilesUrl, satelliteTilesUrl: config.satelliteTilesUrl };
  const meta = `<meta name="shetmitra-map" content="${escapeAttribute(JSON.stringify(map))}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`) : html.replace(/^(<!doctype html>)?/i, (d) => `${d}${meta}`);
}

export default fp<{ staticDir: string; config: Config }>(
  async (app, { staticDir, config }) => {
    if (!existsSync(join(staticDir, 'index.html'))) {
      app.log.info({ staticDir }, 'no built front end to serve (run `npm run build`)');
      return;
    }
    // Rendered once per build: a rebuild while the server runs (new hashed assets) is picked up.
    const indexPath = join(staticDir, 'index.html');
    let rendered = { mtimeMs: -1, html: '' };
    const indexHtml = () => {
      const mtimeMs = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? rendered.mtimeMs;
      if (mtimeMs !== rendered.mtimeMs) rendered = { mtimeMs, html: withMapConfig(readFileSync(indexPath, 'utf8'), config) };
      return rendered.html;
    };
    await app.register(fastifyStatic, {
      root: staticDir,
      // index.html is sent by the fallback below (with the map configuration), never as a plain file.
      index: false,
      allowedPath: (path) => path !== '/index.html',
      cacheControl: false,
      // The build writes .br / .gz beside each text asset (vite.config.ts): sent when the browser accepts them.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
    // The root is a directory to @fastify/static (403 without `index`): the app's page.
    app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
    app.decorate('spaFallback', (req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const path = req.url.split('?')[0];
      if (path.startsWith('/api') || path.startsWith('/socket.io')) return false;
      if (/\.[a-z0-9]+$/i.test(path)) return false;
      void sendIndex(reply);
      return true;
    });
  },
  { name: 'static' },
);
