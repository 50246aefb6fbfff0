/** Dashboard data for stories: an alert as the server sends it, and a dashboard machine with a given load. */
import { fromCallback, fromPromise } from 'xstate';
import { dashboardMachine } from '@/machines/dashboard.machine';
import type { AlertItem } from '../../../contracts/alerts';

export const storyAlert = (n: number, over: Partial<AlertItem> = {}): AlertItem => {
  const id = `00000000-0000-4000-a000-00000000020${n}`;
  return {
    _id: id, id, type: 'moisture', severity: 'critical', status: 'active_unack',
    message: 'stored english text', messageKey: 'alert.moisture.low', messageParams: { field: 'उत्तर शेत', value: 18, threshold: 25 },
    farmer: 'रमेश पाटील', farmerId: '00000000-0000-4000-8000-000000000101', fieldId: '00000000-0000-4000-9000-000000000101', fieldName: 'उत्तर शेत',
    value: 18, threshold: 25, assignedTo: null, acknowledgedBy: null, read: false,
    count: 1, lastSeenAt: '2026-11-20T06:30:00.000Z', createdAt: '2026-11-20T06:30:00.000Z', updatedAt: '2026-11-20T06:30:00.000Z', resolvedAt: null, clearedBy: null,
    ...over,
  };
};

/** The dashboard with its load answered by `load` (never answering when it returns a pending promise) and no live feed. */
export const storyDashboard = (load: () => Promise<unknown>) =>
  dashboardMachine.provide({
    actors: {
      load: fromPromise(load) as never,
      watchAlerts: fromCallback(() => () => {}) as never,
    },
  });
