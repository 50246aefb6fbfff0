/**
 * The compressed copies the build writes beside each text asset (vite.config.ts `precompress`) and the server sends
 * as they are (server/src/plugins/static.ts, @fastify/static `preCompressed`): brotli q11 for browsers that accept
 * it, gzip for the others.
 *
 * The gzip copy of a file of the farmer's first load (index.html, what it names, the entry chunk and its static
 * imports: what a gzip-only browser downloads before the first paint, and what the bundle budget counts) is written
 * by zopfli (WASM, gzip-compatible, ~3 % smaller than zlib level 9); every other file's by zlib at level 9.
 * Measured on the build (2026-11-28): zopfli on all 132 files took 16.2 CPU-s of the build's 29 for 42 KB less than
 * zlib, 10 KB of it over 125 lazy files (~80 bytes each, at 11.8 s); zlib on them takes 0.1 s. Lazy files are asked
 * for after the first paint and, over HTTPS, by browsers that take brotli.
 *
 * zopfli's iterations by size (2026-11-26, CPU seconds, load average ~12): 15 iterations up to 100 KB; 5 from
 * 100 KB (the entry chunk at 15 iterations: 1.1 s for 33 bytes less than at 5, 0.8 s); 1 above 500 KB.
 */
import { gzipAsync } from '@gfx/zopfli';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const zopfliIterations = (bytes: number) => (bytes > 500_000 ? 1 : bytes > 100_000 ? 5 : 15);

/** Below this the copies are not written (a compressed answer's header costs more than it saves); the rolldown runtime
 * chunk of the first load (~0.7 KB raw, 0.4 KB gzipped) is above it. */
export const PRECOMPRESS_MIN_BYTES = 256;

/** `firstLoad`: the file is downloaded before the farmer's first paint (its gzip copy is zopfli's). */
export async function precompressed(raw: Buffer, { firstLoad = true } = {}): Promise<{ br: Buffer; gz: Buffer }> {
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const gz = firstLoad
    ? Buffer.from(await gzipAsync(raw, { numiterations: zopfliIterations(raw.length) }))
    : gzipSync(raw, { level: 9 });
  return { br, gz };
}

/** A bundle as the build's writeBundle hook sees it: only what `firstLoadFiles` reads. */
type BundleEntry =
  | { type: 'chunk'; isEntry: boolean; imports: string[]; viteMetadata?: { importedCss: Set<string> } }
  | { type: 'asset' };

/**
 * The files of the bundle downloaded before the first paint: every entry chunk with its static imports (and the
 * CSS they import), index.html, and the files index.html names (its stylesheet, the preloaded Marathi catalog).
 */
export function firstLoadFiles(bundle: Record<string, BundleEntry>, indexHtml: string): Set<string> {
  const files = new Set<string>(['index.html']);
  const walk = (name: string) => {
    const out = bundle[name];
    if (files.has(name) || !out || out.type !== 'chunk') return;
    files.add(name);
    for (const css of out.viteMetadata?.importedCss ?? []) files.add(css);
    for (const i of out.imports) walk(i);
  };
  for (const [name, out] of Object.entries(bundle)) if (out.type === 'chunk' && out.isEntry) walk(name);
  for (const [, ref] of indexHtml.matchAll(/(?:href|src)="\/([^"]+)"/g)) if (bundle[ref]) files.add(ref);
  return files;
}
