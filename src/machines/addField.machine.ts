/**
 * Add Field (spec sections 2, 3, 5, 9). The form keeps what was typed as text; on submit it becomes the
 * payload (numbers parsed, empty values dropped) and the spec's rules decide whether it may be sent.
 * Success shows the message and goes to / after 2 s; Cancel goes back one page.
 */
import { assign, fromPromise, setup } from 'xstate';
import { HttpError } from '@/services/http';
import { createField, type AddFieldPayload } from '@/services/fields';
import { listAdminFarmers, listManagedFarmers, type FarmerRow } from '@/services/people';
import { dropEmpty, fieldProblems, type FieldProblem } from '../../contracts/addField';
import { generateFieldId } from '../../contracts/fieldId';
import { STAFF_ROLES, type Role } from '../../contracts/roles';
import { fieldChanged } from './fieldChanged';

export const REDIRECT_AFTER_MS = 2000;

export type SensorDraft = { sensorId: string; type: string; status: string; lat: string; lng: string };

/** Every input of the form, as text, keyed by its path in the payload. */
export type FieldDraft = {
  name: string;
  fieldId: string;
  farmerId: string;
  lat: string;
  lng: string;
  state: string;
  district: string;
  village: string;
  pincode: string;
  fullAddress: string;
  areaValue: string;
  areaUnit: string;
  soilType: string;
  ph: string;
  organicMatter: string;
  nitrogen: string;
  phosphorus: string;
  potassium: string;
  lastTested: string;
  cropName: string;
  cropVariety: string;
  plantedDate: string;
  expectedHarvest: string;
  cropStatus: string;
  yieldExpected: string;
  yieldUnit: string;
  irrigationType: string;
  automation: boolean;
  frequency: string;
  duration: string;
  timeSlots: string[];
  sensors: SensorDraft[];
};
export type DraftTextKey = { [K in keyof FieldDraft]: FieldDraft[K] extends string ? K : never }[keyof FieldDraft];

export const emptyFieldDraft = (): FieldDraft => ({
  name: '', fieldId: '', farmerId: '', lat: '', lng: '', state: '', district: '', village: '', pincode: '', fullAddress: '',
  areaValue: '', areaUnit: 'acres', soilType: '', ph: '', organicMatter: '', nitrogen: '', phosphorus: '', potassium: '',
  lastTested: '', cropName: '', cropVariety: '', plantedDate: '', expectedHarvest: '', cropStatus: 'planning',
  yieldExpected: '', yieldUnit: 'kg', irrigationType: 'manual', automation: false, frequency: '', duration: '',
  timeSlots: [], sensors: [],
});

export const newSensor = (): SensorDraft => ({ sensorId: '', type: 'moisture', status: 'active', lat: '', lng: '' });

/** '' stays empty (dropped later); anything else must be a number, else NaN, which the rules refuse. */
const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

export function toPayload(d: FieldDraft): AddFieldPayload {
  const raw = {
    name: d.name,
    fieldId: d.fieldId,
    farmerId: d.farmerId,
    location: {
      coordinates: { lat: num(d.lat), lng: num(d.lng) },
      address: { state: d.state, district: d.district, village: d.village, pincode: d.pincode, fullAddress: d.fullAddress },
      area: num(d.areaValue) === undefined ? undefined : { value: num(d.areaValue), unit: d.areaUnit },
    },
    soilInfo: {
      type: d.soilType, ph: num(d.ph), organicMatter: num(d.organicMatter), nitrogen: num(d.nitrogen),
      phosphorus: num(d.phosphorus), potassium: num(d.potassium), lastTested: d.lastTested,
    },
    currentCrop: {
      name: d.cropName, variety: d.cropVariety, plantedDate: d.plantedDate, expectedHarvest: d.expectedHarvest,
      status: d.cropStatus, yield: num(d.yieldExpected) === undefined ? undefined : { expected: num(d.yieldExpected), unit: d.yieldUnit },
    },
    sensors: d.sensors.map((s) => ({
      sensorId: s.sensorId, type: s.type, status: s.status, location: { lat: num(s.lat), lng: num(s.lng) },
    })),
    irrigation: {
      type: d.irrigationType,
      automation: d.automation,
      schedule: { frequency: d.frequency, duration: num(d.duration), timeSlots: d.timeSlots },
    },
  };
  return (dropEmpty(raw) ?? {}) as AddFieldPayload;
}

/** A typed value that is not a number shows as the bound it breaks. */
export function draftProblems(d: FieldDraft): FieldProblem[] {
  const p = toPayload(d);
  const problems = fieldProblems(p);
  const nan: [string, FieldProblem][] = [
    [d.ph, 'ph'], [d.organicMatter, 'organicMatter'], [d.nitrogen, 'nitrogen'], [d.phosphorus, 'phosphorus'],
    [d.potassium, 'potassium'], [d.yieldExpected, 'expectedYield'], [d.duration, 'duration'], [d.areaValue, 'area'],
    [d.lat, 'lat'], [d.lng, 'lng'],
  ];
  for (const [text, problem] of nan) if (text.trim() && Number.isNaN(Number(text)) && !problems.includes(problem)) problems.push(problem);
  return problems;
}

export type AddFieldFailure = { kind: 'invalid'; problems: FieldProblem[] } | { kind: 'failed'; error: HttpError | null };
export type AddFieldInput = { actorRole: Role };
type AddFieldContext = AddFieldInput & { draft: FieldDraft; farmers: FarmerRow[]; failure: AddFieldFailure | null };

const staffRoles: readonly Role[] = STAFF_ROLES;

export const addFieldMachine = setup({
  types: {
    input: {} as AddFieldInput,
    context: {} as AddFieldContext,
    events: {} as
      | { type: 'form.change'; key: DraftTextKey; value: string }
      | { type: 'form.toggleAutomation' }
      | { type: 'fieldId.generate' }
      | { type: 'sensor.add' }
      | { type: 'sensor.remove'; index: number }
      | { type: 'sensor.change'; index: number; key: keyof SensorDraft; value: string }
      | { type: 'slot.add' }
      | { type: 'slot.remove'; index: number }
      | { type: 'slot.change'; index: number; value: string }
      | { type: 'form.submit' }
      | { type: 'form.cancel' }
      | { type: 'nav.dashboard' },
  },
  actors: {
    loadFarmers: fromPromise<FarmerRow[], { actorRole: AddFieldInput['actorRole'] }>(async ({ input, signal }) => {
      const q = { page: 1, limit: 100 };
      const list = input.actorRole === 'coordinator' ? await listManagedFarmers(q, signal) : await listAdminFarmers(q, signal);
      return list.farmers;
    }),
    create: fromPromise<unknown, AddFieldPayload>(({ input, signal }) => createField(input, signal)),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    goBack: () => {},
  },
  guards: {
    isStaff: ({ context }) => staffRoles.includes(context.actorRole),
    draftInvalid: ({ context }) => draftProblems(context.draft).length > 0,
  },
  delays: { redirect: REDIRECT_AFTER_MS },
}).createMachine({
  id: 'addField',
  context: ({ input }) => ({ ...input, draft: emptyFieldDraft(), farmers: [], failure: null }),
  initial: 'starting',
  on: { 'form.cancel': { actions: 'goBack' } },
  states: {
    starting: { always: [{ guard: 'isStaff', target: 'loadingFarmers' }, { target: 'editing' }] },
    loadingFarmers: {
      invoke: {
        id: 'loadFarmers',
        src: 'loadFarmers',
        input: ({ context }) => ({ actorRole: context.actorRole }),
        onDone: { target: 'editing', actions: assign({ farmers: ({ event }) => event.output }) },
        // 'Farmers list load error is only logged': the selector stays empty and the field is unassigned.
        onError: { target: 'editing' },
      },
    },
    editing: {
      on: {
        'form.change': { actions: fieldChanged<AddFieldContext>({ draft: 'draft', reset: { failure: null } }) },
        'form.toggleAutomation': { actions: assign({ draft: ({ context }) => ({ ...context.draft, automation: !context.draft.automation }) }) },
        'fieldId.generate': { actions: assign({ draft: ({ context }) => ({ ...context.draft, fieldId: generateFieldId() }), failure: null }) },
        'sensor.add': { actions: assign({ draft: ({ context }) => ({ ...context.draft, sensors: [...context.draft.sensors, newSensor()] }) }) },
        'sensor.remove': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, sensors: context.draft.sensors.filter((_, i) => i !== event.index) }) }),
        },
        'sensor.change': {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              sensors: context.draft.sensors.map((s, i) => (i === event.index ? { ...s, [event.key]: event.value } : s)),
            }),
            failure: null,
          }),
        },
        'slot.add': { actions: assign({ draft: ({ context }) => ({ ...context.draft, timeSlots: [...context.draft.timeSlots, '06:00'] }) }) },
        'slot.remove': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, timeSlots: context.draft.timeSlots.filter((_, i) => i !== event.index) }) }),
        },
        'slot.change': {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, timeSlots: context.draft.timeSlots.map((t, i) => (i === event.index ? event.value : t)) }),
          }),
        },
        'form.submit': [
          { guard: 'draftInvalid', actions: assign({ failure: ({ context }) => ({ kind: 'invalid' as const, problems: draftProblems(context.draft) }) }) },
          { target: 'creating', actions: assign({ failure: null }) },
        ],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => toPayload(context.draft),
        onDone: { target: 'created' },
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => ({ kind: 'failed' as const, error: event.error instanceof HttpError ? event.error : null }) }),
        },
      },
    },
    created: {
      after: { redirect: { actions: { type: 'navigate', params: { to: '/' } } } },
      on: { 'nav.dashboard': { actions: { type: 'navigate', params: { to: '/' } } } },
    },
  },
});
