/** Alerts for the alert screens' tests. */
import type { AlertItem } from '@/services/alerts';

export const makeAlert = (over: Partial<AlertItem> = {}): AlertItem => {
  const id = over.id ?? over._id ?? 'a1';
  return {
    type: 'moisture',
    severity: 'major',
    status: 'active_unack',
    message: 'Low soil moisture in North plot: 20% (threshold 25%)',
    messageKey: 'alert.moisture.low',
    messageParams: { field: 'North plot', value: 20, threshold: 25 },
    farmer: 'Ramesh Patil',
    farmerId: 'u-farmer',
    fieldId: 'f1',
    fieldName: 'North plot',
    value: 20,
    threshold: 25,
    assignedTo: null,
    acknowledgedBy: null,
    read: false,
    count: 1,
    lastSeenAt: '2026-06-01T06:30:00.000Z',
    createdAt: '2026-06-01T06:30:00.000Z',
    updatedAt: '2026-06-01T06:30:00.000Z',
    resolvedAt: null,
    clearedBy: null,
    ...over,
    _id: id,
    id,
  };
};

export const COORDINATORS = [
  { _id: 'c1', name: 'Sunil Pawar' },
  { _id: 'c2', name: 'Meena Jadhav' },
];
