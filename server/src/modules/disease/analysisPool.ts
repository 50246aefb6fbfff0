/**
 * A small pool of worker threads that run the leaf-photo analysis (worker/analysis.worker.ts), so the event loop
 * stays free while a photo is decoded, segmented and classified. `size` workers (DISEASE_WORKERS), each one job at
 * a time; more photos wait in order. A job's refusal comes back as the same AppError (status, code, words,
 * details) the analysis threw; a worker that dies fails its job with a plain error (a 500) and is replaced.
 * The workers load the classifier themselves (the ONNX model when configured, else colour analysis); `start()`
 * says which method they use, once the first worker has started.
 *
 * The workers start when first needed (a photo, or `start()`: the server calls it once it is listening, in the
 * background), not when the pool is made: a worker is a thread of its own that loads its modules and the classifier
 * (~0.35 s of CPU without a model), which building the app need not wait for. Since 2026-11-28.
 */
import { Worker } from 'node:worker_threads';
import type { Lang } from '../../domain/language';
import { AppError } from '../../lib/errors';
import type { LeafClassifier } from '../../domain/disease/classifier';
import type { DiseaseResult } from '../../domain/disease/analyseLeaf';
import type { WorkerError, WorkerMessage } from './worker/analysis.worker';

const ENTRY = new URL('./worker/bootstrap.mjs', import.meta.url);

type Job = { id: number; image: Uint8Array; lang: Lang; crop?: string; resolve: (v: Analysis) => void; reject: (e: Error) => void };
export type Analysis = { result: DiseaseResult; thumbnail: string };
type Slot = { worker: Worker; job: Job | null; ready: boolean };

type Readiness = { method: LeafClassifier['method']; loadError?: string };

export type AnalysisPool = {
  /**
   * Starts the workers if they are not running; resolves with the classifier method they use and why the
   * configured model did not load (if it did not), once the first is ready. Rejects if it died before it was
   * ready (its replacement is on its way: a later call waits for that one).
   */
  start(): Promise<Readiness>;
  analyse(image: Uint8Array, opts: { lang: Lang; crop?: string }): Promise<Analysis>;
  /** Jobs waiting for a worker (not counting the ones running). */
  queued(): number;
  /** Worker threads running (none until the pool is first needed). */
  workers(): number;
  close(): Promise<void>;
};

const toError = (e: WorkerError): Error => (e.app ? new AppError(e.statusCode, e.code, e.text, e.details) : new Error(`leaf analysis failed: ${e.message}`));

export function createAnalysisPool(opts: { size: number; diseaseModelPath?: string; diseaseLabelsPath?: string }): AnalysisPool {
  const size = Math.max(1, opts.size);
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;
  /** Resolved by the first worker that is ready; replaced when it is refused (a worker died before it was ready). */
  let readiness: { promise: Promise<Readiness>; announce: (v: Readiness) => void; refuse: (e: Error) => void } | undefined;
  const ready = () => {
    if (!readiness) {
      let announce: (v: Readiness) => void = () => {};
      let refuse: (e: Error) => void = () => {};
      const promise = new Promise<Readiness>((resolve, reject) => {
        announce = resolve;
        refuse = reject;
      });
      // Nobody may be waiting on it (the pool closed first): not an unhandled rejection.
      promise.catch(() => {});
      readiness = { promise, announce, refuse };
    }
    return readiness.promise;
  };
  const announce = (v: Readiness) => {
    ready();
    readiness!.announce(v);
  };
  const refuse = (e: Error) => {
    readiness?.refuse(e);
    readiness = undefined;
  };
  // A running pool always has `size` workers (a lost one is replaced at once); a closed one has none.
  const start = () => {
    if (!slots.length && !closed) for (let i = 0; i < size; i++) slots.push(spawn());
    return ready();
  };

  function pump() {
    for (const slot of slots) {
      if (!slot.ready || slot.job || !waiting.length) continue;
      const job = waiting.shift()!;
      slot.job = job;
      // A running job keeps the process alive; an idle worker does not.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, image: job.image, lang: job.lang, crop: job.crop }, [job.image.buffer as ArrayBuffer]);
    }
  }

  function spawn(): Slot {
    const worker = new Worker(ENTRY, { workerData: { diseaseModelPath: opts.diseaseModelPath, diseaseLabelsPath: opts.diseaseLabelsPath } });
    const slot: Slot = { worker, job: null, ready: false };
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') {
        slot.ready = true;
        worker.unref();
        announce({ method: m.method, loadError: m.loadError });
      } else {
        const job = slot.job;
        slot.job = null;
        slot.worker.unref();
        if (job && job.id === m.id) {
          if (m.type === 'done') job.resolve({ result: m.result, thumbnail: m.thumbnail });
          else job.reject(toError(m.error));
        }
      }
      pump();
    });
    const lost = (why: Error) => {
      const i = slots.indexOf(slot);
      if (i < 0) return;
      slots.splice(i, 1);
      slot.job?.reject(why);
      slot.job = null;
      // The pool is not ready yet: whoever waits hears why (another worker that is ready keeps it ready).
      if (!slot.ready && !slots.some((s) => s.ready)) refuse(why);
      if (!closed) slots.push(spawn());
      pump();
    };
    worker.on('error', (e) => lost(e));
    worker.on('exit', (code) => lost(new Error(`leaf analysis worker exited (${code})`)));
    // Until it is ready and while it runs a job, a worker keeps the process alive; idle, it does not.
    return slot;
  }

  return {
    start,
    analyse(image, { lang, crop }) {
      if (closed) return Promise.reject(new Error('leaf analysis pool is closed'));
      void start();
      return new Promise<Analysis>((resolve, reject) => {
        // A copy: the caller's buffer may be a view on a larger pooled one, and the route keeps the photo.
        waiting.push({ id: nextId++, image: new Uint8Array(image), lang, crop, resolve, reject });
        pump();
      });
    },
    queued: () => waiting.length,
    workers: () => slots.length,
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('leaf analysis pool is closed'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
