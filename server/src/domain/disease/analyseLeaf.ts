/**
 * The whole disease check for one photo: guard → decode → segment → measure → classify →
 * grade severity → look up treatment. Works with no network; the result says which method named
 * the disease and the measured numbers behind it.
 */
import { badRequest } from '../../lib/errors';
import type { Lang } from '../language';
import { colourClassifier, type ClassifierMethod, type LeafClassifier } from './classifier';
import { checkLeafImage, DISEASE_INPUT_ERRORS } from './imageGuard';
import { diseaseById, diseaseFor, lookalikes } from './knowledgeBase';
import type { Pattern } from './patterns';
import { decodeRaster } from './raster';
import { segmentLeaf } from './segmentation';
import { severityGrade, type SeverityGrade } from './severity';
import { measureSymptoms } from './symptoms';


export type DiseaseResult = {
  diseaseId: string;
  disease: string;
  scientificName: string;
  pattern: Pattern;
  severity: SeverityGrade;
  /** Percent 0–100. */
  confidence: number;
  treatment: string[];
  prevention: string[];
  /** Other crop-specific diseases with the same look, by name. */
  possibleDiseases: string[];
  method: ClassifierMethod;
  measured: { leafAreaPercent: number; affectedPercent: number; lesionPercent: number; chloroticPercent: number; powderyPercent: number };
};

/** A leaf must cover at least this share of the photo to be analysed. */
const MIN_LEAF_SHARE = 0.03;

export async function analyseLeaf(
  image: Uint8Array,
  opts: { lang: Lang; crop?: string; classifier?: LeafClassifier },
): Promise<DiseaseResult> {
  await checkLeafImage(image);
  const raster = await decodeRaster(image);
  const seg = segmentLeaf(raster);
  const measures = measureSymptoms(seg);
  if (measures.leafShare < MIN_LEAF_SHARE) throw badRequest(DISEASE_INPUT_ERRORS.noLeaf, undefined, 'NO_LEAF');
  const verdict = await (opts.classifier ?? colourClassifier).classify({ raster, measures });
  const entry = (verdict.diseaseId && diseaseById(verdict.diseaseId)) || diseaseFor(verdict.pattern, opts.crop);
  const pct = (f: number) => Math.round(f * 1000) / 10;
  return {
    diseaseId: entry.id,
    disease: entry.name[opts.lang],
    scientificName: entry.scientificName,
    pattern: verdict.pattern,
    severity: verdict.pattern === 'healthy' ? 1 : severityGrade(measures.affected),
    confidence: Math.round(verdict.confidence * 100),
    treatment: entry.treatment[opts.lang],
    prevention: entry.prevention[opts.lang],
    possibleDiseases: lookalikes(verdict.pattern, entry.id).map((d) => d.name[opts.lang]),
    method: verdict.method,
    measured: {
      leafAreaPercent: pct(measures.leafShare),
      affectedPercent: pct(measures.affected),
      lesionPercent: pct(measures.necrotic + measures.rust),
      chloroticPercent: pct(measures.chlorotic),
      powderyPercent: pct(measures.powdery),
    },
  };
}
