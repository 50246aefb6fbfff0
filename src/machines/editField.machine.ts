/**
 * Edit Field (issue 19): staff change a field's name, crop, area, soil type, irrigation and address from the
 * field table. The dialog loads the field (loading → editing, or loadFailed with Retry), the person edits a
 * draft; Save checks it here first (name required, area a number of 0 or more, pincode six digits), sends only
 * the attributes that differ from the loaded field (PATCH /fields/:id: one audit entry on the server) and closes;
 * nothing changed closes without a call. A refused save keeps the dialog with the server's message. A saved edit
 * is announced, so the field lists on the page reload (listChanges.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { editField, getFieldDetail, type FieldDetail, type FieldEditBody } from '@/services/fields';
import { FIELD_EDIT_KEYS, type FieldEditKey } from '../../contracts/fields';
import { announceChange } from './listChanges';
import { fieldChanged } from './fieldChanged';

/** The form's values, as typed (numbers too). */
export type FieldDraft = Record<FieldEditKey, string>;
export type FieldEditProblem = 'name' | 'area' | 'pincode';

/** `cropText`: a stored crop name (a catalogue key such as 'cotton') as the reader says it ('कापूस'). */
export function draftOf(f: FieldDetail, cropText: (name: string) => string = (n) => n): FieldDraft {
  const a = f.location.address;
  return {
    name: f.name,
    cropName: f.currentCrop.name ? cropText(f.currentCrop.name) : '',
    cropVariety: f.currentCrop.variety ?? '',
    cropStatus: f.currentCrop.status,
    areaValue: f.location.area.value === null ? '' : String(f.location.area.value),
    areaUnit: f.location.area.unit,
    soilType: f.soilInfo?.type ?? '',
    irrigationType: f.irrigation.type,
    village: a.village ?? '',
    district: a.district ?? '',
    state: a.state ?? '',
    pincode: a.pincode ?? '',
    fullAddress: a.fullAddress ?? '',
  };
}

/** What is wrong with the draft, the first problem only (null: it may be sent). */
export function draftProblem(d: FieldDraft): FieldEditProblem | null {
  if (!d.name.trim()) return 'name';
  const area = d.areaValue.trim();
  if (area && !(Number.isFinite(Number(area)) && Number(area) >= 0)) return 'area';
  if (d.pincode.trim() && !/^[0-9]{6}$/.test(d.pincode.trim())) return 'pincode';
  return null;
}

/** The attributes that differ from the loaded field, as the server takes them (empty text clears). */
export function changesOf(original: FieldDraft, d: FieldDraft): FieldEditBody {
  const out: Record<string, string | number | null> = {};
  for (const key of FIELD_EDIT_KEYS) {
    const value = d[key].trim();
    if (value === original[key].trim()) continue;
    if (key === 'areaValue') out[key] = value === '' ? null : Number(value);
    else if (key === 'soilType') out[key] = value === '' ? null : value;
    else out[key] = value;
  }
  return out as FieldEditBody;
}

type Context = {
  fieldId: string;
  cropText: (name: string) => string;
  original: FieldDraft | null;
  draft: FieldDraft | null;
  problem: FieldEditProblem | null;
  /** Why the last load or save failed (the view says it with httpErrorMessage). */
  errorCause: unknown;
};
export type EditFieldEvent =
  | { type: 'edit.change'; field: FieldEditKey; value: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' }
  | { type: 'edit.retry' };

export const editFieldMachine = setup({
  // `cropText` comes from the view (the reader's language); the server turns a known name back into its key.
  types: { context: {} as Context, events: {} as EditFieldEvent, input: {} as { fieldId: string; cropText?: (name: string) => string } },
  actors: {
    load: fromPromise<FieldDetail, string>(({ input, signal }) => getFieldDetail(input, signal)),
    save: fromPromise<unknown, { fieldId: string; body: FieldEditBody }>(({ input, signal }) => editField(input.fieldId, input.body, signal)),
  },
  actions: {
    saved: () => announceChange('fields'),
  },
  guards: {
    invalid: ({ context }) => draftProblem(context.draft!) !== null,
    unchanged: ({ context }) => Object.keys(changesOf(context.original!, context.draft!)).length === 0,
  },
}).createMachine({
  id: 'editField',
  context: ({ input }) => ({ fieldId: input.fieldId, cropText: input.cropText ?? ((n: string) => n), original: null, draft: null, problem: null, errorCause: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.fieldId,
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({ original: draftOf(event.output, context.cropText), draft: draftOf(event.output, context.cropText), errorCause: null })),
        },
        onError: { target: 'loadFailed', actions: assign({ errorCause: ({ event }) => event.error }) },
      },
    },
    loadFailed: { on: { 'edit.retry': 'loading', 'edit.cancel': 'closed' } },
    editing: {
      on: {
        'edit.change': { actions: fieldChanged<Context>({ draft: 'draft', reset: { problem: null, errorCause: null } }) },
        'edit.save': [
          { guard: 'invalid', actions: assign({ problem: ({ context }) => draftProblem(context.draft!) }) },
          { guard: 'unchanged', target: 'closed' },
          { target: 'saving', actions: assign({ errorCause: null }) },
        ],
        'edit.cancel': 'closed',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ fieldId: context.fieldId, body: changesOf(context.original!, context.draft!) }),
        onDone: { target: 'closed', actions: 'saved' },
        onError: { target: 'editing', actions: assign({ errorCause: ({ event }) => event.error }) },
      },
    },
    closed: { type: 'final' },
  },
});
