/**
 * Adding and moving a field's GPS location. The field's own lat/lng is its one location: a survey writes it
 * together with the survey row, and a GPS update that would move the field farther than GPS_MAX_MOVE_KM needs
 * the user's explicit confirmation (a phone that reports a far-away position must not silently move a field).
 */
import type { Db } from '../../db/client';
import type { AddLocationBody, UpdateLocationBody } from '../../../../contracts/gpsMapping';
import { distanceKm } from '../../domain/land/regions';
import { loadFieldFor, type AuthUser } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { AppError, conflict, notFound, translated } from '../../lib/errors';
import { setLocation } from '../fields/repository';
import { fieldsChanged } from '../fields/pinCache';
import { insertLocation, locationOfField, locationsFor, movePin, nearby, stationsNear, statistics, toLocation } from './repository';

const alreadyMapped = translated(
  'This field already has a GPS location; update it instead.',
  'या शेताचे GPS स्थान आधीच नोंदलेले आहे; ते अद्ययावत करा.',
  'इस खेत का GPS स्थान पहले से दर्ज है; उसे अपडेट करें।',
);

const round1 = (n: number) => Math.round(n * 10) / 10;

function locationJump(km: number, maxKm: number) {
  const d = round1(km);
  return new AppError(
    409,
    'LOCATION_JUMP',
    translated(
      `This moves the field ${d} km, farther than ${maxKm} km. Check the position and confirm the move.`,
      `यामुळे शेत ${d} किमी दूर हलेल (${maxKm} किमीपेक्षा जास्त). स्थान तपासा आणि बदलाची खात्री करा.`,
      `इससे खेत ${d} किमी दूर खिसक जाएगा (${maxKm} किमी से अधिक)। स्थान जाँचें और बदलाव की पुष्टि करें।`,
    ),
    { distanceKm: d, maxMoveKm: maxKm },
  );
}

/** Spec section 9: nearby fields within 10 km and weather stations within 50 km unless asked otherwise. */
const NEARBY_KM = 10;
const STATIONS_KM = 50;

export async function mappedFields(db: Db, user: AuthUser) {
  return { fieldLocations: (await locationsFor(db, user)).map(toLocation) };
}

export async function mappingStatistics(db: Db, user: AuthUser) {
  return { stats: { overview: await statistics(db, user) } };
}

export async function nearbyFields(db: Db, user: AuthUser, q: { latitude: number; longitude: number; radius?: number }) {
  return { fieldLocations: nearby(await locationsFor(db, user), q.latitude, q.longitude, q.radius ?? NEARBY_KM) };
}

export async function weatherStationsNear(db: Db, q: { latitude: number; longitude: number; radius?: number }) {
  return { weatherStations: await stationsNear(db, q.latitude, q.longitude, q.radius ?? STATIONS_KM) };
}

export async function addLocation(db: Db, user: AuthUser, b: AddLocationBody) {
  const field = await loadFieldFor(db, user, b.fieldId);
  if (await locationOfField(db, field.id)) throw conflict(alreadyMapped, 'ALREADY_MAPPED');
  const [lng, lat] = b.coordinates;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertLocation(tx as Db, {
      fieldId: field.id,
      name: b.name.trim(),
      status: (b.status ?? 'active') as 'active',
      lng,
      lat,
      areaValue: b.area?.value ?? null,
      areaUnit: b.area?.unit ?? 'acres',
      elevation: b.elevation?.value ?? null,
      soilType: (b.soilType ?? 'unknown') as 'unknown',
      irrigationType: b.irrigationType ?? null,
      metadata: b.metadata ?? {},
      lastSurveyAt: new Date(),
      surveyMethod: 'manual',
    });
    await movePin(tx as Db, field.id, lat, lng);
    await recordAudit(tx, user, { action: 'field.locate', target: { type: 'field', id: field.id }, before: { lat: field.lat, lng: field.lng }, after: { lat, lng } });
    return inserted;
  });
  await fieldsChanged(db);
  return { fieldLocation: toLocation(row) };
}

export async function moveLocation(db: Db, user: AuthUser, fieldRef: string, b: UpdateLocationBody, maxMoveKm: number) {
  const field = await loadFieldFor(db, user, fieldRef);
  const existing = await locationOfField(db, field.id);
  if (!existing) throw notFound();
  const [lng, lat] = b.coordinates;
  const from = field.lat !== null && field.lng !== null ? { lat: field.lat, lng: field.lng } : existing;
  const km = distanceKm(from.lat, from.lng, lat, lng);
  if (km > maxMoveKm && b.confirmLargeMove !== true) throw locationJump(km, maxMoveKm);
  await db.transaction(async (tx) => {
    await setLocation(tx as Db, field.id, lat, lng, { accuracy: b.accuracy ?? 95, surveyMethod: b.surveyMethod ?? 'mobile_gps' });
    await recordAudit(tx, user, { action: 'field.locate', target: { type: 'field', id: field.id }, before: { lat: from.lat, lng: from.lng }, after: { lat, lng } });
  });
  await fieldsChanged(db);
  return { fieldLocation: toLocation((await locationOfField(db, field.id))!) };
}
