/** Generated path tests (patterns.md R4): every path through the disease-upload statechart, driven on the real view. */
import { act, fireEvent, screen, waitFor as waitForScreen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import type { OutboxItem } from '@/services/outbox';
import type { DiseaseHistoryEntry, DiseaseHistoryPage, DiseaseResult } from '../../contracts/disease';
import { diseaseHistoryMachine } from '@/machines/diseaseHistory.machine';
import { DiseaseHistoryContext } from '@/machines/diseaseHistory.context';
import { diseaseUploadMachine, type UploadInput } from '@/machines/diseaseUpload.machine';
import { DiseaseUploadContext } from '@/machines/diseaseUpload.context';
import type { UploadProgress } from '@/services/disease';
import { HttpError } from '@/services/http';
import { NotAnImageError } from '@/services/image';
import { DiseaseDetector } from '@/views/tools/disease/DiseaseDetector';
import { DiseaseHistory } from '@/views/tools/disease/DiseaseHistory';
import { startApiServer } from '../support/apiServer';
import { deferred, describeModel, modelPaths, renderView } from '../support/modelHarness';

// The phone is offline in this walk: an upload that gets no answer then goes to the outbox (a dropped upload while
// online is 'failed' with Try again, tested in tests/e2e/diseasePhotos.e2e.ts).
// (Set when the file loads: the walk's paths are built from the machine then.)
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
afterAll(() => Reflect.deleteProperty(navigator, 'onLine'));

const LEAF = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'IMG_2041.png', { type: 'image/png' });
/** The photo as the browser resized it: what is shown and sent. */
const PREPARED = new File([new Uint8Array(200 * 1024)], 'IMG_2041.jpg', { type: 'image/jpeg' });
const PDF = new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' });
const RESULT: DiseaseResult = {
  diseaseId: 'soybean-rust', disease: 'Soybean rust', scientificName: 'Phakopsora pachyrhizi', pattern: 'rust',
  severity: 3, confidence: 82, treatment: ['Spray hexaconazole 1 ml per litre.'], prevention: ['Sow in late June.'],
  possibleDiseases: [], method: 'colour-analysis',
  measured: { leafAreaPercent: 40, affectedPercent: 14.2, lesionPercent: 10, chloroticPercent: 4, powderyPercent: 0 },
};

const PAST: DiseaseHistoryEntry = {
  _id: '00000000-0000-4000-8000-0000000000aa', createdAt: '2026-11-02T05:30:00.000Z', thumbnail: 'data:image/webp;base64,UklGRg==',
  result: { ...RESULT, diseaseId: 'grape-powdery-mildew', disease: 'Grape powdery mildew' },
};
const HISTORY: DiseaseHistoryPage = {
  items: [{ _id: PAST._id, createdAt: PAST.createdAt, diseaseId: 'grape-powdery-mildew', severity: 3, thumbnail: PAST.thumbnail,
    name: { english: 'Grape powdery mildew', marathi: 'द्राक्षावरील भुरी', hindi: 'अंगूर का चूर्णिल आसिता' } }],
  pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
};

const EVENTS: AnyEventObject[] = [
  { type: 'disease.fileChosen', file: LEAF },
  { type: 'xstate.done.actor.prepare', output: PREPARED },
  { type: 'xstate.error.actor.prepare', error: new NotAnImageError() },
  { type: 'disease.progress', sent: 51_200, total: 204_800 },
  { type: 'disease.progress', sent: 204_800, total: 204_800 },
  { type: 'disease.retry' },
  { type: 'disease.sendLater' },
  { type: 'disease.openPast', id: PAST._id },
  { type: 'xstate.done.actor.openPast', output: PAST },
  { type: 'xstate.error.actor.openPast', error: new HttpError(404, 'notFound') },
  { type: 'disease.fileChosen', file: PDF },
  { type: 'disease.cropChosen', crop: 'soybean' },
  { type: 'disease.analyse' },
  { type: 'disease.clear' },
  { type: 'xstate.done.actor.detect', output: RESULT },
  { type: 'xstate.error.actor.detect', error: new Error('503') },
  // No answer at all (offline, issue 17): the photo goes to the outbox with the key of its first try.
  { type: 'xstate.error.actor.detect', error: new HttpError(0, 'network') },
  // No answer within the upload's time limit ("lie-fi" online too): the outbox, with the same key.
  { type: 'xstate.error.actor.detect', error: new HttpError(0, 'timeout') },
  { type: 'xstate.done.actor.queuePhoto', output: { id: 'q-leaf' } },
  { type: 'xstate.error.actor.queuePhoto', error: new Error('quota') },
  { type: 'disease.queuedDone', result: RESULT },
  { type: 'disease.queuedRefused', failure: 'That is not a leaf.' },
  // Given up from the outbox panel: the photo stays, ready to analyse again.
  { type: 'disease.queuedDiscarded' },
  {
    type: 'xstate.error.actor.detect',
    error: new HttpError(400, 'badRequest', {
      statusCode: 400, code: 'IMAGE_TYPE', error: 'Please upload a photo in JPEG, PNG or WebP format.',
      message: { english: 'Please upload a photo in JPEG, PNG or WebP format.', marathi: 'कृपया JPEG, PNG किंवा WebP स्वरूपातील फोटो अपलोड करा.', hindi: 'कृपया JPEG, PNG या WebP प्रारूप में फ़ोटो अपलोड करें।' },
    }),
  },
];
const INPUT = { locale: 'en-IN' };

const paths = modelPaths(diseaseUploadMachine, { input: INPUT, events: EVENTS });

const ASSERT: Record<string, () => void> = {
  noFile: () => expect(screen.getByLabelText('Leaf photo')).toBeInTheDocument(),
  preparing: () => {
    expect(screen.getByText('Preparing the photo…')).toBeInTheDocument();
    expect(screen.queryByLabelText('Leaf photo')).toBeNull();
  },
  selected: () => {
    // The resized photo, not the original, is what the farmer sees and sends.
    expect(screen.getByTestId('file-name')).toHaveTextContent('IMG_2041.jpg');
    expect(screen.getByTestId('file-size')).toHaveTextContent('Photo to send: 200 KB');
    expect(screen.getByRole('button', { name: 'Analyse' })).toBeEnabled();
  },
  uploading: () => {
    expect(screen.getByRole('button', { name: 'Analysing…' })).toBeDisabled();
    expect(screen.getByLabelText('Sending the photo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Grape powdery mildew/ })).toBeDisabled();
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent('The photo could not be sent: the network is slow or down. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    // 'Send later' puts it in the outbox, unless the outbox just failed to keep it.
    expect(screen.queryByRole('button', { name: 'Send by itself later' }) !== null).toBe(!lastQueueFailed);
  },
  queueing: () => expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeDisabled(),
  queued: () => {
    expect(screen.getByTestId('disease-queued')).toHaveTextContent(
      'The photo is kept on this phone and will be sent by itself when the network works; its result will show here and in the history.',
    );
    expect(screen.queryByRole('button', { name: 'Analyse' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeEnabled();
  },
  openingPast: () => expect(screen.getByRole('button', { name: /Grape powdery mildew/ })).toBeDisabled(),
  result: () => {
    expect(screen.getByTestId('disease-name')).toHaveTextContent(shownPast ? 'Grape powdery mildew' : 'Soybean rust');
    expect(screen.getByRole('img', { name: 'Severity 3 of 5' })).toBeInTheDocument();
    expect(screen.getByText('82 %')).toHaveAttribute('data-level', 'high');
    expect(screen.getByText('Spray hexaconazole 1 ml per litre.')).toBeInTheDocument();
    expect(screen.getByText('Sow in late June.')).toBeInTheDocument();
  },
  error: () => expect(screen.getByRole('alert')).toHaveTextContent('Analysis failed. Please try again.'),
};
/** Whether the result on show is the past diagnosis opened from the history (set by the executors). */
let shownPast = false;
/** Whether the outbox's last try to keep the photo failed (set by the executors; a new upload or photo resets it). */
let lastQueueFailed = false;

describeModel('disease upload model', {
  paths,
  events: EVENTS,
  machine: diseaseUploadMachine,
  states: Object.keys(ASSERT),
  render: async () => {
    let pending = deferred<DiseaseResult>();
    let preparing = deferred<File>();
    let opening = deferred<DiseaseHistoryEntry>();
    let queueing = deferred<{ id: string }>();
    let settle: ((e: AnyEventObject) => void) | null = null;
    const keys: string[] = [];
    const queuedKeys: string[] = [];
    let onProgress: (p: UploadProgress) => void = () => {};
    const sent: File[] = [];
    const prepared: File[] = [];
    let chosenCrop = '';
    shownPast = false;
    lastQueueFailed = false;
    const logic = diseaseUploadMachine.provide({
      actors: {
        prepare: fromPromise(async ({ input }: { input: { file: File } }) => {
          prepared.push(input.file);
          preparing = deferred<File>();
          return preparing.promise;
        }),
        detect: fromPromise(async ({ input }: { input: UploadInput }) => {
          sent.push(input.file);
          onProgress = input.onProgress;
          // The crop the farmer picked travels with the photo.
          expect(input.crop).toBe(chosenCrop);
          keys.push(input.key);
          pending = deferred<DiseaseResult>();
          return pending.promise;
        }),
        queuePhoto: fromPromise(async ({ input }: { input: UploadInput }) => {
          expect(input.file).toBe(PREPARED);
          queuedKeys.push(input.key);
          queueing = deferred<{ id: string }>();
          return queueing.promise as Promise<OutboxItem>;
        }),
        watchQueued: fromCallback(({ sendBack, input }: { sendBack: (e: AnyEventObject) => void; input: { outboxId: string; lang: 'marathi' | 'english' | 'hindi' } }) => {
          expect(input.outboxId).toBe('q-leaf');
          settle = sendBack;
        }),
        openPast: fromPromise(async ({ input }: { input: { id: string } }) => {
          expect(input.id).toBe(PAST._id);
          opening = deferred<DiseaseHistoryEntry>();
          return opening.promise;
        }),
      },
    });
    const history = diseaseHistoryMachine.provide({ actors: { loadPage: fromPromise(async () => HISTORY) } });
    renderView(<DiseaseUploadContext.Provider logic={logic} options={{ input: INPUT }}>
        <DiseaseDetector />
        <DiseaseHistoryContext.Provider logic={history}>
          <DiseaseHistory />
        </DiseaseHistoryContext.Provider>
      </DiseaseUploadContext.Provider>);
    ASSERT.noFile();
    await screen.findByRole('button', { name: /Grape powdery mildew/ });
    const exec: Record<string, (e: AnyEventObject) => unknown> = {
      'xstate.init': () => {},
      'disease.fileChosen': (e) => fireEvent.change(screen.getByLabelText('Leaf photo'), { target: { files: [e.file] } }),
      'disease.cropChosen': (e) => fireEvent.change(screen.getByLabelText('Crop (optional)'), { target: { value: e.crop } }),
      'disease.analyse': () => fireEvent.click(screen.getByRole('button', { name: 'Analyse' })),
      'disease.clear': () => {
        fireEvent.click(screen.getByRole('button', { name: shownPast ? 'Check a new photo' : 'Choose another photo' }));
        shownPast = false;
      },
      'disease.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
      'disease.sendLater': () => fireEvent.click(screen.getByRole('button', { name: 'Send by itself later' })),
      'disease.progress': async (e) => {
        await act(async () => onProgress({ sent: e.sent, total: e.total }));
        const shown = screen.getByTestId('upload-progress');
        if (e.sent < e.total) expect(shown).toHaveTextContent('Sending the photo… 25 % (50 of 200 KB)');
        else expect(shown).toHaveTextContent('Analysing…');
        expect(screen.getByLabelText('Sending the photo')).toHaveAttribute('value', e.sent < e.total ? '25' : '100');
      },
      'disease.openPast': () => fireEvent.click(screen.getByRole('button', { name: /Grape powdery mildew/ })),
      'xstate.done.actor.openPast': async (e) => {
        shownPast = true;
        await act(async () => opening.resolve(e.output));
        expect(screen.getByTestId('past-date')).toHaveTextContent('Diagnosis of 2 Nov 2026');
      },
      'xstate.error.actor.openPast': async (e) => {
        await act(async () => opening.reject(e.error));
        expect(screen.getByRole('alert')).toHaveTextContent('That past diagnosis could not be opened. Please try again.');
      },
      'xstate.done.actor.prepare': (e) => act(async () => preparing.resolve(e.output)),
      'xstate.error.actor.prepare': async (e) => {
        await act(async () => preparing.reject(e.error));
        expect(screen.getByRole('alert')).toHaveTextContent('"IMG_2041.png" could not be opened as a photo. Please take or choose another photo.');
      },
      'xstate.done.actor.detect': (e) => act(async () => pending.resolve(e.output)),
      'xstate.done.actor.queuePhoto': (e) => act(async () => queueing.resolve(e.output)),
      'xstate.error.actor.queuePhoto': async (e) => {
        lastQueueFailed = true;
        await act(async () => queueing.reject(e.error));
      },
      'disease.queuedDone': (e) => act(async () => settle!(e)),
      'disease.queuedDiscarded': (e) => act(async () => settle!(e)),
      'disease.queuedRefused': async (e) => {
        await act(async () => settle!(e));
        expect(screen.getByRole('alert')).toHaveTextContent('That is not a leaf.');
      },
      'xstate.error.actor.detect': async (e) => {
        await act(async () => pending.reject(e.error));
        // A refusal from the server explains itself in the reader's language (no retry: the same photo would fail
        // again); a network failure or a crash offers a retry of the same photo.
        if (e.error instanceof HttpError && e.error.status === 0) {
          // Queued with the key its first try carried: a replay of a try that did arrive changes nothing.
          expect(queuedKeys.at(-1)).toBe(keys.at(-1));
        } else if (e.error instanceof HttpError) {
          expect(screen.getByRole('alert')).toHaveTextContent('Please upload a photo in JPEG, PNG or WebP format.');
          expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
        } else expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      },
    };
    for (const type of ['disease.analyse', 'disease.retry', 'disease.clear', 'disease.fileChosen', 'disease.openPast']) {
      const run = exec[type];
      exec[type] = (e) => {
        lastQueueFailed = false;
        return run(e);
      };
    }
    return {
      exec,
      check: (step) => {
        if (step.event.type === 'disease.cropChosen') chosenCrop = step.event.crop;
        // A photo sent later goes with the key of its last try.
        if (step.event.type === 'disease.sendLater') expect(queuedKeys.at(-1)).toBe(keys.at(-1));
        ASSERT[String(step.state.value)]();
        if (step.event.type === 'disease.fileChosen' && step.event.file === PDF) {
          expect(screen.getByRole('alert')).toHaveTextContent('"report.pdf" is not a photo');
        }
      },
      // Only image files are prepared, and only the prepared photo ever reaches the server.
      done: () => {
        expect(prepared.every((f) => f === LEAF)).toBe(true);
        expect(sent.every((f) => f === PREPARED)).toBe(true);
      },
    };
  },
});

describe('an upload without an answer while the phone says online ("lie-fi")', () => {
  const runTo = async (error: HttpError) => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    try {
      const actor = createActor(
        diseaseUploadMachine.provide({
          actors: {
            prepare: fromPromise(async () => PREPARED),
            detect: fromPromise(async () => Promise.reject(error)),
            queuePhoto: fromPromise(async () => ({ id: 'q-leaf' }) as OutboxItem),
            watchQueued: fromCallback(() => () => {}),
          },
        }),
        { input: INPUT },
      ).start();
      actor.send({ type: 'disease.fileChosen', file: LEAF });
      await waitFor(actor, (s) => s.matches('selected'));
      actor.send({ type: 'disease.analyse' });
      return await waitFor(actor, (s) => s.matches('failed') || s.matches('queued'));
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    }
  };

  it('a dropped upload stays failed (Try again at once, or send later); one that ran out of time goes to the outbox', async () => {
    const dropped = await runTo(new HttpError(0, 'network'));
    expect(dropped.value).toBe('failed');
    expect(dropped.can({ type: 'disease.sendLater' })).toBe(true);
    expect((await runTo(new HttpError(0, 'timeout'))).value).toBe('queued');
  });
});

describe('disease upload against the API', () => {
  it('opens a past result through its own call (GET /disease/history/:id) and shows it', async () => {
    const api = await startApiServer(({ path }) => (path === `/api/v1/disease/history/${PAST._id}` ? { status: 200, body: PAST } : { status: 404 }));
    try {
      // The photo upload goes through XMLHttpRequest (for its progress), which this API server stand-in does not serve:
      // the walk above checks what it is given; here only the past result is read for real.
      const history = diseaseHistoryMachine.provide({ actors: { loadPage: fromPromise(async () => HISTORY) } });
      renderView(<DiseaseUploadContext.Provider logic={diseaseUploadMachine} options={{ input: INPUT }}>
          <DiseaseDetector />
          <DiseaseHistoryContext.Provider logic={history}>
            <DiseaseHistory />
          </DiseaseHistoryContext.Provider>
        </DiseaseUploadContext.Provider>);
      fireEvent.click(await screen.findByRole('button', { name: /Grape powdery mildew/ }));
      await waitForScreen(() => expect(screen.getByTestId('disease-name')).toHaveTextContent('Grape powdery mildew'));
      expect(api.calls(`/disease/history/${PAST._id}`).map((r) => r.method)).toEqual(['GET']);
    } finally {
      await api.close();
    }
  });
});
