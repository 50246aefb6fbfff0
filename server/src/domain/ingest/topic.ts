/**
 * The MQTT topic scheme devices publish to:
 *
 *   <prefix>/fields/<fieldId>/sensors/<sensorId>/readings
 *
 * <fieldId> is the field's UUID or its human code (FLD…); <sensorId> is the device's own id.
 * The payload is JSON: one reading {sensorId, type, value, timestamp?} or an array of them
 * (at most MAX_READINGS_PER_MESSAGE). QoS 1: the broker acknowledges only after the readings are committed.
 */

export const MAX_READINGS_PER_MESSAGE = 1000;

export const readingsTopic = (prefix: string, fieldRef: string, sensorId: string) =>
  `${prefix}/fields/${fieldRef}/sensors/${sensorId}/readings`;

/** The filter an ingesting app subscribes to. */
export const readingsFilter = (prefix: string) => `${prefix}/fields/+/sensors/+/readings`;

/** Several app instances split the stream between them through this shared subscription group. */
export const sharedReadingsFilter = (prefix: string, group = 'shetmitra') => `$share/${group}/${readingsFilter(prefix)}`;

export type TopicAddress = { fieldRef: string; sensorId: string };

/** The field and sensor a topic names, or null when it is not a readings topic under the prefix. */
export function parseReadingsTopic(prefix: string, topic: string): TopicAddress | null {
  if (!topic.startsWith(`${prefix}/`)) return null;
  const parts = topic.slice(prefix.length + 1).split('/');
  if (parts.length !== 5 || parts[0] !== 'fields' || parts[2] !== 'sensors' || parts[4] !== 'readings') return null;
  const [, fieldRef, , sensorId] = parts;
  if (!fieldRef || !sensorId) return null;
  return { fieldRef, sensorId };
}

/** The readings in a message body, or null when it is not JSON, not an object/array, or too large. */
export function parseReadingsPayload(payload: Buffer | string): unknown[] | null {
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return null;
  }
  if (Array.isArray(body)) return body.length > 0 && body.length <= MAX_READINGS_PER_MESSAGE ? body : null;
  return typeof body === 'object' && body !== null ? [body] : null;
}
