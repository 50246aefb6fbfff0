/** Disease detector endpoints. */
import type { ApiErrorBody } from '../../contracts/common';
import type { DiseaseCatalogue, DiseaseHistoryEntry, DiseaseHistoryPage, DiseaseResult } from '../../contracts/disease';
import { API_BASE, currentAccessToken, http, HttpError, reasonFor, refreshAccessToken } from './http';
import type { ServerLanguage } from './language';

/**
 * The leaf photo's whole round trip (upload + analysis). Long enough for a ~300 KB photo on slow 3G
 * (~50 kbit/s up) with the analysis on top; the farmer can retry after a failure.
 */
export const DISEASE_UPLOAD_TIMEOUT_MS = 120_000;

export type UploadProgress = { sent: number; total: number };

type UploadOptions = { signal?: AbortSignal; onProgress?: (p: UploadProgress) => void; timeoutMs?: number };

/**
 * One XMLHttpRequest (fetch cannot report upload progress) with the same contract as services/http.ts:
 * bearer token, HttpError on failure, and one shared refresh + one retry on a 401.
 */
function sendOnce<T>(url: string, form: FormData, token: string | null, opts: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = opts.timeoutMs ?? DISEASE_UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.({ sent: e.loaded, total: e.total });
    };
    const onAbort = () => xhr.abort();
    const done = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new HttpError(xhr.status, reasonFor(xhr.status), body && typeof body === 'object' ? (body as ApiErrorBody) : undefined));
    };
    xhr.onerror = xhr.onabort = () => {
      done();
      reject(new HttpError(0, 'network'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new HttpError(0, 'timeout'));
    };
    if (opts.signal?.aborted) return reject(new HttpError(0, 'network'));
    opts.signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

export async function detectDisease(image: File, lang: ServerLanguage, crop: string, opts: UploadOptions = {}): Promise<DiseaseResult> {
  const form = new FormData();
  form.append('image', image, image.name);
  const query = new URLSearchParams({ lang, ...(crop ? { crop } : {}) });
  const url = `${API_BASE}/disease/detect?${query}`;
  try {
    return await sendOnce<DiseaseResult>(url, form, currentAccessToken(), opts);
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 401) throw e;
    const fresh = await refreshAccessToken();
    if (!fresh) throw e;
    return sendOnce<DiseaseResult>(url, form, fresh, opts);
  }
}

export const listDiseases = (signal?: AbortSignal) => http.get<DiseaseCatalogue>('/disease', { signal });

export const DISEASE_HISTORY_PAGE = 10;

export const listDiseaseHistory = (page: number, signal?: AbortSignal) =>
  http.get<DiseaseHistoryPage>('/disease/history', { params: { page, limit: DISEASE_HISTORY_PAGE }, signal });

export const getDiseaseHistoryEntry = (id: string, signal?: AbortSignal) =>
  http.get<DiseaseHistoryEntry>(`/disease/history/${encodeURIComponent(id)}`, { signal });
