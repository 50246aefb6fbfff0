/**
 * The compressed copies the build writes beside each text asset (vite.config.ts `precompress`) and the server sends
 * as they are (server/src/plugins/static.ts, @fastify/static `preCompressed`): brotli q11 for browsers that accept
 * it, gzip for the others, written by zopfli (WASM, gzip-compatible, ~3 % smaller than zlib level 9).
 *
 * zopfli's iterations by size, measured on the build (2026-11-26, CPU seconds, load average ~12): 15 iterations
 * for files up to 100 KB (every file of the farmer's first load but the entry chunk); 5 from 100 KB (the entry
 * chunk at 15 iterations: 1.1 s for 33 bytes less than at 5, 0.8 s); 1 above 500 KB (the two map chunks, lazy and
 * ~1.7 MB together: 2 s at 1 iteration, 12 KB less than zlib; ~3 s more at 5 iterations for 0.1 %).
 */
import { gzipAsync } from '@gfx/zopfli';
import { brotliCompressSync, constants } from 'node:zlib';

export const zopfliIterations = (bytes: number) => (bytes > 500_000 ? 1 : bytes > 100_000 ? 5 : 15);

/** Below this the copies are not written (a compressed answer's header costs more than it saves); the rolldown runtime
 * chunk of the first load (~0.7 KB raw, 0.4 KB gzipped) is above it. */
export const PRECOMPRESS_MIN_BYTES = 256;

export async function precompressed(raw: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const gz = Buffer.from(await gzipAsync(raw, { numiterations: zopfliIterations(raw.length) }));
  return { br, gz };
}
