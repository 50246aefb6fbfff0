/**
 * Which of the user's fields the land report starts from: the list of fields (GET /fields) → for a farmer,
 * their first field at once → its details (GET /fields/:id) → `prefill`, what the app already knows that the
 * form asks for (location, coordinates, the last soil test). Another field can be picked; 'none' starts
 * from an empty form. A failed load leaves the form empty, as it was before, and says nothing is lost.
 * Offline (issue 17): a load lost to the network shows the field's last report (kept on the phone by
 * landReport.machine; with no field known, the last report generated and its field) with when it was made, and its
 * last PDF, until the browser is online again or the user retries; the form needs the network (the report is
 * written by the server), so it waits. The field list is kept too (`land.fields`): offline another field can be
 * picked, showing its own kept report or 'nothing saved for this field' (`fieldNothingSaved`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LandReport } from '../../contracts/land';
import { getMyFieldDetail, listFieldChoices, type FieldChoice, type FieldDetail } from '../services/fields';
import { LAND_REPORT_KEY, landPdfKey, landReportKey, PDF_NAME, type FormField, type KeptReport } from './landReport.machine';
import { keep, networkAway, recallKept, watchOnline, type Cached } from './offline';

/** What the phone keeps of the field list the land report offers. */
export const LAND_FIELDS_KEY = 'land.fields';

/** What the offline screen shows: the fields, the field, its last report and its last PDF (each with its time). */
export type LandOfflineCopy = { fields: FieldChoice[]; fieldId: string | null; report: Cached<LandReport> | null; pdf: Cached<Blob> | null };

/**
 * Reads the offline copy for the field known (or, when the list did not load, the field of the last report generated).
 * A last report kept by an older version is a bare report, with no field.
 */
export async function recallLandCopy(input: { fields: FieldChoice[]; fieldId: string | null; known: boolean }): Promise<LandOfflineCopy> {
  const fields = input.fields.length > 0 ? input.fields : ((await recallKept<FieldChoice[]>(LAND_FIELDS_KEY))?.value ?? []);
  const kept = await recallKept<KeptReport | LandReport>(LAND_REPORT_KEY);
  const last = kept && ('report' in kept.value ? { ...kept, value: kept.value } : { ...kept, value: { fieldId: null, report: kept.value } });
  const fieldId = input.known ? input.fieldId : (last?.value.fieldId ?? null);
  const report =
    (await recallKept<LandReport>(landReportKey(fieldId))) ??
    (last && last.value.fieldId === fieldId ? { value: last.value.report, savedAt: last.savedAt } : null);
  return { fields, fieldId, report, pdf: await recallKept<Blob>(landPdfKey(fieldId)) };
}

export type LandPrefill = Partial<Record<FormField, string>>;

/**
 * `keptReport`/`offlineAt`: the field's last report and when, shown offline (null: online, or nothing kept);
 * `keptPdf`: its last PDF downloaded and when (null: none kept). `known`: the field is the one the list gave or the
 * user picked (the list did not load: the offline copy says which).
 */
type Ctx = {
  autoPick: boolean;
  fields: FieldChoice[];
  fieldId: string | null;
  prefill: LandPrefill | null;
  failed: boolean;
  keptReport: LandReport | null;
  offlineAt: string | null;
  keptPdf: Cached<Blob> | null;
};

const text = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? undefined : String(v));

/** The form's values from a field: only what the field records, as the form's text. */
export function prefillFrom(f: FieldDetail): LandPrefill {
  const soil = f.soilInfo;
  const place = [f.location.address.village, f.location.address.district].filter(Boolean).join(', ');
  const out: LandPrefill = {
    ph: text(soil?.ph),
    nitrogen: text(soil?.nitrogen),
    phosphorus: text(soil?.phosphorus),
    potassium: text(soil?.potassium),
    organicMatter: text(soil?.organicMatter),
    location: place || undefined,
    lat: text(f.location.coordinates.lat),
    lon: text(f.location.coordinates.lng),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as LandPrefill;
}

export const landFieldsMachine = setup({
  types: {
    context: {} as Ctx,
    /** `autoPick`: start from the first field (a farmer's own); staff pick one themselves. */
    input: {} as { autoPick: boolean },
    events: {} as { type: 'fields.pick'; id: string } | { type: 'fields.retry' } | { type: 'network.online' } | { type: 'report.downloadKept' },
  },
  actors: {
    loadList: fromPromise<FieldChoice[]>(({ signal }) => listFieldChoices(signal)),
    loadField: fromPromise<FieldDetail, string>(({ input, signal }) => getMyFieldDetail(input, signal)),
    recallReport: fromPromise<LandOfflineCopy, { fields: FieldChoice[]; fieldId: string | null; known: boolean }>(({ input }) => recallLandCopy(input)),
    watchOnline,
  },
  actions: {
    /** Leaving the offline copy for a fresh load. */
    forgetKeptCopy: assign({ keptReport: null, offlineAt: null, keptPdf: null }),
    /** Offline, another kept field: its own copy is read. */
    pickKeptField: assign(({ event }) => ({ fieldId: (event as { id: string }).id, keptReport: null, offlineAt: null, keptPdf: null })),
    /** The field list, kept on the phone (offline another field can be picked). */
    rememberFields: ({ context }) => keep(LAND_FIELDS_KEY, context.fields),
    /** Provided by the view: hands the kept PDF to the browser as a download. */
    saveFile: (_, _params: { blob: Blob; name: string }) => {},
  },
  guards: {
    networkAway,
    pickFirst: ({ context, event }) => context.autoPick && (event as { output?: FieldChoice[] }).output!.length > 0,
    /** Offline, another field of the kept list. */
    otherKeptField: ({ context, event }) => {
      const id = (event as { id?: string }).id;
      return id !== undefined && id !== context.fieldId && context.fields.some((f) => f._id === id);
    },
  },
}).createMachine({
  id: 'landFields',
  context: ({ input }) => ({ autoPick: input.autoPick, fields: [], fieldId: null, prefill: null, failed: false, keptReport: null, offlineAt: null, keptPdf: null }),
  initial: 'loadingList',
  states: {
    loadingList: {
      tags: ['loading'],
      invoke: {
        id: 'loadList',
        src: 'loadList',
        onDone: [
          {
            guard: 'pickFirst',
            target: 'loadingField',
            actions: [assign({ fields: ({ event }) => event.output, fieldId: ({ event }) => event.output[0]._id }), 'rememberFields'],
          },
          { target: 'ready', actions: [assign({ fields: ({ event }) => event.output }), 'rememberFields'] },
        ],
        onError: [{ guard: 'networkAway', target: 'offline' }, { target: 'ready', actions: assign({ failed: true }) }],
      },
    },
    loadingField: {
      tags: ['loading'],
      invoke: {
        id: 'loadField',
        src: 'loadField',
        input: ({ context }) => context.fieldId!,
        onDone: { target: 'ready', actions: assign({ prefill: ({ event }) => prefillFrom(event.output), failed: false }) },
        onError: [{ guard: 'networkAway', target: 'offline' }, { target: 'ready', actions: assign({ prefill: null, failed: true }) }],
      },
    },
    /** The network is away: the last report generated, until the browser is online again or the user retries. */
    offline: {
      tags: ['offline'],
      invoke: { id: 'watchOnline', src: 'watchOnline' },
      on: { 'network.online': { target: 'loadingList', actions: 'forgetKeptCopy' } },
      initial: 'reading',
      states: {
        reading: {
          tags: ['loading'],
          invoke: {
            id: 'recallReport',
            src: 'recallReport',
            // The field is known once the list loaded (or the user picked one); else the copy says which.
            input: ({ context }) => ({ fields: context.fields, fieldId: context.fieldId, known: context.fields.length > 0 }),
            onDone: [
              {
                guard: ({ event }) => event.output.report !== null,
                target: 'shown',
                actions: assign(({ event }) => ({
                  fields: event.output.fields,
                  fieldId: event.output.fieldId,
                  keptReport: event.output.report!.value,
                  offlineAt: event.output.report!.savedAt,
                  keptPdf: event.output.pdf,
                })),
              },
              {
                guard: ({ event }) => event.output.fieldId !== null && event.output.fields.length > 0,
                target: 'fieldNothingSaved',
                actions: assign(({ event }) => ({ fields: event.output.fields, fieldId: event.output.fieldId })),
              },
              { target: 'nothingSaved' },
            ],
            onError: 'nothingSaved',
          },
        },
        shown: {
          on: {
            'fields.retry': { target: '#landFields.loadingList', actions: 'forgetKeptCopy' },
            'fields.pick': { guard: 'otherKeptField', target: 'reading', actions: 'pickKeptField' },
            'report.downloadKept': {
              guard: ({ context }) => context.keptPdf !== null,
              actions: { type: 'saveFile', params: ({ context }) => ({ blob: context.keptPdf!.value, name: PDF_NAME }) },
            },
          },
        },
        /** The field picked has no report kept on this phone (another field may). */
        fieldNothingSaved: {
          on: {
            'fields.retry': { target: '#landFields.loadingList', actions: 'forgetKeptCopy' },
            'fields.pick': { guard: 'otherKeptField', target: 'reading', actions: 'pickKeptField' },
          },
        },
        nothingSaved: { on: { 'fields.retry': '#landFields.loadingList' } },
      },
    },
    ready: {
      on: {
        'fields.pick': [
          { guard: ({ event }) => event.id === '', actions: assign({ fieldId: null, prefill: null, failed: false }) },
          { target: 'loadingField', actions: assign({ fieldId: ({ event }) => event.id }) },
        ],
      },
    },
  },
});
