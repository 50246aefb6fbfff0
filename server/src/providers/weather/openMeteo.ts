/**
 * Open-Meteo forecast adapter (no key needed). WEATHER_URL is the base, e.g. https://api.open-meteo.com.
 * Docs: https://open-meteo.com/en/docs — `current`, `daily` and `timezone` parameters.
 */
import type { Weather } from '../../domain/advice/types';
import type { WeatherProvider } from './index';

type Forecast = {
  current?: { time?: string; temperature_2m?: number; relative_humidity_2m?: number };
  daily?: { temperature_2m_max?: number[]; precipitation_sum?: number[]; precipitation_probability_max?: (number | null)[] };
};

export function openMeteo(baseUrl: string, timeoutMs = 8000): WeatherProvider {
  return {
    name: 'open-meteo',
    async current({ lat, lon, now }) {
      const url = new URL('/v1/forecast', baseUrl);
      url.search = new URLSearchParams({
        latitude: String(lat),
        longitude: String(lon),
        current: 'temperature_2m,relative_humidity_2m',
        daily: 'temperature_2m_max,precipitation_sum,precipitation_probability_max',
        forecast_days: '3',
        timezone: 'Asia/Kolkata',
      }).toString();
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`Open-Meteo answered ${res.status}`);
      return parseForecast((await res.json()) as Forecast, now);
    },
  };
}

export function parseForecast(f: Forecast, now: Date): Weather {
  const temp = f.current?.temperature_2m;
  const rh = f.current?.relative_humidity_2m;
  const daily = f.daily ?? {};
  if (typeof temp !== 'number' || typeof rh !== 'number') throw new Error('Open-Meteo answer has no current temperature/humidity');
  const sum = (xs: number[] | undefined, n: number) => (xs ?? []).slice(0, n).reduce((a, b) => a + (b ?? 0), 0);
  return {
    temperature: temp,
    humidity: rh,
    rainChance: daily.precipitation_probability_max?.[0] ?? 0,
    rainMmNext48h: Math.round(sum(daily.precipitation_sum, 2) * 10) / 10,
    maxTemperatureNext3d: Math.max(temp, ...(daily.temperature_2m_max ?? [])),
    estimated: false,
    source: 'open-meteo',
    at: f.current?.time ? new Date(`${f.current.time}:00+05:30`).toISOString() : now.toISOString(),
  };
}
