/** Texts the server writes in Marathi/Hindi carry dates in that language: month names, Latin digits, 24-hour clock. */
import { describe, expect, it } from 'vitest';
import { groundedAnswer } from '../../../server/src/domain/chatbot/grounding';
import { formatDay, formatNumber, formatRupees, formatWhen } from '../../../server/src/domain/format';
import { buildLandReport } from '../../../server/src/domain/land/report';
import { generateRecommendations } from '../../../server/src/domain/recommendations/generate';

const LATIN_WORD = /[A-Za-z]{2,}/;

describe('server date and number formatting', () => {
  it('writes moments and days in the language, Latin digits, no AM/PM', () => {
    const at = new Date('2026-03-05T08:37:00Z'); // 14:07 IST
    expect(formatWhen('marathi', at)).toBe('5 मार्च, 2026, 14:07');
    expect(formatWhen('hindi', at)).toBe('5 मार्च 2026, 14:07');
    expect(formatWhen('english', at)).toBe('5 Mar 2026, 14:07');
    expect(formatDay('marathi', '2026-12-02')).toBe('2 डिसें, 2026');
    expect(formatRupees(495180)).toBe('₹4,95,180');
    expect(formatNumber(1234567.25)).toBe('12,34,567.3');
  });

  it('grounded chatbot answers carry the reading time in Marathi', () => {
    const text = groundedAnswer(
      [{ name: 'घराजवळचे शेत', fieldId: 'FLD001', cropName: null, moisture: 30, temperature: 28, readingAt: new Date('2026-03-05T08:37:00Z'), moistureLow: 25, temperatureHigh: 35 }],
      'marathi',
    );
    expect(text).toContain('5 मार्च, 2026, 14:07');
    expect(text.replace(/FLD\d+|°C/g, '')).not.toMatch(LATIN_WORD);
  });

  it('the sowing action names the day in Marathi ("2 डिसें" not "2026-12-02 पासून")', () => {
    const recs = generateRecommendations({ ph: 7.2, nitrogen: 300, phosphorus: 25, potassium: 320, district: 'Latur' }, 'marathi', new Date('2026-11-25T06:00:00Z'));
    const sow = recs[0].recommendations.find((a) => a.description.includes('पासून'))!;
    expect(sow.description).toBe('2 डिसें, 2026 पासून बीजप्रक्रिया केलेल्या बियाण्याने पेरणी करा');
  });

  it('the Marathi land report names its rating table, footnote and units in Marathi', () => {
    for (const state of ['maharashtra', 'india']) {
      const r = buildLandReport({ ph: 7.2, nitrogen: 300, phosphorus: 25, potassium: 320, location: 'Latur', state }, 'marathi', new Date('2026-11-25T06:00:00Z'));
      const sa = r.soilAnalysis;
      expect(sa.nitrogen.unit).toBe('किलो/हेक्टर');
      expect(sa.ratingTable.name).not.toMatch(LATIN_WORD);
      expect(sa.ratingTable.source.replace(/P2O5|K2O/g, '')).not.toMatch(LATIN_WORD);
    }
  });
});
