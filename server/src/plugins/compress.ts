/**
 * API answers compressed for slow networks (issue 17): brotli or gzip, whichever the client prefers,
 * for JSON bodies of 1 KB and more (smaller ones are sent as they are: the headers would outweigh the
 * saving). Brotli at quality 4 costs little CPU per answer. Registered inside the /api/v1 scope only:
 * the built front end is already compressed once at build time (vite.config.ts, plugins/static.ts).
 */
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export default fp(async (api) => {
  await api.register(compress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
});
