/**
 * Turns an MQTT message into an ingest call. The returned promise settles when the transport may
 * acknowledge (the readings are committed, or they were refused for good and a resend would not help);
 * it rejects only when the database could not take them, so the message stays unacknowledged and is resent.
 */
import { parseReadingsPayload, parseReadingsTopic } from '../../domain/ingest/topic';
import type { IngestPipeline } from '../../modules/sensors/ingestPipeline';

export type MessageHandler = (topic: string, payload: Buffer) => Promise<void>;

export function readingsHandler(prefix: string, pipeline: IngestPipeline): MessageHandler {
  return async (topic, payload) => {
    const address = parseReadingsTopic(prefix, topic);
    if (!address) return;
    const items = parseReadingsPayload(payload);
    if (!items) {
      pipeline.rejections.add('malformed');
      return;
    }
    await pipeline.ingest(items, address, 'wait');
  };
}

export const isReadingsTopic = (prefix: string, topic: string) => parseReadingsTopic(prefix, topic) !== null;
