/**
 * editField.machine's draft rules, machine-only (the dialog's generated paths type only a name and an area):
 * the draft a loaded field starts from (every attribute, the ones the server left out as ''), the first problem
 * Save reports (name, area, pincode; surrounding spaces do not count), and the body a save sends (only what
 * differs, trimmed; an emptied area or soil type clears it, any other emptied text is sent as '').
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { changesOf, draftOf, draftProblem, editFieldMachine, type FieldDraft } from '@/machines/editField.machine';
import type { FieldDetail } from '@/services/fields';

const field = (over: { area?: number | null; address?: Partial<FieldDetail['location']['address']>; crop?: string | null; variety?: string | null; soil?: string | null } = {}): FieldDetail =>
  ({
    _id: 'fld-1',
    name: 'Plot 1',
    location: {
      address: { state: 'Maharashtra', district: 'Pune', village: 'Wadgaon', pincode: '412101', fullAddress: 'Near the temple', ...over.address },
      area: { value: over.area === undefined ? 2.5 : over.area, unit: 'acres' },
    },
    currentCrop: { name: over.crop === undefined ? 'wheat' : over.crop, variety: over.variety === undefined ? 'Lokwan' : over.variety, status: 'growing' },
    soilInfo: over.soil === null ? null : { type: over.soil ?? 'black' },
    irrigation: { type: 'drip' },
  }) as never;

const FULL: FieldDraft = {
  name: 'Plot 1',
  cropName: 'wheat',
  cropVariety: 'Lokwan',
  cropStatus: 'growing',
  areaValue: '2.5',
  areaUnit: 'acres',
  soilType: 'black',
  irrigationType: 'drip',
  village: 'Wadgaon',
  district: 'Pune',
  state: 'Maharashtra',
  pincode: '412101',
  fullAddress: 'Near the temple',
};

describe('the draft of a loaded field', () => {
  it('holds every attribute as text, the crop as the reader says it', () => {
    expect(draftOf(field())).toEqual(FULL);
    expect(draftOf(field(), (n) => (n === 'wheat' ? 'गहू' : n)).cropName).toBe('गहू');
  });
  it('holds an attribute the server left out as empty text', () => {
    const none = field({ area: null, crop: null, variety: null, soil: null, address: { village: null, district: null, state: null, pincode: null, fullAddress: null } });
    expect(draftOf(none, () => 'never asked')).toEqual({
      ...FULL,
      cropName: '',
      cropVariety: '',
      areaValue: '',
      soilType: '',
      village: '',
      district: '',
      state: '',
      pincode: '',
      fullAddress: '',
    });
    expect(draftOf(field({ area: 0 })).areaValue).toBe('0');
  });
});

describe('what Save finds wrong first', () => {
  const with_ = (d: Partial<FieldDraft>) => draftProblem({ ...FULL, ...d });
  it('a name of spaces only', () => {
    expect(with_({ name: '   ' })).toBe('name');
    expect(with_({ name: '' })).toBe('name');
    expect(with_({ name: ' North ' })).toBeNull();
  });
  it('an area that is not a number of 0 or more (empty is fine)', () => {
    for (const areaValue of ['-2', 'abc', '1e999', ' -0.5 ']) expect(with_({ areaValue }), areaValue).toBe('area');
    for (const areaValue of ['0', ' 3.75 ', '', '  ']) expect(with_({ areaValue }), areaValue).toBeNull();
  });
  it('a pincode that is not six digits (empty is fine)', () => {
    for (const pincode of ['41210', '4121011', '41210a', 'x412101', '412101x']) expect(with_({ pincode }), pincode).toBe('pincode');
    for (const pincode of [' 412101 ', '', ' ']) expect(with_({ pincode }), pincode).toBeNull();
  });
  it('the name before the area, the area before the pincode', () => {
    expect(with_({ name: '', areaValue: '-1', pincode: '1' })).toBe('name');
    expect(with_({ areaValue: '-1', pincode: '1' })).toBe('area');
  });
});

describe('what a save sends', () => {
  const sent = (d: Partial<FieldDraft>) => changesOf(FULL, { ...FULL, ...d });
  it('nothing when only spaces were added', () => {
    expect(sent({ name: ' Plot 1 ', village: 'Wadgaon  ' })).toEqual({});
    expect(changesOf({ ...FULL, district: ' Pune ' }, FULL)).toEqual({});
  });
  it('only what differs, trimmed; the area as a number', () => {
    expect(sent({ name: ' North plot ', areaValue: ' 3.75', soilType: 'red' })).toEqual({ name: 'North plot', areaValue: 3.75, soilType: 'red' });
  });
  it('an emptied area or soil type clears it; other emptied text is sent empty', () => {
    expect(sent({ areaValue: ' ', soilType: '', fullAddress: '', cropVariety: '  ' })).toEqual({ areaValue: null, soilType: null, fullAddress: '', cropVariety: '' });
  });
});

describe('the ways out of the dialog', () => {
  // Each one is a step the generated paths cannot take under a mutant that makes it do nothing (can() is false then).
  const start = (load: () => Promise<FieldDetail>) => {
    const saved: unknown[] = [];
    const logic = editFieldMachine.provide({
      actors: { load: fromPromise(load), save: fromPromise(async ({ input }) => void saved.push(input)) },
    });
    return { actor: createActor(logic, { input: { fieldId: 'fld-1' } }).start(), saved };
  };
  it('Cancel after a failed load closes it', async () => {
    const { actor } = start(async () => Promise.reject(new Error('down')));
    await waitFor(actor, (x) => x.matches('loadFailed'));
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
  });
  it('Cancel while editing closes it, with nothing sent', async () => {
    const { actor, saved } = start(async () => field());
    await waitFor(actor, (x) => x.matches('editing'));
    actor.send({ type: 'edit.change', field: 'name', value: 'North plot' });
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(saved).toEqual([]);
  });
  it('Save with nothing changed closes it, with nothing sent', async () => {
    const { actor, saved } = start(async () => field());
    await waitFor(actor, (x) => x.matches('editing'));
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(saved).toEqual([]);
  });
});

describe('the machine without a cropText', () => {
  it('shows the stored crop name as it is', async () => {
    const logic = editFieldMachine.provide({ actors: { load: fromPromise(async () => field()) } });
    const actor = createActor(logic, { input: { fieldId: 'fld-1' } }).start();
    const s = await waitFor(actor, (x) => x.matches('editing'));
    expect(s.context.draft?.cropName).toBe('wheat');
    actor.stop();
  });
});
