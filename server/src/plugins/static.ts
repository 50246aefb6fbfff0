/**
 * Serves the built front end: hashed assets cached for a year (brotli or gzip precompressed at build), index.html never cached,
 * and any other browser navigation (not /api, not /socket.io) answered with index.html.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const HASHED = /[.-][A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2?|png|svg|jpg|webp|wasm)(\.br|\.gz)?$/;

export default fp<{ staticDir: string }>(
  async (app, { staticDir }) => {
    if (!existsSync(join(staticDir, 'index.html'))) {
      app.log.info({ staticDir }, 'no built front end to serve (run `npm run build`)');
      return;
    }
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      // The build writes .br / .gz beside each text asset (vite.config.ts): sent when the browser accepts them.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.decorate('spaFallback', (req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const path = req.url.split('?')[0];
      if (path.startsWith('/api') || path.startsWith('/socket.io')) return false;
      if (/\.[a-z0-9]+$/i.test(path)) return false;
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return true;
    });
  },
  { name: 'static' },
);
