/** Shared data for the recommendation model tests. */
import type { FieldChoice } from '@/services/fields';
import type { Recommendation } from '@/services/recommendations';

export const FIELDS: FieldChoice[] = [
  { _id: 'f-1', fieldId: 'FLD000001AAA', name: 'North plot', farmerId: 'u-1', lat: null, lng: null },
  { _id: 'f-2', fieldId: 'FLD000002BBB', name: 'River plot', farmerId: 'u-2', lat: null, lng: null },
];

export const makeRec = (extra: Partial<Recommendation> = {}): Recommendation => ({
  _id: 'r-1',
  fieldId: 'f-1',
  fieldName: 'North plot',
  fieldCode: 'FLD000001AAA',
  cropName: 'Gram (chickpea)',
  season: 'rabi',
  status: 'pending',
  confidence: 82,
  expectedYield: 14,
  yieldUnit: 'quintal',
  plantingDate: '2026-11-28',
  marketConditions: { currentPrice: 56500 },
  riskFactors: [{ factor: 'Soil is low in phosphorus, which this crop needs', severity: 'medium' }],
  recommendations: [{ description: 'Apply phosphorus as per the soil test (basal dose)', timeline: 'At sowing', priority: 'medium', cost: 3000 }],
  createdAt: '2026-11-21T10:00:00.000Z',
  ...extra,
});
