/**
 * Which of the user's fields the land report starts from: the list of fields (GET /fields) → for a farmer,
 * their first field at once → its details (GET /fields/:id) → `prefill`, what the app already knows that the
 * form asks for (location, coordinates, the last soil test). Another field can be picked; 'none' starts
 * from an empty form. A failed load leaves the form empty, as it was before, and says nothing is lost.
 * Offline (issue 17): a load lost to the network shows the last report the user generated (kept on the phone by
 * landReport.machine) with when it was made, until the browser is online again or the user retries; the form
 * needs the network (the report is written by the server), so it waits.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LandReport } from '../../contracts/land';
import { getMyFieldDetail, listFieldChoices, type FieldChoice, type FieldDetail } from '../services/fields';
import { LAND_REPORT_KEY, type FormField } from './landReport.machine';
import { networkAway, recallKept, watchOnline, type Cached } from './offline';

export type LandPrefill = Partial<Record<FormField, string>>;

/** `keptReport`/`offlineAt`: the last report generated and when, shown offline (null: online, or nothing kept). */
type Ctx = {
  autoPick: boolean;
  fields: FieldChoice[];
  fieldId: string | null;
  prefill: LandPrefill | null;
  failed: boolean;
  keptReport: LandReport | null;
  offlineAt: string | null;
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
    events: {} as { type: 'fields.pick'; id: string } | { type: 'fields.retry' } | { type: 'network.online' },
  },
  actors: {
    loadList: fromPromise<FieldChoice[]>(({ signal }) => listFieldChoices(signal)),
    loadField: fromPromise<FieldDetail, string>(({ input, signal }) => getMyFieldDetail(input, signal)),
    recallReport: fromPromise<Cached<LandReport> | null>(() => recallKept<LandReport>(LAND_REPORT_KEY)),
    watchOnline,
  },
  actions: {
    /** Leaving the offline copy for a fresh load. */
    forgetKeptCopy: assign({ keptReport: null, offlineAt: null }),
  },
  guards: {
    networkAway,
    pickFirst: ({ context, event }) => context.autoPick && (event as { output?: FieldChoice[] }).output!.length > 0,
  },
}).createMachine({
  id: 'landFields',
  context: ({ input }) => ({ autoPick: input.autoPick, fields: [], fieldId: null, prefill: null, failed: false, keptReport: null, offlineAt: null }),
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
            actions: assign({ fields: ({ event }) => event.output, fieldId: ({ event }) => event.output[0]._id }),
          },
          { target: 'ready', actions: assign({ fields: ({ event }) => event.output }) },
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
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'shown',
                actions: assign({ keptReport: ({ event }) => event.output!.value, offlineAt: ({ event }) => event.output!.savedAt }),
              },
              { target: 'nothingSaved' },
            ],
            onError: 'nothingSaved',
          },
        },
        shown: { on: { 'fields.retry': { target: '#landFields.loadingList', actions: 'forgetKeptCopy' } } },
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
