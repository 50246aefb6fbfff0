/** Runs every advice rule and orders the insights: alerts before recommendations, high priority first. */
import { translated as t } from '../../lib/errors';
import { RULES, type AdviceInput } from './rules';
import type { Insight } from './types';

const RANK = { high: 0, medium: 1, low: 2 } as const;

export function adviseField(input: AdviceInput): Insight[] {
  const timestamp = input.now.toISOString();
  const found = RULES.map((rule) => rule(input)).filter((d) => d !== null);
  if (found.length === 0) {
    found.push({
      id: 'all-well',
      type: 'recommendation',
      priority: 'low',
      message: t(
        'Moisture, temperature and weather are in a good range. Keep scouting the crop every week.',
        'ओलावा, तापमान व हवामान योग्य आहे. दर आठवड्याला पिकाची पाहणी करत रहा.',
        'नमी, तापमान और मौसम ठीक हैं। हर सप्ताह फसल का निरीक्षण करते रहें।',
      ),
      basis: { moisture: input.latest?.moisture ?? null, temperature: input.weather.temperature },
    });
  }
  return found
    .map((d) => ({ ...d, timestamp }))
    .sort((a, b) => Number(a.type !== 'alert') - Number(b.type !== 'alert') || RANK[a.priority] - RANK[b.priority]);
}
