/**
 * The land report PDF's NDVI section as a reader sees it (pdftotext, page by page):
 *  - its numbers are the screen's: a 30-day mean of 0.285 prints 0.29 in both (one rounding, summariseNdvi);
 *  - its heading never sits at the foot of a page away from its lines and chart, wherever the sections
 *    before it end (the recommendation lists are grown a line at a time to move it down the page).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { roundNdvi, summariseNdvi } from '../../../server/src/domain/land/ndviSummary';
import { buildLandReport } from '../../../server/src/domain/land/report';
import { renderLandReportPdf } from '../../../server/src/domain/land/reportPdf';

const run = promisify(execFile);
const NOW = new Date('2026-09-01T06:00:00Z');
const SOIL = { ph: 7.9, nitrogen: 210, phosphorus: 12, potassium: 320, organicMatter: 0.9, location: 'औसा, जि. लातूर' };
const NDVI = [
  { date: '2026-08-20', ndvi: 0.28 },
  { date: '2026-08-25', ndvi: 0.29 },
];

async function pagesOf(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'land-pdf-'));
  try {
    await writeFile(join(dir, 'r.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-layout', join(dir, 'r.pdf'), '-']);
    return stdout.split('\f');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('land report PDF: NDVI', () => {
  it('rounds as people do, once, for the screen and the PDF alike (0.285 → 0.29)', async () => {
    expect(roundNdvi(0.285)).toBe(0.29);
    expect(roundNdvi(1.005)).toBe(1.01);
    expect(roundNdvi(0.284999)).toBe(0.28);
    expect(summariseNdvi(NDVI)).toMatchObject({ average30d: 0.29, latest: [{ ndvi: 0.29 }, { ndvi: 0.28 }] });
    const report = buildLandReport({ ...SOIL, language: 'english', ndvi: NDVI } as never, 'english', NOW);
    expect(report.ndviSummary.average30d).toBe(0.29);
    const text = (await pagesOf(await renderLandReportPdf(report))).join('\n');
    expect(text).toMatch(/30-day average:\s*0\.29/);
  });

  it('keeps the heading on the page of its readings and chart, wherever the section starts', async () => {
    const base = buildLandReport({ ...SOIL, ndvi: NDVI } as never, 'english', NOW);
    const tip = 'Apply farmyard manure before sowing and test the soil again next season.';
    const placements = new Set<number>();
    const lines = (n: number, from: number) => Array.from({ length: Math.max(0, Math.min(20, n - from)) }, () => tip);
    for (let n = 0; n <= 60; n++) {
      const report = {
        ...base,
        additionalRecommendations: lines(n, 0),
        locationAnalysis: { ...base.locationAnalysis, recommendations: lines(n, 20), marketAdvantages: lines(n, 40) },
      };
      const pages = await pagesOf(await renderLandReportPdf(report));
      const headingPage = pages.findIndex((p) => p.includes('Satellite vegetation index (NDVI)'));
      expect(headingPage, `${n} lines`).toBeGreaterThanOrEqual(0);
      // The readings, the mean and the chart's scale (its 0.75 tick) print on the heading's page.
      expect(pages[headingPage], `${n} lines`).toMatch(/Latest readings:/);
      expect(pages[headingPage], `${n} lines`).toMatch(/30-day average:/);
      expect(pages[headingPage], `${n} lines`).toContain('0.75');
      placements.add(headingPage);
    }
    // The walk did move the section across a page break.
    expect(placements.size).toBeGreaterThan(1);
  }, 120_000);
});
