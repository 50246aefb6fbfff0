/** The rule-based generator on its own: season from the date, soil and moisture move the result. */
import { describe, expect, it } from 'vitest';
import { generateRecommendations } from '../../../server/src/domain/recommendations/generate';
import { seasonOf } from '../../../server/src/domain/recommendations/season';
import { canMove } from '../../../server/src/domain/recommendations/lifecycle';

const soil = { ph: 7.2, nitrogen: 300, phosphorus: 25, potassium: 320, district: 'Latur' };
const july = new Date('2026-07-01T06:00:00Z');
const december = new Date('2026-12-01T06:00:00Z');

describe('season', () => {
  it('maps months to kharif, rabi and summer', () => {
    expect(['2026-06-01', '2026-09-30', '2026-10-01', '2027-02-28', '2027-03-01', '2027-05-31'].map((d) => seasonOf(new Date(d)))).toEqual([
      'kharif', 'kharif', 'rabi', 'rabi', 'summer', 'summer',
    ]);
  });
});

describe('generateRecommendations', () => {
  it('offers only crops of the current season, best first, with a planting date a week out', () => {
    const kharif = generateRecommendations(soil, 'english', july);
    const rabi = generateRecommendations(soil, 'english', december);
    expect(kharif.length).toBeGreaterThan(0);
    expect(kharif.every((r) => r.season === 'kharif')).toBe(true);
    expect(rabi.every((r) => r.season === 'rabi')).toBe(true);
    expect(kharif.map((r) => r.cropName)).not.toEqual(rabi.map((r) => r.cropName));
    expect(kharif[0].plantingDate).toBe('2026-07-08');
    const c = kharif.map((r) => r.confidence);
    expect([...c].sort((a, b) => b - a)).toEqual(c);
  });

  it('flags an out-of-range pH with a liming action and lower confidence', () => {
    const acid = generateRecommendations({ ...soil, ph: 5.0 }, 'english', july);
    const good = generateRecommendations(soil, 'english', july);
    expect(acid[0].confidence).toBeLessThan(good[0].confidence);
    expect(acid[0].riskFactors.some((r) => r.factor.includes('pH 5'))).toBe(true);
    expect(acid[0].recommendations.some((a) => a.description.startsWith('Correct soil pH'))).toBe(true);
  });

  it('dry recent soil lowers confidence of water-demanding crops and adds an irrigation action', async () => {
    const { CROPS } = await import('../../../server/src/domain/land/cropSuitability');
    const thirsty = (id: string) => CROPS.find((c) => c.id === id)!.water !== 'low';
    const wet = generateRecommendations({ ...soil, moisture: 45 }, 'english', december);
    const dry = generateRecommendations({ ...soil, moisture: 12 }, 'english', december);
    expect(wet.some((r) => r.riskFactors.some((f) => f.factor.includes('moisture')))).toBe(false);
    for (const r of dry.filter((d) => thirsty(d.cropId))) {
      expect(r.riskFactors.map((f) => f.factor)).toContain('Recent soil moisture is low (12%) for a water-demanding crop');
      expect(r.recommendations.some((a) => a.description === 'Arrange a pre-sowing irrigation')).toBe(true);
    }
    const affected = wet.filter((w) => thirsty(w.cropId));
    expect(affected.length).toBeGreaterThan(0);
    for (const w of affected) {
      const after = dry.find((d) => d.cropId === w.cropId);
      if (after) expect(after.confidence).toBeLessThan(w.confidence);
    }
  });

  it('scales yield and costs with the area and writes in the reader language', () => {
    const one = generateRecommendations({ ...soil, acres: 1 }, 'english', july)[0];
    const five = generateRecommendations({ ...soil, acres: 5 }, 'english', july)[0];
    expect(five.expectedYield).toBeCloseTo(one.expectedYield * 5, 5);
    const mr = generateRecommendations(soil, 'marathi', july)[0];
    expect(mr.recommendations.at(-1)!.description).toMatch(/पेरणी/);
  });
});

describe('lifecycle', () => {
  it('allows pending → approved/rejected and implemented from anything but rejected', () => {
    const S = ['pending', 'approved', 'rejected', 'implemented'] as const;
    const allowed = S.flatMap((f) => S.filter((to) => canMove(f, to)).map((to) => `${f}>${to}`));
    expect(allowed.sort()).toEqual(['approved>implemented', 'pending>approved', 'pending>implemented', 'pending>rejected'].sort());
  });
});

describe('economics knowledge', () => {
  it('has yield and price for every crop of the land knowledge base', async () => {
    const { CROPS } = await import('../../../server/src/domain/land/cropSuitability');
    const economics = (await import('../../../server/src/domain/recommendations/knowledge/economics.json')).default.crops as Record<string, unknown>;
    expect(CROPS.filter((c) => !economics[c.id]).map((c) => c.id)).toEqual([]);
  });
});
