/**
 * The leaf-photo analysis off the event loop (issue 19 review): this worker thread decodes, segments, measures
 * and classifies the photo (analyseLeaf, with the operator's ONNX model when one loads) and makes its thumbnail —
 * everything CPU-heavy the disease check does — so a slow analysis never lags the server's event loop (which the
 * overload guard would answer with 503 for everyone). Started by analysisPool.ts through bootstrap.mjs.
 *
 * Messages: in `{ id, image, lang, crop }`; out `{ type: 'ready', method }` once, then per job
 * `{ id, result, thumbnail }` or `{ id, error }` — an AppError (a refused photo) keeps its status, code, words and
 * details, so the route answers exactly what it answered before; anything else is passed on as a plain failure.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Lang } from '../../../domain/language';
import { analyseLeaf } from '../../../domain/disease/analyseLeaf';
import { colourClassifier, type LeafClassifier } from '../../../domain/disease/classifier';
import { chooseClassifier } from '../../../domain/disease/chooseClassifier';
import { AppError } from '../../../lib/errors';
import { makeThumbnail } from '../thumbnail';

export type AnalysisJob = { id: number; image: Uint8Array; lang: Lang; crop?: string };
export type WorkerError = { app: true; statusCode: number; code: string; text: AppError['text']; details?: Record<string, unknown> } | { app: false; message: string };
export type WorkerMessage =
  | { type: 'ready'; method: LeafClassifier['method']; loadError?: string }
  | { type: 'done'; id: number; result: Awaited<ReturnType<typeof analyseLeaf>>; thumbnail: string }
  | { type: 'failed'; id: number; error: WorkerError };

const port = parentPort!;
const config = workerData as { diseaseModelPath?: string; diseaseLabelsPath?: string };

let classifier: LeafClassifier = colourClassifier;
let loadError: string | undefined;
try {
  classifier = await chooseClassifier(config);
} catch (err) {
  loadError = err instanceof Error ? err.message : String(err);
}
port.postMessage({ type: 'ready', method: classifier.method, loadError } satisfies WorkerMessage);

const asWorkerError = (e: unknown): WorkerError =>
  e instanceof AppError
    ? { app: true, statusCode: e.statusCode, code: e.code, text: e.text, details: e.details }
    : { app: false, message: e instanceof Error ? e.message : String(e) };

port.on('message', async (job: AnalysisJob) => {
  try {
    const image = Buffer.from(job.image.buffer, job.image.byteOffset, job.image.byteLength);
    const result = await analyseLeaf(image, { lang: job.lang, crop: job.crop, classifier });
    // analyseLeaf has checked the image, so the thumbnail decodes.
    const thumbnail = await makeThumbnail(image);
    port.postMessage({ type: 'done', id: job.id, result, thumbnail } satisfies WorkerMessage);
  } catch (e) {
    port.postMessage({ type: 'failed', id: job.id, error: asWorkerError(e) } satisfies WorkerMessage);
  }
});
