/** Fields for stories: complete API shapes, so screens see what the server sends. */
import type { FieldRow } from '../../../contracts/fields';

export const storyFieldRow = (n: number, extra: Partial<FieldRow> = {}): FieldRow => ({
  _id: `00000000-0000-4000-9000-00000000010${n}`, fieldId: `FLD00000${n}ABC`, fieldName: `शेत ${n}`, status: 'good', operationalStatus: 'active',
  farmerId: null, farmerName: null, owner: { name: null }, crop: null, cropType: null, area: null,
  lastSensorData: null, lastSensorUpdate: null, lat: null, lng: null, ...extra,
});
