/** The classifier the server uses: the configured ONNX model, else colour analysis. */
import type { LeafClassifier } from './classifier';
import { colourClassifier } from './classifier';
import { loadOnnxClassifier } from './onnxClassifier';

export async function chooseClassifier(cfg: { diseaseModelPath?: string; diseaseLabelsPath?: string }): Promise<LeafClassifier> {
  if (!cfg.diseaseModelPath) return colourClassifier;
  if (!cfg.diseaseLabelsPath) throw new Error('DISEASE_MODEL_PATH is set but DISEASE_LABELS_PATH is not');
  return loadOnnxClassifier(cfg.diseaseModelPath, cfg.diseaseLabelsPath);
}
