/**
 * Satellite vegetation index behind one interface: an Agromonitoring-style service when NDVI_API_KEY
 * is set, else an estimate from the crop calendar and season, labelled `estimated: true`.
 */
import type { NdviPoint } from '../../domain/land/ndviSummary';
import { agromonitoring } from './agromonitoring';
import { offlineNdvi } from './offline';

export type NdviArea = { lat: number; lon: number; radius: number; name: string };
export type NdviSeries = { points: NdviPoint[]; estimated: boolean; source: string };

export interface NdviProvider {
  readonly name: string;
  /** Registers the area with the service; returns the service's own id (null when it keeps none). */
  registerField(area: NdviArea): Promise<string | null>;
  timeseries(q: { area: NdviArea; providerFieldId: string | null; from: Date; to: Date }): Promise<NdviSeries>;
}

export function chooseNdvi(cfg: { ndviApiKey?: string; ndviUrl: string }): NdviProvider {
  return cfg.ndviApiKey ? agromonitoring(cfg.ndviUrl, cfg.ndviApiKey) : offlineNdvi;
}
