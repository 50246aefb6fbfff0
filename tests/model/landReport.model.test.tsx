/**
 * Generated path tests over the land report statechart (form, generate, download), driven on the real screen. Each
 * report generated is kept on the phone for the offline screen (landFields.model.test.tsx shows it).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { LAND_REPORT_KEY, landPdfKey, landReportKey, landReportMachine, PDF_NAME } from '@/machines/landReport.machine';
import type { LandReport, LandReportRequest } from '@/services/land';
import { REPORT } from './fixtures/landReport';
import { renderLandReport } from './landReport.support';
import { deferred, describeModel, leafValues, modelPaths, serializeWith } from '../support/modelHarness';

/** What the machine keeps on the phone, as the store would hold it (its own rule of what to keep runs as written). */
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/machines/offline', async (actual) => ({
  ...(await actual<typeof import('@/machines/offline')>()),
  keep: (what: string, value: unknown) => void kept.set(what, value),
}));

const PDF = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
const LABEL = { ph: 'pH (6.0 – 8.0 is usual)', nitrogen: 'Nitrogen N (kg/ha)', phosphorus: 'Phosphorus P (kg/ha)', potassium: 'Potassium K (kg/ha)' } as const;
const EVENTS: AnyEventObject[] = [
  { type: 'report.edit', field: 'ph', value: '7.2' },
  { type: 'report.edit', field: 'nitrogen', value: '300' },
  { type: 'report.edit', field: 'phosphorus', value: '12' },
  { type: 'report.edit', field: 'potassium', value: '180' },
  { type: 'report.generate', ndvi: [], ndviEstimated: false },
  { type: 'report.download' },
  { type: 'report.languageChanged', locale: 'hi-IN' },
  { type: 'xstate.done.actor.generate', output: { success: true, report: REPORT } },
  { type: 'xstate.done.actor.generate', output: { success: false, report: REPORT } },
  { type: 'xstate.error.actor.generate', error: new Error('400') },
  { type: 'xstate.done.actor.download', output: PDF },
  { type: 'xstate.error.actor.download', error: new Error('503') },
];
const filled = (c: { form: Record<string, string> }) => ['ph', 'nitrogen', 'phosphorus', 'potassium'].filter((k) => c.form[k] !== '').length;
const paths = modelPaths(landReportMachine, { input: { locale: 'en-IN' }, events: EVENTS, serializeState: serializeWith(filled) });

const button = (name: string) => screen.getByRole('button', { name });
const ASSERT: Record<string, () => void> = {
  editing: () => {
    expect(button('Generate report')).toBeEnabled();
    expect(button('Download report')).toBeDisabled();
    expect(screen.queryByTestId('soil-score')).toBeNull();
  },
  generating: () => expect(button('Generating…')).toBeDisabled(),
  'report.idle': () => {
    expect(screen.getByTestId('soil-score')).toHaveAttribute('data-level', 'moderate');
    expect(screen.getByTestId('soil-score')).toHaveTextContent('72');
    expect(screen.getByRole('cell', { name: /Tur \(pigeon pea\)/ })).toBeInTheDocument();
    expect(screen.getByText('Marathwada')).toBeInTheDocument();
    expect(button('Download report')).toBeEnabled();
  },
  'report.downloading': () => expect(button('Downloading…')).toBeDisabled(),
};

describeModel('land report model', {
  paths,
  events: EVENTS,
  machine: landReportMachine,
  states: Object.keys(ASSERT),
  render: () => {
    const pending = { generate: deferred<{ success: boolean; report: LandReport }>(), download: deferred<Blob>() };
    const requests: LandReportRequest[] = [];
    const saveFile = vi.fn();
    kept.clear();
    const logic = landReportMachine.provide({
      actors: {
        generate: fromPromise(({ input }: { input: LandReportRequest }) => (requests.push(input), (pending.generate = deferred()).promise)),
        download: fromPromise(() => (pending.download = deferred<Blob>()).promise),
      },
      actions: { saveFile: (_, p) => saveFile(p), logError: () => {} },
    });
    const { rerenderIn } = renderLandReport({ land: logic, fieldId: 'f1' });
    let expectedLanguage = 'english';
    const exec: Record<string, (e: AnyEventObject) => unknown> = {
      'xstate.init': () => {},
      'report.edit': (e) => fireEvent.change(screen.getByLabelText(LABEL[e.field as keyof typeof LABEL]), { target: { value: e.value } }),
      'report.generate': () => {
        const wasMissing = filled({ form: Object.fromEntries(Object.entries(LABEL).map(([k, l]) => [k, (screen.getByLabelText(l) as HTMLInputElement).value])) }) < 4;
        fireEvent.click(button('Generate report'));
        if (wasMissing) expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all the basic information');
        // The report is asked for in the language on screen when the button is pressed.
        else expect(requests.at(-1)).toMatchObject({ ph: 7.2, nitrogen: 300, phosphorus: 12, potassium: 180, language: expectedLanguage, ndvi: [] });
      },
      'report.download': () => fireEvent.click(button('Download report')),
      'report.languageChanged': (e) => rerenderIn(e.locale),
      'xstate.done.actor.generate': async (e) => {
        const before = kept.get(LAND_REPORT_KEY);
        await act(async () => pending.generate.resolve(e.output));
        if (!e.output.success) expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while preparing the report');
        // The report shown is the one kept (the last one, with its field, and the field's own); a refused one keeps nothing new.
        expect(kept.get(LAND_REPORT_KEY)).toEqual(e.output.success ? { fieldId: 'f1', report: REPORT } : before);
        if (e.output.success) expect(kept.get(landReportKey('f1'))).toEqual(REPORT);
      },
      'xstate.error.actor.generate': async (e) => {
        const before = kept.get(LAND_REPORT_KEY);
        await act(async () => pending.generate.reject(e.error));
        expect(kept.get(LAND_REPORT_KEY)).toEqual(before);
        expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while preparing the report');
      },
      'xstate.done.actor.download': async (e) => {
        await act(async () => pending.download.resolve(e.output));
        expect(saveFile).toHaveBeenLastCalledWith({ blob: PDF, name: PDF_NAME });
        // The PDF downloaded is the field's last, for the offline screen.
        expect(kept.get(landPdfKey('f1'))).toBe(PDF);
      },
      'xstate.error.actor.download': async (e) => {
        const before = kept.get(landPdfKey('f1'));
        await act(async () => pending.download.reject(e.error));
        expect(kept.get(landPdfKey('f1'))).toBe(before);
      },
    };
    return {
      exec,
      check: (step) => {
        if (step.event.type === 'report.languageChanged') expectedLanguage = 'hindi';
        for (const leaf of leafValues(step.state.value)) ASSERT[leaf]();
      },
    };
  },
});
