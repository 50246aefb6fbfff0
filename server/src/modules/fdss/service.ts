/** Weather and advice for one field the caller may see. */
import type { Db } from '../../db/client';
import { adviseField } from '../../domain/advice/engine';
import type { Weather } from '../../domain/advice/types';
import { locate } from '../../domain/land/regions';
import { loadFieldFor, type AuthUser } from '../../lib/access';
import type { WeatherProvider } from '../../providers/weather/index';

/** Pune: the middle of the state's farming districts, used when a field has no position or district. */
const FALLBACK_POSITION = { lat: 18.52, lon: 73.86 };

type FieldRow = Awaited<ReturnType<typeof loadFieldFor>>;

export function positionOf(f: FieldRow) {
  if (f.lat !== null && f.lng !== null) return { lat: f.lat, lon: f.lng };
  const d = locate({ location: f.district }).district;
  return d ? { lat: d.lat, lon: d.lon } : FALLBACK_POSITION;
}

export async function fieldWeather(db: Db, user: AuthUser, fieldId: string, weather: WeatherProvider, now: Date) {
  const field = await loadFieldFor(db, user, fieldId);
  return weather.current({ ...positionOf(field), now });
}

export async function fieldInsights(db: Db, user: AuthUser, fieldId: string, weather: WeatherProvider, now: Date) {
  return insightsOf(await loadFieldFor(db, user, fieldId), weather, now);
}

/** The advice for a field row already loaded (and its reach already checked) by the caller. */
export async function insightsOf(field: FieldRow, weather: WeatherProvider, now: Date) {
  const forecast: Weather = await weather.current({ ...positionOf(field), now });
  const latest = field.lastReadingAt ? { moisture: field.lastMoisture, temperature: field.lastTemperature, at: field.lastReadingAt } : null;
  const insights = adviseField({
    now,
    field: {
      cropName: field.cropName,
      cropStatus: field.cropStatus,
      plantedDate: field.plantedDate,
      moistureLow: field.moistureLow,
      temperatureHigh: field.temperatureHigh,
      offlineAfterMinutes: field.offlineAfterMinutes,
    },
    latest,
    weather: forecast,
  });
  return { fieldId: field.fieldId, insights, weatherEstimated: forecast.estimated };
}
