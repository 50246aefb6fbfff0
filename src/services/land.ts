/** Land report and satellite NDVI endpoints. */
import type {
  LandReport,
  LandReportRequest,
  NdviRegisterResponse,
  NdviTimeseriesResponse,
} from '../../contracts/land';
import { http } from './http';

export type { LandReport, LandReportRequest, NdviTimeseriesResponse };

/** Spec section 9: satellite field registration radius 500, name 'My Farm'. */
export const registerNdviField = (lat: number, lon: number, signal?: AbortSignal) =>
  http.post<NdviRegisterResponse>('/ndvi/register-field', { lat, lon, radius: 500, name: 'My Farm' }, { signal });

export const getNdviTimeseries = (fieldId: string, signal?: AbortSignal) =>
  http.get<NdviTimeseriesResponse>('/ndvi/timeseries', { params: { fieldId }, signal });

export const createLandReport = (body: LandReportRequest, signal?: AbortSignal) =>
  http.post<{ success: boolean; report: LandReport }>('/land/report', body, { signal, timeoutMs: 20_000 });

export const downloadLandReportPdf = (report: LandReport, signal?: AbortSignal) =>
  http.post<Blob>('/land/download-pdf', { report }, { signal, responseType: 'blob', timeoutMs: 30_000 });
