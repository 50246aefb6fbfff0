/**
 * The disease knowledge base (knowledge/diseases.json): what each symptom pattern usually is on
 * the main crops of Maharashtra, and what to do about it, in Marathi, English and Hindi.
 */
import data from './knowledge/diseases.json';
import type { Translated } from '../../lib/errors';
import type { Lines } from '../language';
import { PATTERNS, type Pattern } from './patterns';

export type Disease = {
  id: string;
  pattern: Pattern;
  crops: string[];
  scientificName: string;
  name: Translated;
  treatment: Lines;
  prevention: Lines;
};

export const DISEASE_SOURCE: string = data.source;
export const DISEASES: readonly Disease[] = data.diseases.map((d) => {
  if (!PATTERNS.includes(d.pattern as Pattern)) throw new Error(`diseases.json: unknown pattern ${d.pattern} in ${d.id}`);
  return d as Disease;
});

export const diseaseById = (id: string) => DISEASES.find((d) => d.id === id);

/** The crop-specific entry for a pattern when the crop is known, else the general one. */
export function diseaseFor(pattern: Pattern, crop?: string): Disease {
  const c = crop?.trim().toLowerCase();
  return (
    (c ? DISEASES.find((d) => d.pattern === pattern && d.crops.includes(c)) : undefined) ??
    DISEASES.find((d) => d.pattern === pattern && d.crops.length === 0)!
  );
}

/** Crop-specific diseases that show this pattern (what else it could be). */
export const lookalikes = (pattern: Pattern, exceptId: string) =>
  DISEASES.filter((d) => d.pattern === pattern && d.crops.length > 0 && d.id !== exceptId);
