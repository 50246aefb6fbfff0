/**
 * Generated path tests for the readings export in Field Details: choose a range, download with a progress bar,
 * cancel, the file handed to the browser, and the server's translated refusal shown — every shortest path through
 * readingsExport.machine, driven on the real view.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, type AnyEventObject } from 'xstate';
import { readingsExportMachine } from '@/machines/readingsExport.machine';
import { HttpError } from '@/services/http';
import { ReadingsExport } from '@/views/fields/ReadingsExport';
import { startApiServer } from '../support/apiServer';
import { describeModel, leafValues, modelPaths, renderView } from '../support/modelHarness';

const INPUT = { fieldId: 'f1', today: '2026-11-26' };
const REFUSED = new HttpError(400, 'badRequest', {
  statusCode: 400,
  code: 'EXPORT_RANGE_TOO_LONG',
  error: 'The export range is too long. Choose a shorter period.',
  message: { english: 'The export range is too long. Choose a shorter period.', marathi: 'निर्यातीचा कालावधी खूप मोठा आहे. कमी कालावधी निवडा.', hindi: 'निर्यात की अवधि बहुत लंबी है। छोटी अवधि चुनें।' },
});
const EVENTS: AnyEventObject[] = [
  { type: 'export.range', from: '2026-10-01', to: '2026-11-27' },
  { type: 'export.start' },
  { type: 'export.cancel' },
  { type: 'export.progress', share: 0.42 },
  { type: 'export.done', blob: new Blob(['timestamp\n']), filename: 'FLD1-readings.csv' },
  { type: 'export.failed', error: REFUSED },
];
const paths = modelPaths(readingsExportMachine, { events: EVENTS, input: INPUT });

const drive = {
  sendBack: null as ((e: AnyEventObject) => void) | null,
  runs: [] as Array<{ fieldId: string; from: string; to: string }>,
  aborted: 0,
  saved: [] as string[],
};
let expectedFrom = '2026-10-28';
let expectedProgress = 0;

const ASSERT: Record<string, () => void> = {
  idle: () => {
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByLabelText('From')).toBeEnabled();
  },
  downloading: () => {
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', String(expectedProgress));
    expect(screen.getByText(`Downloading: ${expectedProgress}%`)).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toBeDisabled();
    // The download asked for the range on screen.
    expect(drive.runs.at(-1)).toEqual({ fieldId: 'f1', from: expectedFrom, to: '2026-11-27' });
  },
  done: () => {
    expect(screen.getByText('Downloaded.')).toBeInTheDocument();
    expect(drive.saved.at(-1)).toBe('FLD1-readings.csv');
  },
  failed: () => expect(screen.getByRole('alert')).toHaveTextContent('The export range is too long. Choose a shorter period.'),
};

describeModel('readings export model', {
  paths,
  events: EVENTS,
  states: Object.keys(ASSERT),
  render: () => {
    drive.runs = [];
    drive.saved = [];
    drive.aborted = 0;
    expectedFrom = '2026-10-28';
    expectedProgress = 0;
    // The view hands the file to the browser through an object URL and a clicked link.
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      drive.saved.push(this.download);
    });
    const logic = readingsExportMachine.provide({
      actors: {
        download: fromCallback(({ input, sendBack }) => {
          drive.runs.push(input as { fieldId: string; from: string; to: string });
          drive.sendBack = sendBack as (e: AnyEventObject) => void;
          return () => {
            drive.aborted++;
            drive.sendBack = null;
          };
        }),
      },
    });
    renderView(<ReadingsExport fieldId={INPUT.fieldId} today={INPUT.today} logic={logic} />, { session: 'farmer', intlLocale: 'en' });
    return {
      exec: {
        'xstate.init': () => {},
        'export.range': (e: AnyEventObject) => {
          fireEvent.change(screen.getByLabelText('From'), { target: { value: e.from } });
          expectedFrom = e.from;
        },
        'export.start': () => {
          expectedProgress = 0;
          fireEvent.click(screen.getByRole('button', { name: 'Download' }));
        },
        'export.cancel': () => {
          const before = drive.aborted;
          fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
          // Cancelling stops the download itself, not only the bar.
          expect(drive.aborted).toBe(before + 1);
        },
        'export.progress': (e: AnyEventObject) => {
          act(() => drive.sendBack!(e));
          expectedProgress = Math.floor(e.share * 100);
        },
        'export.done': (e: AnyEventObject) => act(() => drive.sendBack!(e)),
        'export.failed': (e: AnyEventObject) => act(() => drive.sendBack!(e)),
      },
      check: (step) => {
        for (const leaf of leafValues(step.state.value)) ASSERT[leaf]();
      },
    };
  },
});

// The shortest paths reach each state once, so they never leave 'done' or 'failed', nor start a download after
// changing the range: these scenarios say what must happen then.
describe('readings export, fixed scenarios', () => {
  const start = () => {
    const runs: Array<{ from: string; to: string }> = [];
    let sendBack: (e: AnyEventObject) => void = () => {};
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const logic = readingsExportMachine.provide({
      actors: {
        download: fromCallback(({ input, sendBack: back }) => {
          const { from, to } = input as { from: string; to: string };
          runs.push({ from, to });
          sendBack = back as (e: AnyEventObject) => void;
          return () => {};
        }),
      },
    });
    renderView(<ReadingsExport fieldId={INPUT.fieldId} today={INPUT.today} logic={logic} />, { session: 'farmer', intlLocale: 'en' });
    return { runs, saved, answer: (e: AnyEventObject) => act(() => sendBack(e)) };
  };
  const download = () => fireEvent.click(screen.getByRole('button', { name: 'Download' }));
  const setFrom = (from: string) => fireEvent.change(screen.getByLabelText('From'), { target: { value: from } });
  const setTo = (to: string) => fireEvent.change(screen.getByLabelText('Until (not included)'), { target: { value: to } });

  it('downloads the range chosen before Download, and a new range after a download or a refusal', () => {
    const { runs, saved, answer } = start();
    setFrom('2026-10-01');
    setTo('2026-11-20');
    download();
    expect(runs).toEqual([{ from: '2026-10-01', to: '2026-11-20' }]);
    answer({ type: 'export.progress', share: 0.5 });
    answer(EVENTS[4]);
    expect(screen.getByText('Downloaded.')).toBeInTheDocument();
    expect(saved).toEqual(['FLD1-readings.csv']);
    // After a download the range can change again, and that is a new export (the note goes).
    setFrom('2026-11-01');
    expect(screen.queryByText('Downloaded.')).toBeNull();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    download();
    expect(runs.at(-1)).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    // A new download starts from 0 %.
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '0');
    answer({ type: 'export.failed', error: REFUSED });
    expect(screen.getByRole('alert')).toHaveTextContent('The export range is too long. Choose a shorter period.');
    // Download again after a refusal tries again; a new range after it clears the refusal.
    download();
    expect(runs).toHaveLength(3);
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '0');
    answer({ type: 'export.failed', error: REFUSED });
    setTo('2026-11-10');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Until (not included)')).toHaveValue('2026-11-10');
    download();
    expect(runs.at(-1)).toEqual({ from: '2026-11-01', to: '2026-11-10' });
  });

  it('Cancel goes back to Download with the bar gone, and the next download starts from 0 %', () => {
    const { answer } = start();
    download();
    answer({ type: 'export.progress', share: 0.42 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    download();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '0');
  });
});

describe('readings export sent for real', () => {
  it('asks /fields/:id/readings/export for the range, then hands the file over; a refusal is shown (the machine’s own download)', async () => {
    let refuse = false;
    const api = await startApiServer(({ path }) =>
      path !== '/api/v1/fields/f1/readings/export' ? { status: 404 } : refuse ? { status: 400, body: REFUSED.body } : { status: 200, body: 'x' },
    );
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderView(<ReadingsExport fieldId="f1" today={INPUT.today} />, { session: 'farmer', intlLocale: 'en' });
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByText('Downloaded.')).toBeInTheDocument();
      expect(saved).toEqual(['readings.csv']);
      expect(api.calls('/fields/f1/readings/export').map((r) => r.query)).toEqual([{ from: '2026-10-28', to: '2026-11-27' }]);
      refuse = true;
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The export range is too long. Choose a shorter period.');
    } finally {
      await api.close();
    }
  });
  it('shows how far the rows sent so far reach, and Cancel stops the request itself (the machine’s own download, a slow answer)', async () => {
    // A download that sends the header and the rows up to 12 November, then waits: half of 28 October – 27 November.
    let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
    const signals: AbortSignal[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (!String(url).includes('/fields/f1/readings/export')) return Promise.resolve(new Response('{}', { status: 404 }));
      signals.push(init!.signal!);
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (stream = c) });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    try {
      renderView(<ReadingsExport fieldId="f1" today={INPUT.today} />, { session: 'farmer', intlLocale: 'en' });
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
      await vi.waitFor(() => expect(stream).not.toBeNull());
      act(() => stream!.enqueue(new TextEncoder().encode('timestamp,moisture\n2026-11-12T00:00:00.000Z,31\n')));
      expect(await screen.findByText('Downloading: 50%')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('value', '50');
      expect(signals).toHaveLength(1);
      expect(signals[0].aborted).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(signals[0].aborted).toBe(true);
      expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
