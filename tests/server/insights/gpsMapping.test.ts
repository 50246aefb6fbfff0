/** GPS mapping routes: add (one per field), list and totals in scope, nearby and stations by distance, mobile update, ownership. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fields, weatherStations } from '../../../server/src/db/schema';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const F = FIXTURE.fields;
// Pune (73.8567 E, 18.5204 N); Shivajinagar is ~2 km away, Lonavala ~55 km.
const PUNE: [number, number] = [73.8567, 18.5204];

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer'] as const) token[who] = (await t.login(who)).accessToken;
  await t.db.insert(weatherStations).values([
    { stationId: 'PUNE-SHIVAJINAGAR', name: 'Shivajinagar', lat: 18.5308, lng: 73.8475, temperature: 24 },
    { stationId: 'LONAVALA', name: 'Lonavala', lat: 18.7546, lng: 73.4062 },
    { stationId: 'NAGPUR', name: 'Nagpur', lat: 21.1458, lng: 79.0882 },
  ]);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: t.auth(token[who]), ...(payload ? { payload } : {}) });

describe('GPS field mapping', () => {
  it('adds a location for an own field, once; another coordinator gets 404; bad input 400', async () => {
    const body = { fieldId: F.farmer.id, name: 'Patil north plot', coordinates: PUNE, area: { value: 1, unit: 'hectares' }, elevation: { value: 560 }, soilType: 'loam', metadata: { village: 'Hadapsar' } };
    const res = await call('coordinator', 'POST', '/gps-mapping', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().fieldLocation).toMatchObject({ fieldId: F.farmer.id, location: { coordinates: PUNE }, elevation: { value: 560, unit: 'meters' }, soilType: 'loam' });
    expect((await call('coordinator', 'POST', '/gps-mapping', body)).statusCode).toBe(409);
    expect((await call('coordinator2', 'POST', '/gps-mapping', { ...body, fieldId: F.farmer2.id })).statusCode).toBe(404);
    expect((await call('coordinator', 'POST', '/gps-mapping', { ...body, fieldId: F.farmer2.id, coordinates: [200, 18] })).statusCode).toBe(400);
    expect((await call('coordinator', 'POST', '/gps-mapping', { ...body, fieldId: F.farmer2.id, soilType: 'black' })).statusCode).toBe(400);
    expect((await call('farmer', 'POST', '/gps-mapping', { ...body, fieldId: F.farmer2.id })).statusCode).toBe(403);
    const second = await call('coordinator', 'POST', '/gps-mapping', { fieldId: F.farmer2.id, name: 'Shinde plot', coordinates: [73.95, 18.62], area: { value: 3 } });
    expect(second.statusCode).toBe(201);
  });

  it('lists and totals only the fields in reach (area in acres, mean elevation of those with one)', async () => {
    expect((await call('coordinator', 'GET', '/gps-mapping')).json().fieldLocations.map((l: { name: string }) => l.name)).toEqual(['Patil north plot', 'Shinde plot']);
    expect((await call('coordinator', 'GET', '/gps-mapping/statistics')).json().stats.overview).toEqual({ totalFields: 2, totalArea: 5.47, avgElevation: 560 });
    expect((await call('coordinator2', 'GET', '/gps-mapping')).json().fieldLocations).toEqual([]);
    expect((await call('coordinator2', 'GET', '/gps-mapping/statistics')).json().stats.overview).toEqual({ totalFields: 0, totalArea: 0, avgElevation: 0 });
  });

  it('finds nearby fields (default 10 km) and weather stations (default 50 km), nearest first', async () => {
    const q = `longitude=${PUNE[0]}&latitude=${PUNE[1]}`;
    const near = (await call('coordinator', 'GET', `/gps-mapping/mobile/nearby?${q}`)).json().fieldLocations;
    expect(near.map((l: { name: string }) => l.name)).toEqual(['Patil north plot']);
    expect(near[0].distanceKm).toBe(0);
    const wider = (await call('coordinator', 'GET', `/gps-mapping/mobile/nearby?${q}&radius=20`)).json().fieldLocations;
    expect(wider.map((l: { name: string }) => l.name)).toEqual(['Patil north plot', 'Shinde plot']);
    const stations = (await call('coordinator', 'GET', `/gps-mapping/mobile/weather-stations?${q}`)).json().weatherStations;
    expect(stations.map((s: { stationId: string }) => s.stationId)).toEqual(['PUNE-SHIVAJINAGAR']);
    const far = (await call('coordinator', 'GET', `/gps-mapping/mobile/weather-stations?${q}&radius=100`)).json().weatherStations;
    expect(far.map((s: { stationId: string }) => s.stationId)).toEqual(['PUNE-SHIVAJINAGAR', 'LONAVALA']);
    expect((await call('coordinator', 'GET', '/gps-mapping/mobile/nearby?longitude=73')).statusCode).toBe(400);
  });

  it('updates a location from mobile GPS with accuracy 95 by default; unmapped or foreign fields 404', async () => {
    const res = await call('coordinator', 'PUT', `/gps-mapping/mobile/location/${F.farmer.id}`, { coordinates: [73.86, 18.53] });
    expect(res.statusCode).toBe(200);
    expect(res.json().fieldLocation).toMatchObject({ location: { coordinates: [73.86, 18.53] }, accuracy: 95, lastSurvey: { method: 'mobile_gps' } });
    expect((await call('coordinator2', 'PUT', `/gps-mapping/mobile/location/${F.farmer.id}`, { coordinates: [73.86, 18.53] })).statusCode).toBe(404);
    expect((await call('coordinator2', 'PUT', `/gps-mapping/mobile/location/${F.farmer3.id}`, { coordinates: [73.86, 18.53] })).statusCode).toBe(404);
    expect((await call('coordinator', 'PUT', `/gps-mapping/mobile/location/${F.farmer.id}`, { coordinates: [73.86] })).statusCode).toBe(400);
  });

  it('keeps one location per field: a survey and an update move the field itself, as every screen reads it', async () => {
    const fieldPoint = async () => (await t.db.select({ lat: fields.lat, lng: fields.lng }).from(fields).where(eq(fields.id, F.farmer2.id)))[0];
    expect(await fieldPoint()).toEqual({ lat: 18.62, lng: 73.95 });
    expect((await call('coordinator', 'PUT', `/gps-mapping/mobile/location/${F.farmer2.id}`, { coordinates: [73.951, 18.621] })).statusCode).toBe(200);
    expect(await fieldPoint()).toEqual({ lat: 18.621, lng: 73.951 });
    const details = (await call('admin', 'GET', `/admin/fields/${F.farmer2.id}`)).json();
    expect(JSON.stringify(details)).toContain('18.621');
    // Set from the field table: the survey follows.
    expect((await call('admin', 'PUT', `/admin/fields/${F.farmer2.id}/location`, { lat: 18.6215, lng: 73.9515 })).statusCode).toBe(200);
    const mapped = (await call('coordinator', 'GET', '/gps-mapping')).json().fieldLocations.find((l: { fieldId: string }) => l.fieldId === F.farmer2.id);
    expect(mapped.location.coordinates).toEqual([73.9515, 18.6215]);
  });

  it('refuses to move a field farther than GPS_MAX_MOVE_KM unless the move is confirmed, and changes nothing', async () => {
    const before = (await call('coordinator', 'GET', '/gps-mapping')).json().fieldLocations.find((l: { fieldId: string }) => l.fieldId === F.farmer2.id);
    // Nagpur is about 600 km from the field near Pune.
    const jump = await call('coordinator', 'PUT', `/gps-mapping/mobile/location/${F.farmer2.id}`, { coordinates: [79.0882, 21.1458] });
    expect(jump.statusCode).toBe(409);
    expect(jump.json()).toMatchObject({ code: 'LOCATION_JUMP', details: { maxMoveKm: 5 }, message: { marathi: expect.stringContaining('किमी') } });
    expect(jump.json().details.distanceKm).toBeGreaterThan(500);
    const after = (await call('coordinator', 'GET', '/gps-mapping')).json().fieldLocations.find((l: { fieldId: string }) => l.fieldId === F.farmer2.id);
    expect(after).toEqual(before);
    const confirmed = await call('coordinator', 'PUT', `/gps-mapping/mobile/location/${F.farmer2.id}`, { coordinates: [79.0882, 21.1458], confirmLargeMove: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().fieldLocation.location.coordinates).toEqual([79.0882, 21.1458]);
  });
});
