/**
 * The land report form: starts from the chosen field's values when there is one, edit the soil values,
 * generate the report (pH, N, P and K are required),
 * then download it as land-health-report.pdf. Report failure or success=false shows the spec's
 * Marathi alert. Each report generated is kept on the phone (its NDVI figures
 * too), as the last one (`land.report`, with its field) and as its field's (`land.report.<fieldId>`), and each PDF
 * downloaded as its field's (`land.pdf.<fieldId>`, a Blob in IndexedDB), so the land report screen can show them
 * offline (landFields.machine's `offline` state).
 * A download that fails online with no answer (dropped, timed out) or the server's 5xx reads the field's kept PDF:
 * when there is one, `report.keptOffered` asks 'download failed — open the copy saved at 10:42?' (open it, or try
 * again); when there is none, or the server refused (4xx), 'the PDF did not download' and the button to try again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { keep, recallKept, type Cached } from './offline';
import { HttpError } from '../shared/httpError';
import type { NdviPoint } from '../../contracts/land';
import { serverLanguage, type ServerLanguage } from '../services/language';
import { createLandReport, downloadLandReportPdf, type LandReport, type LandReportRequest } from '../services/land';

export const FORM_FIELDS = ['ph', 'nitrogen', 'phosphorus', 'potassium', 'organicMatter', 'location', 'lat', 'lon'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type LandNotice = { key: 'fillBasics' } | { key: 'reportError' } | { key: 'downloadFailed' } | null;
export const PDF_NAME = 'land-health-report.pdf';
/** What the phone keeps of the land report: the last report generated, with its field (`KeptReport`). */
export const LAND_REPORT_KEY = 'land.report';
/** The last report generated from a field (or from none: 'none'). */
export const landReportKey = (fieldId: string | null) => `${LAND_REPORT_KEY}.${fieldId ?? 'none'}`;
/** The last PDF downloaded of a field's report (a Blob; its time is when it was downloaded). */
export const landPdfKey = (fieldId: string | null) => `land.pdf.${fieldId ?? 'none'}`;
export type KeptReport = { fieldId: string | null; report: LandReport };

/** `keptPdf`: the field's kept PDF offered after a failed download (null otherwise). */
type Ctx = { lang: ServerLanguage; fieldId: string | null; form: Record<FormField, string>; report: LandReport | null; notice: LandNotice; keptPdf: Cached<Blob> | null };
type GenerateEvent = { type: 'report.generate'; ndvi: NdviPoint[]; ndviEstimated: boolean };

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
const BASICS: FormField[] = ['ph', 'nitrogen', 'phosphorus', 'potassium'];

export function toRequest(ctx: Ctx, e: GenerateEvent): LandReportRequest {
  const f = ctx.form;
  return {
    ph: Number(f.ph),
    nitrogen: Number(f.nitrogen),
    phosphorus: Number(f.phosphorus),
    potassium: Number(f.potassium),
    ...(num(f.organicMatter) !== undefined ? { organicMatter: num(f.organicMatter) } : {}),
    ...(f.location.trim() ? { location: f.location.trim() } : {}),
    ...(num(f.lat) !== undefined && num(f.lon) !== undefined ? { lat: num(f.lat), lon: num(f.lon) } : {}),
    language: ctx.lang,
    ndvi: e.ndvi,
    ndviEstimated: e.ndviEstimated,
  };
}

export const landReportMachine = setup({
  types: {
    context: {} as Ctx,
    /**
     * The UI locale: the report is written in its language. `prefill`: what the app knows from the chosen
     * field (landFields.machine), the form's starting values; `fieldId`: that field (what is kept is kept per field).
     */
    input: {} as { locale: string; prefill?: Partial<Record<FormField, string>> | null; fieldId?: string | null },
    events: {} as
      | { type: 'report.edit'; field: FormField; value: string }
      | { type: 'report.languageChanged'; locale: string }
      | GenerateEvent
      | { type: 'report.download' }
      | { type: 'report.openKept' },
  },
  actors: {
    generate: fromPromise<{ success: boolean; report: LandReport }, LandReportRequest>(({ input, signal }) => createLandReport(input, signal)),
    download: fromPromise<Blob, { report: LandReport }>(({ input, signal }) => downloadLandReportPdf(input.report, signal)),
    /** The field's last PDF downloaded, kept on the phone (or null). */
    recallPdf: fromPromise<Cached<Blob> | null, { fieldId: string | null }>(({ input }) => recallKept<Blob>(landPdfKey(input.fieldId))),
  },
  guards: {
    basicsFilled: ({ context }) => BASICS.every((k) => context.form[k].trim() !== '' && Number.isFinite(Number(context.form[k]))),
    succeeded: ({ event }) => (event as { output?: { success?: boolean } }).output?.success === true,
    /** The download got no answer (dropped, timed out) or the server failed (5xx): the kept copy is worth offering. */
    downloadLost: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof HttpError && (error.status === 0 || error.status >= 500);
    },
  },
  actions: {
    /** Provided by the view: hands the PDF to the browser as a download. */
    saveFile: (_, _params: { blob: Blob; name: string }) => {},
    logError: (_, params: { error: unknown }) => console.error('land report: PDF download failed', params.error),
    /** The report as shown, kept on the phone (best effort). */
    rememberReport: ({ context }) => {
      keep(LAND_REPORT_KEY, { fieldId: context.fieldId, report: context.report! } satisfies KeptReport);
      keep(landReportKey(context.fieldId), context.report);
    },
    /** The PDF downloaded, kept as the field's last (offline 'Download PDF' gives it, with its date). */
    rememberPdf: ({ context }, params: { blob: Blob }) => keep(landPdfKey(context.fieldId), params.blob),
  },
}).createMachine({
  id: 'landReport',
  context: ({ input }) => ({
    lang: serverLanguage(input.locale),
    fieldId: input.fieldId ?? null,
    form: { ph: '', nitrogen: '', phosphorus: '', potassium: '', organicMatter: '', location: '', lat: '', lon: '', ...input.prefill },
    report: null,
    notice: null,
    keptPdf: null,
  }),
  initial: 'editing',
  on: {
    'report.edit': { actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }) },
    // The next report is written in the newly chosen language; the form is kept.
    'report.languageChanged': { actions: assign({ lang: ({ event }) => serverLanguage(event.locale) }) },
  },
  states: {
    editing: {
      on: {
        'report.generate': [
          { guard: 'basicsFilled', target: 'generating', actions: assign({ notice: null }) },
          { actions: assign({ notice: { key: 'fillBasics' } as LandNotice }) },
        ],
      },
    },
    generating: {
      tags: ['busy'],
      invoke: {
        id: 'generate',
        src: 'generate',
        input: ({ context, event }) => toRequest(context, event as GenerateEvent),
        onDone: [
          { guard: 'succeeded', target: 'report', actions: [assign({ report: ({ event }) => event.output.report }), 'rememberReport'] },
          { target: 'editing', actions: assign({ report: null, notice: { key: 'reportError' } as LandNotice }) },
        ],
        onError: { target: 'editing', actions: assign({ report: null, notice: { key: 'reportError' } as LandNotice }) },
      },
    },
    report: {
      initial: 'idle',
      on: {
        'report.generate': [
          { guard: 'basicsFilled', target: 'generating', actions: assign({ notice: null }) },
          { actions: assign({ notice: { key: 'fillBasics' } as LandNotice }) },
        ],
      },
      states: {
        // The kept copy offered after a failed download is forgotten once the offer is gone.
        idle: { entry: assign({ keptPdf: null }), on: { 'report.download': { target: 'downloading', actions: assign({ notice: null }) } } },
        downloading: {
          tags: ['busy'],
          entry: assign({ keptPdf: null }),
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context }) => ({ report: context.report! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'saveFile', params: ({ event }) => ({ blob: event.output, name: PDF_NAME }) },
                { type: 'rememberPdf', params: ({ event }) => ({ blob: event.output }) },
              ],
            },
            onError: [
              { guard: 'downloadLost', target: 'recallingPdf', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
              {
                target: 'idle',
                actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, assign({ notice: { key: 'downloadFailed' } as LandNotice })],
              },
            ],
          },
        },
        /** The download failed on the way: is there a PDF of this field on the phone? */
        recallingPdf: {
          tags: ['busy'],
          invoke: {
            id: 'recallPdf',
            src: 'recallPdf',
            input: ({ context }) => ({ fieldId: context.fieldId }),
            onDone: [
              { guard: ({ event }) => event.output !== null, target: 'keptOffered', actions: assign({ keptPdf: ({ event }) => event.output }) },
              { target: 'idle', actions: assign({ notice: { key: 'downloadFailed' } as LandNotice }) },
            ],
            onError: { target: 'idle', actions: assign({ notice: { key: 'downloadFailed' } as LandNotice }) },
          },
        },
        /** 'Download failed — open the copy saved at 10:42?': open it (handed to the browser) or try again. */
        keptOffered: {
          on: {
            'report.openKept': { target: 'idle', actions: { type: 'saveFile', params: ({ context }) => ({ blob: context.keptPdf!.value, name: PDF_NAME }) } },
            'report.download': 'downloading',
          },
        },
      },
    },
  },
});
