/** What the chatbot may read about the asker: the latest readings of the fields in their scope. */
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fields } from '../../db/schema';
import type { FieldSnapshot } from '../../domain/chatbot/grounding';
import { fieldScope, type AuthUser } from '../../lib/access';

export async function myFieldSnapshots(db: Db, user: AuthUser, limit = 3): Promise<FieldSnapshot[]> {
  return db
    .select({
      name: fields.name,
      fieldId: fields.fieldId,
      cropName: fields.cropName,
      moisture: fields.lastMoisture,
      temperature: fields.lastTemperature,
      readingAt: fields.lastReadingAt,
      moistureLow: fields.moistureLow,
      temperatureHigh: fields.temperatureHigh,
    })
    .from(fields)
    .where(fieldScope(user))
    .orderBy(desc(fields.lastReadingAt), fields.name)
    .limit(limit);
}
