/**
 * The pluggable classifier. The built-in one names the pattern from colour and texture measures;
 * an operator can plug in an image model (onnxClassifier.ts). Severity always comes from the
 * measured leaf area, whichever classifier names the disease.
 */
import { classifyPattern, type Pattern } from './patterns';
import type { Raster } from './raster';
import type { SymptomMeasures } from './symptoms';

export type ClassifierMethod = 'colour-analysis' | 'onnx-model';

export type ClassifierVerdict = {
  pattern: Pattern;
  /** Set when the classifier names a specific knowledge-base disease, not just a pattern. */
  diseaseId?: string;
  /** 0–1. */
  confidence: number;
  method: ClassifierMethod;
};

export type ClassifierInput = { raster: Raster; measures: SymptomMeasures };

export interface LeafClassifier {
  readonly method: ClassifierMethod;
  classify(input: ClassifierInput): Promise<ClassifierVerdict>;
}

export const colourClassifier: LeafClassifier = {
  method: 'colour-analysis',
  async classify({ measures }) {
    const { pattern, confidence } = classifyPattern(measures);
    return { pattern, confidence, method: 'colour-analysis' };
  },
};
