/** GPS field mapping (spec section 7): one function per endpoint. Coordinates are [longitude, latitude]. */
import type {
  AddLocationBody,
  FieldLocation,
  GpsStatistics,
  WeatherStation,
} from '../../contracts/gpsMapping';
import { http } from './http';

export type { FieldLocation };
export type Station = WeatherStation;
export type GpsOverview = GpsStatistics['stats']['overview'];
export type NewLocation = AddLocationBody;
export type Position = { longitude: number; latitude: number };

export const listFieldLocations = (signal?: AbortSignal) =>
  http.get<{ fieldLocations: FieldLocation[] }>('/gps-mapping', { signal }).then((r) => r.fieldLocations);

export const getGpsStatistics = (signal?: AbortSignal) =>
  http.get<GpsStatistics>('/gps-mapping/statistics', { signal }).then((r) => r.stats.overview);

export const addFieldLocation = (body: NewLocation) =>
  http.post<{ fieldLocation: FieldLocation }>('/gps-mapping', body).then((r) => r.fieldLocation);

/** A nearby search asks with the coordinates only (not the browser's accuracy: the query takes no other key). */
const around = (p: Position) => ({ longitude: p.longitude, latitude: p.latitude });

export const nearbyFields = (p: Position, signal?: AbortSignal) =>
  http.get<{ fieldLocations: FieldLocation[] }>('/gps-mapping/mobile/nearby', { params: around(p), signal }).then((r) => r.fieldLocations);

export const nearbyWeatherStations = (p: Position, signal?: AbortSignal) =>
  http.get<{ weatherStations: Station[] }>('/gps-mapping/mobile/weather-stations', { params: around(p), signal }).then((r) => r.weatherStations);

/** Spec section 9: every GPS update is sent with accuracy 95 and survey method 'mobile_gps'. */
export const updateFieldLocation = (fieldId: string, p: Position, confirmLargeMove = false) =>
  http
    .put<{ fieldLocation: FieldLocation }>(`/gps-mapping/mobile/location/${fieldId}`, {
      coordinates: [p.longitude, p.latitude],
      accuracy: 95,
      surveyMethod: 'mobile_gps',
      ...(confirmLargeMove ? { confirmLargeMove: true } : {}),
    })
    .then((r) => r.fieldLocation);
