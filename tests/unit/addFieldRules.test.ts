/** The browser's copy of the Add Field rules must stay the server's rules. */
import { describe, expect, it } from 'vitest';
import * as client from '@/machines/addFieldRules';
import * as server from '../../server/src/domain/fields/addField';
import { FIELD_ID_PATTERN, generateFieldId } from '../../server/src/domain/fields/fieldId';

describe('add-field rules parity', () => {
  it('has the same enumerations and bounds', () => {
    for (const k of ['AREA_UNITS', 'SOIL_TYPES', 'CROP_STATUSES', 'YIELD_UNITS', 'SENSOR_TYPES', 'SENSOR_STATUSES', 'IRRIGATION_TYPES', 'BOUNDS'] as const) {
      expect(client[k], k).toEqual(server[k]);
    }
    expect(client.FIELD_ID_PATTERN.source).toBe(FIELD_ID_PATTERN.source);
  });

  it('judges the same payloads the same way', () => {
    const samples = [
      { name: '', fieldId: 'F' },
      { name: 'A', fieldId: 'F', soilInfo: { ph: 14.5, organicMatter: 101, nitrogen: -1 } },
      { name: 'A', fieldId: 'F', irrigation: { schedule: { duration: -1, timeSlots: ['25:00'] } }, location: { coordinates: { lat: 95 } } },
      { name: 'A', fieldId: 'F', sensors: [{ sensorId: '', type: 'moisture' as const, status: 'active' as const }] },
    ];
    for (const p of samples) {
      expect(client.fieldProblems(p)).toEqual(server.fieldProblems(p));
      expect(client.dropEmpty(p)).toEqual(server.dropEmpty(p));
    }
    const now = 1_795_290_464_341;
    expect(client.generateFieldId(now, () => 0.5)).toBe(generateFieldId(now, () => 0.5));
  });
});
