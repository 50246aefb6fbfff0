/**
 * The leaf-photo upload (spec section 4; issue 14): no file → preparing (the photo is resized and re-encoded
 * in the browser; one it cannot decode is refused) → file selected → uploading (bytes sent shown; the server
 * analyses once the last byte is in) → result, or:
 *  - error: the server refused the photo (a 4xx with its own reason; another photo is needed), or
 *  - failed: the network dropped, timed out or the server broke, and the farmer may retry the same photo.
 * A past diagnosis from the history opens again through openingPast. Clearing returns to no file.
 * Offline (issue 17): an upload that gets no answer at all goes to the outbox (queueing → queued) with the
 * Idempotency-Key of its first try, when the phone is offline or the upload ran out of its time limit (a phone that
 * says online but gets no answer: "lie-fi"; the try may have reached the server, and the replay with its key then
 * gets its answer instead of a second diagnosis). A dropped upload while online stays 'failed' with Try again (at
 * once, with its progress) and 'send later', which puts it in the outbox with the same key. The outbox sends it when
 * the network works and its result (or refusal) is shown here if the farmer is still on the page (it is in the
 * history either way); one given up from the outbox panel leaves the photo on screen, ready to analyse again.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { DiseaseHistoryEntry, DiseaseResult } from '../../contracts/disease';
import { detectDisease, detectPath, getDiseaseHistoryEntry, type UploadProgress } from '../services/disease';
import { onOutbox, queueRequest, type OutboxItem } from '../services/outbox';
import { HttpError } from '../services/http';
import { prepareLeafPhoto } from '../services/image';
import { serverLanguage, type ServerLanguage } from '../services/language';

export type DiseaseUploadContext = {
  lang: ServerLanguage;
  /** Optional crop: lets the server name the crop-specific disease (e.g. soybean rust). */
  crop: string;
  /** The photo as it will be sent (already resized). */
  file: File | null;
  /** Name of the last file refused, and why: not an image at all, or an image the browser could not read. */
  refused: string | null;
  refusedWhy: 'notImage' | 'unreadable' | null;
  /** A fresh detection carries the id of the diagnosis kept for it (the farmer rates it by that id). */
  result: (DiseaseResult & { diagnosisId?: string }) | null;
  /** The server's own explanation of a refusal (e.g. 'not a photo'), shown under the spec's failure line. */
  failure: string | null;
  progress: UploadProgress | null;
  /** The Idempotency-Key of this upload (a retry of the same photo keeps it) and its outbox item when queued. */
  key: string;
  outboxId: string | null;
  /** The outbox could not keep the photo (storage full or blocked): only Try again is offered. */
  queueFailed: boolean;
  /** The past diagnosis on show (thumbnail and date), when the result came from the history. */
  past: Omit<DiseaseHistoryEntry, 'result'> | null;
  /** A past diagnosis could not be opened. */
  pastFailed: boolean;
};

export type UploadInput = { file: File; lang: ServerLanguage; crop: string; key: string; onProgress: (p: UploadProgress) => void };
type QueuedSettled =
  | { type: 'disease.queuedDone'; result: DiseaseResult }
  | { type: 'disease.queuedRefused'; failure: string | null }
  | { type: 'disease.queuedDiscarded' };

export const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * No answer while the phone is offline, or none within the upload's time limit: the photo waits in the outbox. A
 * dropped upload while the browser is online (a flaky connection) stays 'failed' with Try again, which retries at
 * once and shows the upload's progress, and 'send later'.
 */
const noAnswer = (error: unknown) =>
  error instanceof HttpError && error.status === 0 && (error.reason === 'timeout' || (typeof navigator !== 'undefined' && navigator.onLine === false));
/** A refusal the same photo would meet again (bad image, too large): no retry, the server says why. */
const isRefusal = (error: unknown) =>
  error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

const cleared = { file: null, refused: null, refusedWhy: null, result: null, failure: null, progress: null, past: null, pastFailed: false, outboxId: null, queueFailed: false } as const;

/** A past diagnosis opens from every state where the farmer is not waiting on something. */
const OPEN_PAST = { target: 'openingPast', actions: 'forgetFile' } as const;

/** What a photo on screen (chosen, refused or failed) always allows: clear it, choose the crop, open a past one. */
const WITH_PHOTO = {
  'disease.clear': { target: 'noFile', actions: 'forgetFile' },
  'disease.cropChosen': { actions: 'setCrop' },
  'disease.openPast': OPEN_PAST,
} as const;

export const diseaseUploadMachine = setup({
  types: {
    context: {} as DiseaseUploadContext,
    /** The UI locale (mr-IN, en-IN, hi-IN): the result comes back in its language. */
    input: {} as { locale: string },
    events: {} as
      | { type: 'disease.fileChosen'; file: File }
      | { type: 'disease.cropChosen'; crop: string }
      | { type: 'disease.analyse' }
      | { type: 'disease.retry' }
      | { type: 'disease.sendLater' }
      | { type: 'disease.progress'; sent: number; total: number }
      | { type: 'disease.openPast'; id: string }
      | { type: 'disease.clear' }
      | QueuedSettled,
  },
  actors: {
    prepare: fromPromise<File, { file: File }>(({ input }) => prepareLeafPhoto(input.file)),
    detect: fromPromise<DiseaseResult, UploadInput>(({ input, signal }) =>
      detectDisease(input.file, input.lang, input.crop, { signal, onProgress: input.onProgress, headers: { 'idempotency-key': input.key } }),
    ),
    queuePhoto: fromPromise<OutboxItem, UploadInput>(({ input }) =>
      queueRequest('disease', { method: 'post', url: detectPath(input.lang, input.crop), upload: { file: input.file, filename: input.file.name } }, input.file.name, input.key),
    ),
    /** What became of the queued photo. */
    watchQueued: fromCallback<QueuedSettled, { outboxId: string; lang: ServerLanguage }>(({ sendBack, input }) =>
      onOutbox((n) => {
        if (n.type !== 'settled' || n.item.id !== input.outboxId) return;
        if (n.outcome === 'sent') sendBack({ type: 'disease.queuedDone', result: n.answer as DiseaseResult });
        else if (n.outcome === 'refused') sendBack({ type: 'disease.queuedRefused', failure: n.error.serverMessage(input.lang) ?? null });
        else if (n.outcome === 'discarded') sendBack({ type: 'disease.queuedDiscarded' });
      }),
    ),
    openPast: fromPromise<DiseaseHistoryEntry, { id: string }>(({ input, signal }) => getDiseaseHistoryEntry(input.id, signal)),
  },
  guards: {
    isImage: ({ event }) => event.type === 'disease.fileChosen' && isImageFile(event.file),
    isRefusal: ({ event }) => isRefusal((event as { error?: unknown }).error),
    noAnswer: ({ event }) => noAnswer((event as { error?: unknown }).error),
    mayQueue: ({ context }) => !context.queueFailed,
  },
  actions: {
    noteFile: assign({ ...cleared, refused: ({ event }) => (event.type === 'disease.fileChosen' ? event.file.name : null) }),
    refuseFile: assign({
      refused: ({ event }) => (event.type === 'disease.fileChosen' ? event.file.name : null),
      refusedWhy: 'notImage' as const,
    }),
    forgetFile: assign(cleared),
    setCrop: assign({ crop: ({ event }) => (event.type === 'disease.cropChosen' ? event.crop : '') }),
    /** A new upload gets a new key; a retry of the same photo (disease.retry) keeps its key. */
    startUpload: assign({
      progress: null,
      failure: null,
      queueFailed: false,
      key: ({ context, event }) => (event.type === 'disease.retry' ? context.key : crypto.randomUUID()),
    }),
  },
}).createMachine({
  id: 'diseaseUpload',
  context: ({ input }) => ({ lang: serverLanguage(input.locale), crop: '', key: '', ...cleared }),
  initial: 'noFile',
  states: {
    // Another photo is chosen by clearing first ('choose another photo'), so the picker lives here only.
    noFile: {
      on: {
        'disease.fileChosen': [{ guard: 'isImage', target: 'preparing', actions: 'noteFile' }, { actions: 'refuseFile' }],
        'disease.cropChosen': { actions: 'setCrop' },
        'disease.openPast': OPEN_PAST,
      },
    },
    preparing: {
      tags: ['busy'],
      invoke: {
        id: 'prepare',
        // `refused` holds the chosen file's name while it is prepared, for the refusal below.
        input: ({ event }) => ({ file: (event as { file: File }).file }),
        src: 'prepare',
        onDone: { target: 'selected', actions: assign({ file: ({ event }) => event.output, refused: null }) },
        onError: { target: 'noFile', actions: assign({ refusedWhy: 'unreadable' as const }) },
      },
    },
    selected: {
      on: {
        'disease.analyse': { target: 'uploading', actions: 'startUpload' },
        ...WITH_PHOTO,
      },
    },
    uploading: {
      tags: ['busy'],
      on: {
        'disease.progress': { actions: assign({ progress: ({ event }) => ({ sent: event.sent, total: event.total }) }) },
      },
      invoke: {
        id: 'detect',
        src: 'detect',
        input: ({ context, self }) => ({
          file: context.file!,
          lang: context.lang,
          crop: context.crop,
          key: context.key,
          onProgress: (p: UploadProgress) => self.send({ type: 'disease.progress', ...p }),
        }),
        onDone: { target: 'result', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          { guard: 'noAnswer', target: 'queueing' },
          {
            guard: 'isRefusal',
            target: 'error',
            actions: assign({ failure: ({ context, event }) => (event.error as HttpError).serverMessage(context.lang) ?? null }),
          },
          { target: 'failed' },
        ],
      },
    },
    queueing: {
      tags: ['busy'],
      invoke: {
        id: 'queuePhoto',
        src: 'queuePhoto',
        input: ({ context }) => ({ file: context.file!, lang: context.lang, crop: context.crop, key: context.key, onProgress: () => {} }),
        onDone: { target: 'queued', actions: assign({ outboxId: ({ event }) => event.output.id }) },
        onError: { target: 'failed', actions: assign({ queueFailed: true }) },
      },
    },
    /** In the outbox: sent when the network returns; its answer lands here (and in the history). */
    queued: {
      invoke: { id: 'watchQueued', src: 'watchQueued', input: ({ context }) => ({ outboxId: context.outboxId!, lang: context.lang }) },
      on: {
        'disease.queuedDone': { target: 'result', actions: assign({ result: ({ event }) => event.result, outboxId: null }) },
        'disease.queuedRefused': { target: 'error', actions: assign({ failure: ({ event }) => event.failure, outboxId: null }) },
        // Given up from the outbox panel: nothing will be sent; the photo stays on screen to analyse again or change.
        'disease.queuedDiscarded': { target: 'selected', actions: assign({ outboxId: null }) },
        'disease.clear': { target: 'noFile', actions: 'forgetFile' },
        'disease.openPast': OPEN_PAST,
      },
    },
    result: { on: { 'disease.clear': { target: 'noFile', actions: 'forgetFile' }, 'disease.openPast': OPEN_PAST } },
    /** Refused by the server: the reason is shown; analysing again is allowed (e.g. after picking the crop). */
    error: {
      on: {
        'disease.analyse': { target: 'uploading', actions: 'startUpload' },
        ...WITH_PHOTO,
      },
    },
    /** The network or the server failed: the same photo can be sent again, now or by the outbox (same key). */
    failed: {
      on: {
        'disease.retry': { target: 'uploading', actions: 'startUpload' },
        'disease.sendLater': { guard: 'mayQueue', target: 'queueing' },
        ...WITH_PHOTO,
      },
    },
    openingPast: {
      tags: ['busy'],
      invoke: {
        id: 'openPast',
        src: 'openPast',
        input: ({ event }) => ({ id: (event as { id: string }).id }),
        onDone: {
          target: 'result',
          actions: assign({
            result: ({ event }) => event.output.result,
            past: ({ event }) => ({ _id: event.output._id, createdAt: event.output.createdAt, thumbnail: event.output.thumbnail }),
          }),
        },
        onError: { target: 'noFile', actions: assign({ pastFailed: true }) },
      },
    },
  },
});
