import { describe, expect, it } from 'vitest';
import {
  MAX_READINGS_PER_MESSAGE,
  parseReadingsPayload,
  parseReadingsTopic,
  readingsFilter,
  readingsTopic,
  sharedReadingsFilter,
} from '../../../server/src/domain/ingest/topic';

describe('topic scheme', () => {
  it('builds and parses a readings topic', () => {
    const t = readingsTopic('shetmitra', 'FLD123456ABC', 'SEN-1');
    expect(t).toBe('shetmitra/fields/FLD123456ABC/sensors/SEN-1/readings');
    expect(parseReadingsTopic('shetmitra', t)).toEqual({ fieldRef: 'FLD123456ABC', sensorId: 'SEN-1' });
  });

  it('works with a prefix that has levels of its own', () => {
    const t = readingsTopic('live-test-ab/x', 'f', 's');
    expect(parseReadingsTopic('live-test-ab/x', t)).toEqual({ fieldRef: 'f', sensorId: 's' });
    expect(parseReadingsTopic('live-test-ab', t)).toBeNull();
  });

  it.each([
    'other/fields/f/sensors/s/readings',
    'shetmitra/fields/f/sensors/s',
    'shetmitra/fields/f/sensors/s/readings/extra',
    'shetmitra/field/f/sensors/s/readings',
    'shetmitra/fields//sensors/s/readings',
  ])('ignores %s', (t) => {
    expect(parseReadingsTopic('shetmitra', t)).toBeNull();
  });

  it('subscribes with wildcards, shared between instances', () => {
    expect(readingsFilter('p')).toBe('p/fields/+/sensors/+/readings');
    expect(sharedReadingsFilter('p')).toBe('$share/shetmitra/p/fields/+/sensors/+/readings');
  });
});

describe('payload', () => {
  it('takes one reading or an array', () => {
    expect(parseReadingsPayload(Buffer.from('{"sensorId":"s","type":"moisture","value":1}'))).toHaveLength(1);
    expect(parseReadingsPayload('[{"a":1},{"a":2}]')).toHaveLength(2);
  });
  it('refuses what is not JSON, empty, scalar or too many', () => {
    expect(parseReadingsPayload('not json')).toBeNull();
    expect(parseReadingsPayload('[]')).toBeNull();
    expect(parseReadingsPayload('42')).toBeNull();
    expect(parseReadingsPayload('null')).toBeNull();
    expect(parseReadingsPayload(JSON.stringify(new Array(MAX_READINGS_PER_MESSAGE + 1).fill({})))).toBeNull();
  });
});
