import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendCrops } from '../../../server/src/domain/land/cropSuitability';
import { summariseNdvi } from '../../../server/src/domain/land/ndviSummary';
import { locate } from '../../../server/src/domain/land/regions';
import { buildLandReport } from '../../../server/src/domain/land/report';
import { renderLandReportPdf } from '../../../server/src/domain/land/reportPdf';
import { classify, rateSoil } from '../../../server/src/domain/land/soilRating';
import { circlePolygon } from '../../../server/src/providers/ndvi/agromonitoring';
import { chooseNdvi } from '../../../server/src/providers/ndvi/index';
import { estimateNdvi } from '../../../server/src/providers/ndvi/offline';
import { json, startStub, type Stub } from '../support/stubServer';
import { inspectPdf } from './support/pdfCheck';

const NOW = new Date('2026-09-01T06:00:00Z');
const goodSoil = { ph: 7.0, nitrogen: 450, phosphorus: 30, potassium: 280, organicMatter: 1.5 };
const poorSoil = { ph: 9.2, nitrogen: 100, phosphorus: 5, potassium: 80, organicMatter: 0.2 };

describe('soil ratings (soil health card tables)', () => {
  it('classifies on the band edges: a value equal to a bound goes to the next class', () => {
    expect(classify(279.9, [[280, 'low'], [560, 'medium'], [null, 'high']])).toBe('low');
    expect(classify(280, [[280, 'low'], [560, 'medium'], [null, 'high']])).toBe('medium');
  });
  it('rates by the Maharashtra six-class card by default and the national card on request', () => {
    const mh = rateSoil({ ph: 7, nitrogen: 300, phosphorus: 10, potassium: 120 });
    expect(mh.table.state).toBe('maharashtra');
    expect([mh.nitrogen.status, mh.phosphorus.status, mh.potassium.status]).toEqual(['medium', 'low', 'low']);
    const india = rateSoil({ ph: 7, nitrogen: 300, phosphorus: 10, potassium: 120 }, 'india');
    expect([india.nitrogen.status, india.phosphorus.status, india.potassium.status]).toEqual(['medium', 'low', 'low']);
    expect(india.table.source).toMatch(/Soil Health Card/);
    expect(rateSoil(goodSoil, 'atlantis').table.state).toBe('maharashtra');
  });
  it('converts organic matter to organic carbon (÷ 1.724) before rating it', () => {
    const r = rateSoil(goodSoil);
    expect(r.organicMatter).toMatchObject({ value: 1.5, organicCarbon: 0.87, status: 'high' });
  });
  it('scores good soil ≥ 80 (green) and poor soil < 60 (red)', () => {
    expect(rateSoil(goodSoil)).toMatchObject({ overallHealth: 'good' });
    expect(rateSoil(goodSoil).overallScore).toBeGreaterThanOrEqual(80);
    const poor = rateSoil(poorSoil);
    expect(poor.overallScore).toBeLessThan(60);
    expect(poor.overallHealth).toBe('poor');
  });
});

describe('crop recommendations', () => {
  it('prefers rice in acidic Konkan soil and penalises it in alkaline Marathwada soil, with reasons', () => {
    const konkan = recommendCrops(rateSoil({ ...goodSoil, ph: 5.6 }), locate({ location: 'Ratnagiri' }).region, 'english', 16);
    const rice = konkan.find((c) => c.id === 'rice')!;
    expect(rice.suitability).toBeGreaterThanOrEqual(90);
    const dry = recommendCrops(rateSoil({ ...goodSoil, ph: 8.4 }), locate({ location: 'Latur' }).region, 'english', 16);
    const riceDry = dry.find((c) => c.id === 'rice')!;
    expect(riceDry.suitability).toBeLessThan(50);
    expect(riceDry.reason).toMatch(/pH outside its range 5–7/);
    expect(riceDry.reason).toMatch(/not usual in Marathwada/);
  });
  it('marks crops that need a nutrient the soil lacks', () => {
    const [first, ...rest] = recommendCrops(rateSoil({ ...goodSoil, nitrogen: 100 }), undefined, 'marathi', 16);
    const cotton = [first, ...rest].find((c) => c.id === 'cotton')!;
    expect(cotton.reason).toContain('नत्र (N) जास्त लागेल');
    expect(cotton.season).toBe('खरीप');
  });
});

describe('locations', () => {
  it('finds the district by Marathi or English name, else by nearest headquarters', () => {
    expect(locate({ location: 'मु. पो. औसा, जि. लातूर' }).district?.id).toBe('latur');
    expect(locate({ location: 'Baramati, Pune' }).region?.id).toBe('western');
    expect(locate({ lat: 21.1, lon: 79.0 }).region?.id).toBe('vidarbha');
    expect(locate({ lat: 28.6, lon: 77.2 }).region).toBeUndefined();
  });
});

describe('NDVI', () => {
  it('offline estimate follows the crop calendar: green in September, bare in May; labelled estimated', async () => {
    const sept = estimateNdvi(18.52, 73.86, new Date('2026-09-01'), new Date('2026-09-10'));
    const may = estimateNdvi(18.52, 73.86, new Date('2026-05-01'), new Date('2026-05-10'));
    expect(Math.min(...sept.map((p) => p.ndvi))).toBeGreaterThan(0.6);
    expect(Math.max(...may.map((p) => p.ndvi))).toBeLessThan(0.25);
    const series = await chooseNdvi({ ndviUrl: 'unused' }).timeseries({
      area: { lat: 18.52, lon: 73.86, radius: 500, name: 'My Farm' }, providerFieldId: null,
      from: new Date(NOW.getTime() - 30 * 86_400_000), to: NOW,
    });
    expect(series.estimated).toBe(true);
    expect(series.points.length).toBe(7);
  });

  it('summary: last 3 newest first and a 30-day mean to 2 decimals', () => {
    const pts = [
      { date: '2026-07-01', ndvi: 0.1 }, { date: '2026-08-10', ndvi: 0.5 }, { date: '2026-08-20', ndvi: 0.6 }, { date: '2026-08-30', ndvi: 0.71 },
    ];
    const s = summariseNdvi(pts);
    expect(s.latest.map((p) => p.date)).toEqual(['2026-08-30', '2026-08-20', '2026-08-10']);
    expect(s.average30d).toBe(0.6);
    expect(s.level).toBe('dense'); // 0.6 is the lower edge of the dense band
  });

  describe('Agromonitoring adapter (local stub)', () => {
    let stub: Stub;
    beforeAll(async () => {
      stub = await startStub(3513, (req, res) => {
        const u = new URL(req.url, 'http://x');
        if (u.searchParams.get('appid') !== 'key-1') return json(res, 401, { message: 'Invalid API key' });
        if (req.method === 'POST' && u.pathname === '/agro/1.0/polygons') return json(res, 201, { id: 'poly-42', area: 78.5 });
        if (u.pathname === '/agro/1.0/ndvi/history' && u.searchParams.get('polyid') === 'poly-42') {
          return json(res, 200, [
            { dt: 1754006400, cl: 5, data: { mean: 0.612 } },
            { dt: 1753574400, cl: 90, data: { mean: 0.1 } },
            { dt: 1753142400, cl: 10, data: { mean: 0.55 } },
          ]);
        }
        json(res, 404, {});
      });
    });
    afterAll(() => stub.close());

    it('registers a 500 m circle as a closed polygon and reads the history without cloudy passes', async () => {
      const p = chooseNdvi({ ndviApiKey: 'key-1', ndviUrl: `${stub.url}/agro/1.0` });
      expect(p.name).toBe('agromonitoring');
      const area = { lat: 18.52, lon: 73.86, radius: 500, name: 'My Farm' };
      const id = await p.registerField(area);
      expect(id).toBe('poly-42');
      const sent = JSON.parse(stub.calls[0].body);
      const ring = sent.geo_json.geometry.coordinates[0];
      expect(ring[0]).toEqual(ring.at(-1));
      expect(sent.name).toBe('My Farm');
      const series = await p.timeseries({ area, providerFieldId: id, from: new Date('2025-07-01'), to: new Date('2025-08-01') });
      expect(series).toEqual({
        estimated: false, source: 'agromonitoring',
        points: [{ date: '2025-07-22', ndvi: 0.55 }, { date: '2025-08-01', ndvi: 0.612 }],
      });
    });

    it('fails loudly on a bad key instead of inventing numbers', async () => {
      const p = chooseNdvi({ ndviApiKey: 'wrong', ndviUrl: `${stub.url}/agro/1.0` });
      await expect(p.registerField({ lat: 18.5, lon: 73.8, radius: 500, name: 'x' })).rejects.toThrow(/401/);
    });

    it('circle polygon spans about the radius', () => {
      const ring = circlePolygon(18.5, 73.8, 500);
      const lats = ring.map(([, lat]) => lat);
      expect((Math.max(...lats) - Math.min(...lats)) * 111_320).toBeCloseTo(1000, -1);
    });
  });
});

describe('land report and its PDF', () => {
  const ndvi = estimateNdvi(18.4, 76.56, new Date(NOW.getTime() - 60 * 86_400_000), NOW);
  const report = buildLandReport({ ...poorSoil, location: 'लातूर', ndvi, ndviEstimated: true }, 'marathi', NOW);

  it('builds every section in Marathi', () => {
    expect(report.locationAnalysis).toMatchObject({ known: true, region: 'मराठवाडा', district: 'लातूर' });
    expect(report.soilAnalysis.healthKey).toBe('poor');
    expect(report.soilAnalysis.ph.status).toBe('तीव्र विम्ल');
    expect(report.cropRecommendations).toHaveLength(5);
    expect(report.additionalRecommendations.join(' ')).toContain('जिप्सम');
    expect(report.ndviSummary.latest).toHaveLength(3);
    expect(report.ndviSummary.estimated).toBe(true);
  });

  it('says plainly when the location is not recognised', () => {
    const r = buildLandReport({ ...goodSoil, location: 'Atlantis' }, 'english', NOW);
    expect(r.locationAnalysis.known).toBe(false);
    expect(r.locationAnalysis.recommendations[0]).toMatch(/district name/);
  });

  it('renders a PDF whose first page has ink and whose text layer holds the Devanagari', async () => {
    const pdf = await renderLandReportPdf(report);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, inkSpread } = await inspectPdf(pdf);
    expect(inkSpread).toBeGreaterThan(10);
    const devanagari = text.match(/[\u0900-\u097F]/g) ?? [];
    expect(devanagari.length).toBeGreaterThan(200);
    expect(text).toContain('मराठवाडा');
    expect(text).toContain(String(report.soilAnalysis.overallScore));
  });
});
