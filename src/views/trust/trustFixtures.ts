/** Figures for the trust dashboard's stories and model test (shaped like GET /trust answers). */
import type { TrustFigures } from '@/machines/trust.machine';

export const TRUST_FIGURES: TrustFigures = {
  generatedAt: '2026-03-05T10:00:00.000Z',
  demo: true,
  score: { value: 91.4, weights: { uptime: 0.3, speed: 0.15, accuracy: 0.2, satisfaction: 0.2, security: 0.15 } },
  uptime: { day: 0.9986, week: 0.9971, month: 0.9952, samples: { day: 1440, week: 10080, month: 43200 } },
  latency: { p50Ms: 38, p95Ms: 212, requests: 18422, periodHours: 24 },
  accuracy: { readingsAccepted: 0.987, accepted: 98700, rejected: 1300, sensorsOnTime: 0.9, sensorsExpected: 40, sensorsReporting: 36, periodHours: 24 },
  satisfaction: { share: 0.82, positive: 41, total: 50, periodDays: 30 },
  incidents: { total: 3, tokenReuse: 0, throttledSignIns: 2, sessionsEndedByStaff: 1, auditEntries: null, periodDays: 30 },
  security: {
    twoFactorUsers: 3,
    activeUsers: 24,
    sessionsRevoked: 5,
    throttledSignIns: 2,
    periodDays: 30,
    review: { date: '2026-02-12', daysAgo: 21, summary: 'Sign-in, sessions and device keys reviewed; no open findings.', url: 'https://example.org/shetmitra-security-review-2026' },
  },
  transparency: {
    stored: [
      { data: 'readings', kept: 'whileField' },
      { data: 'chatQuestions', kept: 'never' },
    ],
    services: [
      { service: 'weather', online: true },
      { service: 'chatbot', online: false },
    ],
  },
  community: { activeFarmers: 14, activeCoordinators: 3, farmers: 18, coordinators: 4, messages: 9, messageDeliveries: 61, periodDays: 30 },
  impact: { fieldsMonitored: 20, hectares: 31.6, lowMoistureAlerts: 12, actedWithinHour: 9, periodDays: 30 },
};

/** Nothing measured yet: a fresh installation. */
export const TRUST_EMPTY: TrustFigures = {
  ...TRUST_FIGURES,
  demo: false,
  score: { ...TRUST_FIGURES.score, value: null },
  uptime: { day: null, week: null, month: null, samples: { day: 0, week: 0, month: 0 } },
  latency: { p50Ms: null, p95Ms: null, requests: 0, periodHours: 24 },
  satisfaction: { share: null, positive: 0, total: 0, periodDays: 30 },
};
