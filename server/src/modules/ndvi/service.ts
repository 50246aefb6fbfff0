/**
 * Satellite NDVI: registering a spot once per coordinate pair with the configured provider (the id is reused
 * while the coordinates stay), and its series of the last SERIES_DAYS days with a summary. A provider that does
 * not answer is a translated 503; offline the series is a labelled estimate.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { NdviRegisterRequest } from '../../../../contracts/land';
import type { Db } from '../../db/client';
import { summariseNdvi } from '../../domain/land/ndviSummary';
import { isUuid, type AuthUser } from '../../lib/access';
import { notFound, translated, unavailable } from '../../lib/errors';
import { chooseNdvi } from '../../providers/ndvi/index';
import { findRegistration, insertRegistration, registrationOf } from './repository';

export const SERIES_DAYS = 90;
const serviceDown = translated(
  'The satellite (NDVI) service did not answer. Please try again later.',
  'उपग्रह (NDVI) सेवेकडून उत्तर आले नाही. कृपया नंतर प्रयत्न करा.',
  'उपग्रह (NDVI) सेवा से उत्तर नहीं मिला। कृपया बाद में प्रयास करें।',
);

/** NDVI with the configured provider (or the crop-calendar estimate). */
export function createNdviService(config: Parameters<typeof chooseNdvi>[0]) {
  const ndvi = chooseNdvi(config);
  return {
    about: () => ({ provider: ndvi.name, estimated: ndvi.name === 'crop-calendar-estimate', radiusMetres: 500, seriesDays: SERIES_DAYS }),

    async register(db: Db, user: AuthUser, body: NdviRegisterRequest, log: FastifyBaseLogger) {
      const { lat, lon, radius = 500, name = 'My Farm' } = body;
      const existing = await findRegistration(db, user.id, lat, lon);
      if (existing) return { fieldId: existing.id, reused: true, provider: existing.provider };
      let providerFieldId: string | null;
      try {
        providerFieldId = await ndvi.registerField({ lat, lon, radius, name });
      } catch (err) {
        log.warn({ err }, 'NDVI field registration failed');
        throw unavailable(serviceDown);
      }
      const row = await insertRegistration(db, { userId: user.id, lat, lon, radius, name, provider: ndvi.name, providerFieldId });
      return { fieldId: row.id, reused: false, provider: row.provider };
    },

    /** The caller's own registration only: anyone else's id answers 404 like a missing one. */
    async timeseries(db: Db, user: AuthUser, fieldId: string, log: FastifyBaseLogger) {
      if (!isUuid(fieldId)) throw notFound();
      const row = await registrationOf(db, user.id, fieldId);
      if (!row) throw notFound();
      const to = new Date();
      const from = new Date(to.getTime() - SERIES_DAYS * 86_400_000);
      try {
        const series = await ndvi.timeseries({ area: { lat: row.lat, lon: row.lon, radius: row.radius, name: row.name }, providerFieldId: row.providerFieldId, from, to });
        const { latest, average30d } = summariseNdvi(series.points);
        return { fieldId: row.id, ndvi: series.points, summary: { latest, average30d }, estimated: series.estimated, source: series.source };
      } catch (err) {
        log.warn({ err }, 'NDVI series failed');
        throw unavailable(serviceDown);
      }
    },
  };
}
