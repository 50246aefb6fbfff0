/**
 * The leaf-photo analysis runs in worker threads (modules/disease/analysisPool.ts, issue 19 review): the same
 * results as running it here, the same translated refusals, and the event loop stays free while photos are being
 * analysed. Responsiveness is measured, not timed: the main thread's event-loop utilisation (the share of time it
 * was busy) and the longest event-loop delay (perf_hooks monitorEventLoopDelay) while a batch of large photos is
 * analysed — compared with the same batch analysed on this thread, which the same measures show busy.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseLeaf } from '../../../server/src/domain/disease/analyseLeaf';
import { AppError } from '../../../server/src/lib/errors';
import { createAnalysisPool, type AnalysisPool } from '../../../server/src/modules/disease/analysisPool';
import { makeThumbnail } from '../../../server/src/modules/disease/thumbnail';
import { leafSvg, renderSvg, SYNTHETIC_LABELS } from './support/syntheticLeaves';

let pool: AnalysisPool;
beforeAll(async () => {
  pool = createAnalysisPool({ size: 1 });
  expect(pool.workers()).toBe(0);
  expect(await pool.start()).toEqual({ method: 'colour-analysis', loadError: undefined });
  expect(pool.workers()).toBe(1);
});
afterAll(() => pool.close());

describe('the same answers as on the main thread', () => {
  it('every synthetic pattern gives the identical result and thumbnail', async () => {
    for (const [i, label] of SYNTHETIC_LABELS.entries()) {
      const photo = await renderSvg(leafSvg(label, 11 + i), i % 2 ? 'jpeg' : 'png');
      for (const lang of ['marathi', 'english'] as const) {
        const here = { result: await analyseLeaf(photo, { lang, crop: 'soybean' }), thumbnail: await makeThumbnail(photo) };
        expect(await pool.analyse(photo, { lang, crop: 'soybean' })).toEqual(here);
      }
    }
  });

  it('a refused photo comes back as the same translated AppError', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).png().toBuffer();
    for (const photo of [pdf, blank]) {
      const here = await analyseLeaf(photo, { lang: 'hindi' }).catch((e: unknown) => e);
      const there = await pool.analyse(photo, { lang: 'hindi' }).catch((e: unknown) => e);
      expect(here).toBeInstanceOf(AppError);
      expect(there).toBeInstanceOf(AppError);
      const { statusCode, code, text, details } = there as AppError;
      expect({ statusCode, code, text, details }).toEqual({
        statusCode: (here as AppError).statusCode,
        code: (here as AppError).code,
        text: (here as AppError).text,
        details: (here as AppError).details,
      });
    }
    // And the worker still answers after a refusal.
    const ok = await pool.analyse(await renderSvg(leafSvg('rust', 5)), { lang: 'english' });
    expect(ok.result.pattern).toBe('rust');
  });
});

/** How busy the event loop was while `work` ran: utilisation (0–1), the longest delay in ms, and how long it took. */
async function measure(work: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  delay.enable();
  await work();
  delay.disable();
  return { utilisation: performance.eventLoopUtilization(elu0).utilization, longestMs: delay.max / 1e6, ms: performance.now() - t0 };
}

it('the event loop stays free while photos are analysed in the worker', async () => {
  // Photos the size a phone app sends after its own resize (1024 × 768 JPEG), where the analysis itself (not the
  // decoding, which sharp does on libuv's threads anyway) is most of the work.
  const photos = await Promise.all(
    [...SYNTHETIC_LABELS, ...SYNTHETIC_LABELS].map(async (label, i) => sharp(await renderSvg(leafSvg(label, 21 + i))).resize(1024, 768).jpeg({ quality: 90 }).toBuffer()),
  );
  const batch = (run: (p: Buffer) => Promise<unknown>) => async () => {
    for (const p of photos) await run(p);
  };
  const here = await measure(batch(async (p) => [await analyseLeaf(p, { lang: 'english' }), await makeThumbnail(p)]));
  const there = await measure(batch((p) => pool.analyse(p, { lang: 'english' })));
  // On this thread the analysis keeps the loop busy for much of the batch …
  expect(here.utilisation).toBeGreaterThan(0.3);
  // … in the worker the loop is idle for nearly all of it, and never held for long: far less than the batch took.
  expect(there.utilisation).toBeLessThan(Math.min(0.15, here.utilisation / 3));
  expect(there.longestMs).toBeLessThan(there.ms / 4);
  expect(there.longestMs).toBeLessThan(Math.max(here.longestMs, 100));
});

describe('started when first needed', () => {
  it('runs no worker until a photo comes, then starts its workers for it', async () => {
    const lazy = createAnalysisPool({ size: 2 });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(lazy.workers()).toBe(0);
      const photo = await renderSvg(leafSvg('rust', 3));
      const answer = await lazy.analyse(photo, { lang: 'english' });
      expect(answer).toEqual({ result: await analyseLeaf(photo, { lang: 'english' }), thumbnail: await makeThumbnail(photo) });
      expect(lazy.workers()).toBe(2);
      expect(await lazy.start()).toEqual({ method: 'colour-analysis', loadError: undefined });
      expect(lazy.workers()).toBe(2);
    } finally {
      await lazy.close();
    }
  });

  it('a closed pool starts nothing and refuses photos', async () => {
    const lazy = createAnalysisPool({ size: 1 });
    await lazy.close();
    await expect(lazy.analyse(Buffer.from('x'), { lang: 'english' })).rejects.toThrow('closed');
    expect(lazy.workers()).toBe(0);
  });
});
