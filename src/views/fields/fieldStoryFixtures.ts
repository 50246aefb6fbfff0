/** Fields for stories: complete API shapes, so screens see what the server sends. */
import type { FieldDetail, FieldRow } from '../../../contracts/fields';

export const storyFieldRow = (n: number, extra: Partial<FieldRow> = {}): FieldRow => ({
  _id: `00000000-0000-4000-9000-00000000010${n}`, fieldId: `FLD00000${n}ABC`, fieldName: `शेत ${n}`, status: 'good', operationalStatus: 'active',
  farmerId: null, farmerName: null, owner: { name: null }, crop: null, cropType: null, area: null,
  lastSensorData: null, lastSensorUpdate: null, lat: null, lng: null, ...extra,
});

/** North plot of Ramesh Patil: a row of the field table and (below) its details as the server sends them. */
export const storyFieldRow1 = storyFieldRow(1, { fieldName: 'उत्तर शेत', owner: { name: 'रमेश पाटील' }, crop: 'wheat', area: 2.5 });
export const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

export const storyFieldDetail: FieldDetail = {
  _id: storyFieldRow1._id,
  fieldId: storyFieldRow1.fieldId,
  name: 'उत्तर शेत',
  status: 'alert',
  owner: { _id: '00000000-0000-4000-8000-000000000004', name: 'रमेश पाटील' },
  location: {
    coordinates: { lat: 18.52, lng: 73.85 },
    address: { state: 'महाराष्ट्र', district: 'पुणे', village: 'वडगाव', pincode: '412101', fullAddress: null },
    area: { value: 2.5, unit: 'acres' },
  },
  currentCrop: { name: 'wheat', variety: 'लोकवन', plantedDate: '2026-10-20', expectedHarvest: '2027-02-15', status: 'growing', yield: { expected: 18, actual: null, unit: 'quintal' } },
  soilInfo: { type: 'black', ph: 6.8, organicMatter: 1.2, nitrogen: 140, phosphorus: 22, potassium: 180, lastTested: '2026-09-01' },
  irrigation: { type: 'drip', automation: true, schedule: { frequency: 'daily', duration: 45, timeSlots: ['06:00', '18:00'] } },
  sensors: [{ sensorId: 'UTT-M-1', type: 'moisture', status: 'active' }],
  cropHistory: [{ crop: 'soybean', variety: 'JS-335', season: 'kharif', plantedDate: '2026-06-20', harvestedDate: '2026-10-05', yield: 9.5, yieldUnit: 'quintal', notes: 'चांगले पीक' }],
  financial: {
    investment: { seeds: 3200, fertilizers: 4500, pesticides: 1500, labor: 6000, irrigation: 800, other: 0 },
    revenue: { expected: 42000, actual: 39000 },
    profit: 23000,
  },
  notes: [{ content: 'ठिबक नळी तपासा', author: 'सुनील पवार', createdAt: '2026-11-01T08:00:00.000Z' }],
  lastSensorData: { moisture: 18.2, temperature: 31, timestamp: hoursAgo(1) },
};
