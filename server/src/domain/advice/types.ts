import type { Translated } from '../../lib/errors';

export type Weather = {
  /** °C now (or the seasonal estimate for this hour). */
  temperature: number;
  /** % relative humidity. */
  humidity: number;
  /** % chance of rain today. */
  rainChance: number;
  /** Rain expected over the next 48 hours, mm. */
  rainMmNext48h: number;
  /** Highest daytime temperature in the next 3 days, °C. */
  maxTemperatureNext3d: number;
  /** True when no forecast service answered and these numbers are climate normals for the place and month. */
  estimated: boolean;
  source: 'open-meteo' | 'seasonal-estimate';
  at: string;
};

export type LatestReading = { moisture: number | null; temperature: number | null; at: Date } | null;

export type FieldForAdvice = {
  cropName: string | null;
  cropStatus: string;
  plantedDate: string | null;
  moistureLow: number;
  temperatureHigh: number;
  offlineAfterMinutes: number;
};

export type InsightType = 'alert' | 'recommendation';
export type Priority = 'high' | 'medium' | 'low';

export type Insight = {
  id: string;
  type: InsightType;
  priority: Priority;
  message: Translated;
  /** The numbers the rule looked at, so the advice can be checked. */
  basis: Record<string, number | string | boolean | null>;
  timestamp: string;
};
