/** Disease detector endpoints. */
import type { DiseaseCatalogue, DiseaseResult } from '../../server/src/contracts/disease';
import { http } from './http';
import type { ServerLanguage } from './language';

export const detectDisease = (image: File, lang: ServerLanguage, crop: string, signal?: AbortSignal) => {
  const form = new FormData();
  form.append('image', image, image.name);
  return http.post<DiseaseResult>('/disease/detect', form, { params: { lang, crop: crop || undefined }, signal, timeoutMs: 30_000 });
};

export const listDiseases = (signal?: AbortSignal) => http.get<DiseaseCatalogue>('/disease', { signal });
