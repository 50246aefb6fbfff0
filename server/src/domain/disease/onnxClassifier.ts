/**
 * An ONNX image model as the leaf classifier (DISEASE_MODEL_PATH + DISEASE_LABELS_PATH), run by
 * onnxruntime-web's WebAssembly backend so no native binary or download is needed.
 *
 * Model contract: one float32 input [1, 3, H, W] (RGB, 0–1, H and W read from the model) and one
 * output [1, K] of scores for K labels. Scores that do not already sum to 1 go through softmax.
 * Labels file: one label per line (or a JSON array), each a knowledge-base disease id
 * (e.g. `soybean-rust`) or a pattern name (e.g. `powderyMildew`).
 */
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-web';
import sharp from 'sharp';
import { diseaseById } from './knowledgeBase';
import { PATTERNS, type Pattern } from './patterns';
import type { ClassifierVerdict, LeafClassifier } from './classifier';
import type { Raster } from './raster';

type LabelTarget = { pattern: Pattern; diseaseId?: string };

export function parseLabels(text: string): LabelTarget[] {
  const raw: unknown = text.trim().startsWith('[') ? JSON.parse(text) : text.split(/\r?\n/);
  const labels = (raw as string[]).map((l) => String(l).trim()).filter(Boolean);
  return labels.map((label) => {
    const disease = diseaseById(label);
    if (disease) return { pattern: disease.pattern, diseaseId: disease.id };
    if (PATTERNS.includes(label as Pattern)) return { pattern: label as Pattern };
    throw new Error(`Disease labels: "${label}" is neither a disease id nor a pattern (${PATTERNS.join(', ')})`);
  });
}

export async function loadOnnxClassifier(modelPath: string, labelsPath: string): Promise<LeafClassifier> {
  const [model, labelsText] = await Promise.all([readFile(modelPath), readFile(labelsPath, 'utf8')]);
  return createOnnxClassifier(new Uint8Array(model), parseLabels(labelsText));
}

export async function createOnnxClassifier(model: Uint8Array, labels: LabelTarget[]): Promise<LeafClassifier> {
  // One thread: the server shares its cores with request handling.
  ort.env.wasm.numThreads = 1;
  const session = await ort.InferenceSession.create(model);
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];
  const meta = session.inputMetadata[0];
  const shape = meta && meta.isTensor ? meta.shape : [];
  const [h, w] = [shape[2], shape[3]].map((d) => (typeof d === 'number' && d > 0 ? d : 224));
  return {
    method: 'onnx-model',
    async classify({ raster }): Promise<ClassifierVerdict> {
      const input = await toChwTensor(raster, w, h);
      const out = await session.run({ [inputName]: input });
      const scores = Array.from(out[outputName].data as Float32Array);
      if (scores.length !== labels.length) {
        throw new Error(`Disease model gives ${scores.length} scores but the labels file has ${labels.length}`);
      }
      const probs = isDistribution(scores) ? scores : softmax(scores);
      const best = probs.indexOf(Math.max(...probs));
      return { ...labels[best], confidence: Math.round(probs[best] * 100) / 100, method: 'onnx-model' };
    },
  };
}

async function toChwTensor(r: Raster, w: number, h: number) {
  const px = await sharp(r.rgb, { raw: { width: r.width, height: r.height, channels: 3 } })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
  const data = new Float32Array(3 * w * h);
  for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) data[c * w * h + i] = px[i * 3 + c] / 255;
  return new ort.Tensor('float32', data, [1, 3, h, w]);
}

const isDistribution = (xs: number[]) => xs.every((x) => x >= 0 && x <= 1) && Math.abs(xs.reduce((a, b) => a + b, 0) - 1) < 1e-3;

function softmax(xs: number[]) {
  const m = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / s);
}
