import { describe, expect, it } from 'vitest';
import { dropEmpty, fieldProblems } from '../../../contracts/addField';
import { FIELD_ID_PATTERN, generateFieldId } from '../../../contracts/fieldId';

describe('field id', () => {
  it("is 'FLD' + last 6 digits of the time + 3 uppercase letters", () => {
    expect(generateFieldId(1_795_290_464_341, () => 0)).toBe('FLD464341AAA');
    expect(generateFieldId(42, () => 0.999)).toBe('FLD000042ZZZ');
    for (let i = 0; i < 50; i++) expect(generateFieldId()).toMatch(FIELD_ID_PATTERN);
  });
});

describe('add-field payload', () => {
  it('drops empty values at every depth', () => {
    expect(
      dropEmpty({
        name: ' North plot ',
        fieldId: 'FLD123456ABC',
        farmerId: '',
        location: { coordinates: { lat: Number.NaN, lng: null }, area: { value: 2.5, unit: 'acres' } },
        soilInfo: { type: '', ph: 0 },
        sensors: [],
        irrigation: { automation: false, schedule: { timeSlots: ['', '06:00'] } },
      }),
    ).toEqual({
      name: 'North plot',
      fieldId: 'FLD123456ABC',
      location: { area: { value: 2.5, unit: 'acres' } },
      soilInfo: { ph: 0 },
      irrigation: { automation: false, schedule: { timeSlots: ['06:00'] } },
    });
  });

  it('enforces the required fields and the numeric bounds', () => {
    expect(fieldProblems({ name: 'A', fieldId: 'F' })).toEqual([]);
    expect(fieldProblems({ name: ' ', fieldId: 'F' })).toEqual(['required']);
    expect(
      fieldProblems({
        name: 'A',
        fieldId: 'F',
        soilInfo: { ph: 14.1, organicMatter: -1, nitrogen: -0.1, phosphorus: 0, potassium: -5 },
        currentCrop: { yield: { expected: -1 } },
        irrigation: { schedule: { duration: -1, timeSlots: ['6:00', '24:00'] } },
        location: { area: { value: -2 }, coordinates: { lat: 91, lng: -181 } },
        sensors: [{ sensorId: ' ', type: 'moisture', status: 'active' }],
      }),
    ).toEqual(['ph', 'organicMatter', 'nitrogen', 'potassium', 'expectedYield', 'duration', 'area', 'lat', 'lng', 'sensorId', 'timeSlot']);
    expect(fieldProblems({ name: 'A', fieldId: 'F', soilInfo: { ph: 14, organicMatter: 100 } })).toEqual([]);
  });
});
