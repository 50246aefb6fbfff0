/**
 * The CSV export of one field's readings (field details): choose a range, download it with a progress bar, cancel,
 * and see the server's reason when it refuses (reversed or too long a range, a field out of reach).
 */
import { assign, fromCallback, setup } from 'xstate';
import { downloadReadings } from '@/services/sensors';

export type ExportInput = { fieldId: string; from: string; to: string };
type DownloadEvent = { type: 'export.progress'; share: number } | { type: 'export.done'; blob: Blob; filename: string } | { type: 'export.failed'; error: unknown };

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

export const readingsExportMachine = setup({
  types: {
    input: {} as { fieldId: string; today?: string },
    context: {} as { fieldId: string; from: string; to: string; progress: number; error: unknown },
    events: {} as { type: 'export.range'; from: string; to: string } | { type: 'export.start' } | { type: 'export.cancel' } | DownloadEvent,
  },
  actors: {
    download: fromCallback<DownloadEvent, ExportInput>(({ input, sendBack }) => {
      const abort = new AbortController();
      downloadReadings(input.fieldId, { from: input.from, to: input.to }, (share) => sendBack({ type: 'export.progress', share }), abort.signal).then(
        ({ blob, filename }) => sendBack({ type: 'export.done', blob, filename }),
        (error: unknown) => abort.signal.aborted || sendBack({ type: 'export.failed', error }),
      );
      return () => abort.abort();
    }),
  },
  actions: {
    /** Provided by the view: hands the file to the browser. */
    save: (_, _file: { blob: Blob; filename: string }) => {},
    setRange: assign(({ event }) => (event.type === 'export.range' ? { from: event.from, to: event.to } : {})),
  },
}).createMachine({
  id: 'readingsExport',
  // The last 30 days by default (to = tomorrow, exclusive, so today is included).
  context: ({ input }) => {
    const today = Date.parse(`${input.today ?? dayOf(Date.now())}T00:00:00Z`);
    return { fieldId: input.fieldId, from: dayOf(today - 29 * 86_400_000), to: dayOf(today + 86_400_000), progress: 0, error: null };
  },
  initial: 'idle',
  states: {
    // The range can change whenever no download runs.
    idle: { on: { 'export.start': 'downloading', 'export.range': { actions: 'setRange' } } },
    downloading: {
      entry: assign({ progress: 0, error: null }),
      invoke: { src: 'download', input: ({ context }) => ({ fieldId: context.fieldId, from: context.from, to: context.to }) },
      on: {
        'export.progress': { actions: assign({ progress: ({ event }) => event.share }) },
        'export.done': { target: 'done', actions: [assign({ progress: 1 }), { type: 'save', params: ({ event }) => ({ blob: event.blob, filename: event.filename }) }] },
        'export.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.error, progress: 0 }) },
        'export.cancel': { target: 'idle', actions: assign({ progress: 0 }) },
      },
    },
    done: { on: { 'export.start': 'downloading', 'export.range': { target: 'idle', actions: 'setRange' } } },
    failed: { on: { 'export.start': 'downloading', 'export.range': { target: 'idle', actions: 'setRange' } } },
  },
});
