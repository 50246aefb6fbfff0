/**
 * Generated path tests over the land report statechart (form, generate, download), driven on the real screen. Each
 * report generated is kept on the phone for the offline screen (landFields.model.test.tsx shows it). A download that
 * fails on the way (no answer, or the server's 5xx) offers the field's kept PDF with its date, when the phone has one;
 * a refused one (4xx), or one with no copy kept, says the PDF did not download.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { HttpError } from '@/shared/httpError';
import type { Cached } from '@/machines/offline';
import { LAND_REPORT_KEY, landPdfKey, landReportKey, landReportMachine, PDF_NAME } from '@/machines/landReport.machine';
import type { LandReport, LandReportRequest } from '@/services/land';
import { REPORT } from './fixtures/landReport';
import { renderLandReport } from './landReport.support';
import { get, getLabelled } from '../support/dom';
import { deferred, describeModel, eventKey, leafValues, modelPaths, serializeWith, stateKey } from '../support/modelHarness';

/** What the machine keeps on the phone, as the store would hold it (its own rule of what to keep runs as written). */
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/machines/offline', async (actual) => ({
  ...(await actual<typeof import('@/machines/offline')>()),
  keep: (what: string, value: unknown) => void kept.set(what, value),
}));

const PDF = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
/** The field's PDF the phone kept from an earlier download, 26 hours ago (its date is shown with the day). */
const KEPT_PDF: Cached<Blob> = { value: new Blob(['%PDF-1.7 kept'], { type: 'application/pdf' }), savedAt: new Date(Date.now() - 26 * 3600_000).toISOString() };
const lost = (error: unknown) => error instanceof HttpError && (error.status === 0 || error.status >= 500);
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
  { type: 'xstate.error.actor.download', error: new HttpError(0, 'timeout') },
  { type: 'xstate.error.actor.download', error: new HttpError(503, 'unavailable') },
  { type: 'xstate.error.actor.download', error: new HttpError(429, 'tooMany') },
  { type: 'xstate.done.actor.recallPdf', output: KEPT_PDF },
  { type: 'xstate.done.actor.recallPdf', output: null },
  { type: 'xstate.error.actor.recallPdf', error: new Error('no IndexedDB') },
  { type: 'report.openKept' },
];
const filled = (c: { form: Record<string, string> }) => ['ph', 'nitrogen', 'phosphorus', 'potassium'].filter((k) => c.form[k] !== '').length;
const paths = modelPaths(landReportMachine, { input: { locale: 'en-IN' }, events: EVENTS, serializeState: serializeWith(filled) });
const DID_NOT_DOWNLOAD = 'The PDF did not download. Try again when the network is better.';
const offer = () => screen.queryByTestId('land-kept-pdf');
/** The date the offer gives, in the formatting locale on screen (24-hour clock, as the app writes dates). */
const dayTime = (tag: string, iso: string) =>
  new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' }).format(new Date(iso));
let tag = 'en-IN';

// The quick stand-ins of tests/support/dom.ts: the path checks make thousands of queries.
const button = (name: string) => get('button', name);
const ASSERT: Record<string, () => void> = {
  editing: () => {
    expect(button('Generate report')).toBeEnabled();
    expect(button('Download report')).toBeDisabled();
    expect(screen.queryByTestId('soil-score')).toBeNull();
  },
  generating: () => expect(button('Generating…')).toBeDisabled(),
  'report.idle': () => {
    expect(offer()).toBeNull();
    expect(screen.getByTestId('soil-score')).toHaveAttribute('data-level', 'moderate');
    expect(screen.getByTestId('soil-score')).toHaveTextContent('72');
    expect(get('cell', /Tur \(pigeon pea\)/)).toBeInTheDocument();
    expect(screen.getByText('Marathwada')).toBeInTheDocument();
    expect(button('Download report')).toBeEnabled();
  },
  'report.downloading': () => {
    expect(button('Downloading…')).toBeDisabled();
    expect(offer()).toBeNull();
    expect(screen.queryByText(DID_NOT_DOWNLOAD)).toBeNull();
  },
  // The download failed on the way; the phone is read for this field's PDF (the button stays busy meanwhile).
  'report.recallingPdf': () => {
    expect(button('Downloading…')).toBeDisabled();
    expect(offer()).toBeNull();
  },
  'report.keptOffered': () => {
    expect(offer()).toHaveTextContent(`The download failed. Open the copy saved on this phone (${dayTime(tag, KEPT_PDF.savedAt)})?`);
    expect(get('button', 'Open the saved copy', offer()!)).toBeEnabled();
    expect(get('button', 'Try again', offer()!)).toBeEnabled();
    expect(screen.queryByText(DID_NOT_DOWNLOAD)).toBeNull();
    // The report stays on screen.
    expect(screen.getByTestId('soil-score')).toHaveTextContent('72');
  },
};

/**
 * What the checks read of a state, part by part (each in its state): how much of the form is filled and the report's
 * language (what Generate sends, or the missing-fields alert), the notice, whether a report and a kept PDF are there.
 */
const screenOf = (s: { value: unknown; context: { form: Record<string, string>; lang: string; notice: unknown; report: unknown; keptPdf: unknown } }) => {
  const at = stateKey(s.value as never);
  const c = s.context;
  return [`${at} filled=${filled(c)} lang=${c.lang}`, `${at} notice=${JSON.stringify(c.notice)}`, `${at} report=${c.report !== null} kept=${c.keptPdf !== null}`];
};

describeModel('land report model', {
  paths,
  screen: screenOf,
  events: EVENTS,
  // The three download failures (no answer, 5xx, 4xx) and both recall answers are each driven.
  eventKey,
  machine: landReportMachine,
  states: Object.keys(ASSERT),
  render: () => {
    const pending = { generate: deferred<{ success: boolean; report: LandReport }>(), download: deferred<Blob>(), recall: deferred<Cached<Blob> | null>() };
    const recalledFor: (string | null)[] = [];
    tag = 'en-IN';
    const requests: LandReportRequest[] = [];
    const saveFile = vi.fn();
    kept.clear();
    const logic = landReportMachine.provide({
      actors: {
        generate: fromPromise(({ input }: { input: LandReportRequest }) => (requests.push(input), (pending.generate = deferred()).promise)),
        download: fromPromise(() => (pending.download = deferred<Blob>()).promise),
        recallPdf: fromPromise(({ input }: { input: { fieldId: string | null } }) => (recalledFor.push(input.fieldId), (pending.recall = deferred<Cached<Blob> | null>()).promise)),
      },
      actions: { saveFile: (_, p) => saveFile(p), logError: () => {} },
    });
    const { rerenderIn } = renderLandReport({ land: logic, fieldId: 'f1' });
    let expectedLanguage = 'english';
    const exec: Record<string, (e: AnyEventObject) => unknown> = {
      'xstate.init': () => {},
      'report.edit': (e) => fireEvent.change(getLabelled(LABEL[e.field as keyof typeof LABEL]), { target: { value: e.value } }),
      'report.generate': () => {
        const wasMissing = filled({ form: Object.fromEntries(Object.entries(LABEL).map(([k, l]) => [k, (getLabelled(l) as HTMLInputElement).value])) }) < 4;
        fireEvent.click(button('Generate report'));
        if (wasMissing) expect(get('alert')).toHaveTextContent('Please fill in all the basic information');
        // The report is asked for in the language on screen when the button is pressed.
        else expect(requests.at(-1)).toMatchObject({ ph: 7.2, nitrogen: 300, phosphorus: 12, potassium: 180, language: expectedLanguage, ndvi: [] });
      },
      // Offered the kept copy, the farmer tries again from the offer's own button; otherwise the form's.
      'report.download': () => fireEvent.click(offer() ? get('button', 'Try again', offer()!) : button('Download report')),
      'report.languageChanged': (e) => ((tag = e.locale), rerenderIn(e.locale)),
      'xstate.done.actor.generate': async (e) => {
        const before = kept.get(LAND_REPORT_KEY);
        await act(async () => pending.generate.resolve(e.output));
        if (!e.output.success) expect(get('alert')).toHaveTextContent('An error occurred while preparing the report');
        // The report shown is the one kept (the last one, with its field, and the field's own); a refused one keeps nothing new.
        expect(kept.get(LAND_REPORT_KEY)).toEqual(e.output.success ? { fieldId: 'f1', report: REPORT } : before);
        if (e.output.success) expect(kept.get(landReportKey('f1'))).toEqual(REPORT);
      },
      'xstate.error.actor.generate': async (e) => {
        const before = kept.get(LAND_REPORT_KEY);
        await act(async () => pending.generate.reject(e.error));
        expect(kept.get(LAND_REPORT_KEY)).toEqual(before);
        expect(get('alert')).toHaveTextContent('An error occurred while preparing the report');
      },
      'xstate.done.actor.download': async (e) => {
        await act(async () => pending.download.resolve(e.output));
        expect(saveFile).toHaveBeenLastCalledWith({ blob: PDF, name: PDF_NAME });
        // The PDF downloaded is the field's last, for the offline screen.
        expect(kept.get(landPdfKey('f1'))).toBe(PDF);
      },
      'xstate.error.actor.download': async (e) => {
        const before = kept.get(landPdfKey('f1'));
        const recalls = recalledFor.length;
        await act(async () => pending.download.reject(e.error));
        expect(kept.get(landPdfKey('f1'))).toBe(before);
        // Lost on the way: this field's kept PDF is read; refused: the farmer is told, nothing is read.
        if (lost(e.error)) {
          expect(recalledFor.slice(recalls)).toEqual(['f1']);
          expect(screen.queryByText(DID_NOT_DOWNLOAD)).toBeNull();
        } else {
          expect(recalledFor).toHaveLength(recalls);
          expect(get('alert')).toHaveTextContent(DID_NOT_DOWNLOAD);
        }
      },
      'xstate.done.actor.recallPdf': async (e) => {
        await act(async () => pending.recall.resolve(e.output));
        if (e.output === null) expect(get('alert')).toHaveTextContent(DID_NOT_DOWNLOAD);
      },
      'xstate.error.actor.recallPdf': async (e) => {
        await act(async () => pending.recall.reject(e.error));
        expect(get('alert')).toHaveTextContent(DID_NOT_DOWNLOAD);
      },
      // The kept copy goes to the browser as the PDF (not the one that failed), and is not kept again.
      'report.openKept': () => {
        const saves = saveFile.mock.calls.length;
        const before = kept.get(landPdfKey('f1'));
        fireEvent.click(get('button', 'Open the saved copy', offer()!));
        expect(saveFile.mock.calls.slice(saves)).toEqual([[{ blob: KEPT_PDF.value, name: PDF_NAME }]]);
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
