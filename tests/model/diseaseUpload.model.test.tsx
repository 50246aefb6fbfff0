/** Generated path tests (patterns.md R4): every path through the disease-upload statechart, driven on the real view. */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { DiseaseResult } from '../../server/src/contracts/disease';
import { diseaseUploadMachine } from '@/machines/diseaseUpload.machine';
import { DiseaseUploadContext } from '@/machines/diseaseUpload.context';
import { HttpError } from '@/services/http';
import { DiseaseDetector } from '@/views/tools/disease/DiseaseDetector';
import { deferred, eventKey, eventTypes, machineEventTypes, pathName, renderTool, serializeState } from './toolsHarness';

const LEAF = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'leaf.jpg', { type: 'image/jpeg' });
const PDF = new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' });
const RESULT: DiseaseResult = {
  diseaseId: 'soybean-rust', disease: 'Soybean rust', scientificName: 'Phakopsora pachyrhizi', pattern: 'rust',
  severity: 3, confidence: 82, treatment: ['Spray hexaconazole 1 ml per litre.'], prevention: ['Sow in late June.'],
  possibleDiseases: [], method: 'colour-analysis',
  measured: { leafAreaPercent: 40, affectedPercent: 14.2, lesionPercent: 10, chloroticPercent: 4, powderyPercent: 0 },
};

const EVENTS: AnyEventObject[] = [
  { type: 'disease.fileChosen', file: LEAF },
  { type: 'disease.fileChosen', file: PDF },
  { type: 'disease.cropChosen', crop: 'soybean' },
  { type: 'disease.analyse' },
  { type: 'disease.clear' },
  { type: 'xstate.done.actor.detect', output: RESULT },
  { type: 'xstate.error.actor.detect', error: new Error('503') },
  {
    type: 'xstate.error.actor.detect',
    error: new HttpError(400, 'badRequest', {
      statusCode: 400, code: 'IMAGE_TYPE', error: 'Please upload a photo in JPEG, PNG or WebP format.',
      message: { english: 'Please upload a photo in JPEG, PNG or WebP format.', marathi: 'कृपया JPEG, PNG किंवा WebP स्वरूपातील फोटो अपलोड करा.', hindi: 'कृपया JPEG, PNG या WebP प्रारूप में फ़ोटो अपलोड करें।' },
    }),
  },
];
const INPUT = { locale: 'en-IN' };

const TRAVERSAL = {
  input: INPUT,
  events: EVENTS as never,
  filterEvents: (s: { can: (e: never) => boolean }, e: unknown) => s.can(e as never),
  serializeState: serializeState as never,
  serializeEvent: eventKey as never,
};
const paths = getShortestPaths(diseaseUploadMachine, TRAVERSAL);

const ASSERT: Record<string, () => void> = {
  noFile: () => expect(screen.getByLabelText('Leaf photo')).toBeInTheDocument(),
  selected: () => {
    expect(screen.getByTestId('file-name')).toHaveTextContent('leaf.jpg');
    expect(screen.getByRole('button', { name: 'Analyse' })).toBeEnabled();
  },
  analysing: () => expect(screen.getByRole('button', { name: 'Analysing…' })).toBeDisabled(),
  result: () => {
    expect(screen.getByTestId('disease-name')).toHaveTextContent('Soybean rust');
    expect(screen.getByRole('img', { name: 'Severity 3 of 5' })).toBeInTheDocument();
    expect(screen.getByText('82 %')).toHaveAttribute('data-level', 'high');
    expect(screen.getByText('Spray hexaconazole 1 ml per litre.')).toBeInTheDocument();
    expect(screen.getByText('Sow in late June.')).toBeInTheDocument();
  },
  error: () => expect(screen.getByRole('alert')).toHaveTextContent('Analysis failed. Please try again.'),
};

describe('disease upload model', () => {
  it('covers every state and has an executor for every event', () => {
    expect(eventTypes(EVENTS)).toEqual(machineEventTypes(diseaseUploadMachine));
    const map = getAdjacencyMap(diseaseUploadMachine, TRAVERSAL);
    const states = new Set(Object.values(map).map((n) => String(n.state.value)));
    expect([...states].sort()).toEqual(Object.keys(ASSERT).sort());
  });

  it.each(paths.map((p) => [pathName(p.steps), p] as const))('%s', async (_name, path) => {
    let pending = deferred<DiseaseResult>();
    const sent: File[] = [];
    let chosenCrop = '';
    const logic = diseaseUploadMachine.provide({
      actors: {
        detect: fromPromise(async ({ input }: { input: { file: File; lang: 'marathi' | 'english' | 'hindi'; crop: string } }) => {
          sent.push(input.file);
          // The crop the farmer picked travels with the photo.
          expect(input.crop).toBe(chosenCrop);
          pending = deferred<DiseaseResult>();
          return pending.promise;
        }),
      },
    });
    renderTool(
      <DiseaseUploadContext.Provider logic={logic} options={{ input: INPUT }}>
        <DiseaseDetector />
      </DiseaseUploadContext.Provider>,
    );
    ASSERT.noFile();
    const exec: Record<string, (e: AnyEventObject) => unknown> = {
      'xstate.init': () => {},
      'disease.fileChosen': (e) => fireEvent.change(screen.getByLabelText('Leaf photo'), { target: { files: [e.file] } }),
      'disease.cropChosen': (e) => fireEvent.change(screen.getByLabelText('Crop (optional)'), { target: { value: e.crop } }),
      'disease.analyse': () => fireEvent.click(screen.getByRole('button', { name: 'Analyse' })),
      'disease.clear': () => fireEvent.click(screen.getByRole('button', { name: 'Choose another photo' })),
      'xstate.done.actor.detect': (e) => act(async () => pending.resolve(e.output)),
      'xstate.error.actor.detect': async (e) => {
        await act(async () => pending.reject(e.error));
        // A refusal from the server explains itself in the reader's language; a crash does not.
        const reason = e.error instanceof HttpError ? 'Please upload a photo in JPEG, PNG or WebP format.' : null;
        if (reason) expect(screen.getByRole('alert')).toHaveTextContent(reason);
        else expect(screen.getByRole('alert')).toHaveTextContent(/^.?Analysis failed\. Please try again\.$/);
      },
    };
    for (const step of path.steps) {
      const run = exec[step.event.type];
      if (!run) throw new Error(`no executor for ${step.event.type}`);
      await run(step.event);
      if (step.event.type === 'disease.cropChosen') chosenCrop = step.event.crop;
      ASSERT[String(step.state.value)]();
      if (step.event.type === 'disease.fileChosen' && step.event.file === PDF) {
        expect(screen.getByRole('alert')).toHaveTextContent('"report.pdf" is not a photo');
      }
    }
    // Only image files ever reach the server.
    expect(sent.every((f) => f.type.startsWith('image/'))).toBe(true);
  });
});
