import { describe, expect, it } from 'vitest';
import { bucketDelta, mergeBuckets, quantileMs, speedScore, trustScore, uptimeOf } from '../../server/src/domain/trust/figures';

describe('trust arithmetic', () => {
  it('uptime is the share of samples up, null without samples', () => {
    expect(uptimeOf([])).toBeNull();
    expect(uptimeOf([{ samples: 60, upSamples: 57 }, { samples: 1, upSamples: 1 }, { samples: 1, upSamples: 0 }])).toBeCloseTo(58 / 62, 12);
  });

  it('quantiles interpolate inside their bucket like histogram_quantile', () => {
    // 10 requests ≤ 100 ms, 10 more ≤ 200 ms.
    const b = { '100': 10, '200': 20, '+Inf': 20 };
    expect(quantileMs(b, 0.5)).toBeCloseTo(100, 10);
    expect(quantileMs(b, 0.75)).toBeCloseTo(150, 10);
    expect(quantileMs(b, 0.95)).toBeCloseTo(190, 10);
    expect(quantileMs(b, 0.25)).toBeCloseTo(50, 10);
    // Beyond the last finite bound: the largest finite bound.
    expect(quantileMs({ '100': 1, '+Inf': 10 }, 0.95)).toBe(100);
    expect(quantileMs({ '100': 0, '+Inf': 0 }, 0.5)).toBeNull();
  });

  it('hours merge and deltas subtract bucket by bucket', () => {
    expect(mergeBuckets([{ '5': 1, '+Inf': 2 }, { '5': 3, '+Inf': 4 }])).toEqual({ '5': 4, '+Inf': 6 });
    expect(bucketDelta({ '5': 4, '+Inf': 9 }, { '5': 1, '+Inf': 2 })).toEqual({ '5': 3, '+Inf': 7 });
  });

  it('the trust score weighs the measured parts and leaves out what was not measured', () => {
    expect(speedScore(200)).toBe(100);
    expect(speedScore(1650)).toBeCloseTo(50, 10);
    expect(speedScore(5000)).toBe(0);
    // Everything perfect: 100.
    expect(trustScore({ uptime: 1, p95Ms: 100, readingsAccepted: 1, sensorsOnTime: 1, satisfaction: 1, incidents: 0 })).toBe(100);
    // 0.3·99 + 0.15·50 + 0.2·90 + 0.2·80 + 0.15·80 = 29.7 + 7.5 + 18 + 16 + 12 = 83.2
    expect(trustScore({ uptime: 0.99, p95Ms: 1650, readingsAccepted: 0.95, sensorsOnTime: 0.85, satisfaction: 0.8, incidents: 2 })).toBeCloseTo(83.2, 6);
    // Without latency or ratings their weights are left out: (0.3·100 + 0.2·100 + 0.15·100) / 0.65 = 100
    expect(trustScore({ uptime: 1, p95Ms: null, readingsAccepted: 1, sensorsOnTime: null, satisfaction: null, incidents: 0 })).toBe(100);
  });
});
