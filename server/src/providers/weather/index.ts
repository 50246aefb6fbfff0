/**
 * Weather behind one interface: Open-Meteo when WEATHER_URL is set, else the seasonal estimate.
 * If the forecast service fails, the estimate answers instead (still flagged estimated), so advice
 * never stops because a network call did.
 */
import type { Weather } from '../../domain/advice/types';
import { offlineWeather } from './offline';
import { openMeteo } from './openMeteo';

export type WeatherQuery = { lat: number; lon: number; now: Date };
export interface WeatherProvider {
  readonly name: string;
  current(q: WeatherQuery): Promise<Weather>;
}

export function chooseWeather(cfg: { weatherUrl?: string }, log?: { warn(o: object, msg: string): void }): WeatherProvider {
  if (!cfg.weatherUrl) return offlineWeather;
  const online = openMeteo(cfg.weatherUrl);
  return {
    name: online.name,
    async current(q) {
      try {
        return await online.current(q);
      } catch (err) {
        log?.warn({ err }, 'weather service failed; answering with the seasonal estimate');
        return offlineWeather.current(q);
      }
    },
  };
}
