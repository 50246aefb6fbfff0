/**
 * addField.machine's draft, machine-only (the form's generated paths type a name, an id and a pH): what the payload
 * holds for every input of the form (numbers parsed, empty ones dropped), which typed value that is not a number is
 * reported as the bound it breaks, and the machine's own calls against the API stand-in (the farmers to choose from,
 * for a coordinator or an admin, none for a farmer; the field sent as the payload).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { addFieldMachine, REDIRECT_AFTER_MS, draftProblems, emptyFieldDraft, newSensor, toPayload, type FieldDraft } from '@/machines/addField.machine';
import { startApiServer, type ApiServer } from '../support/apiServer';

const FULL: FieldDraft = {
  ...emptyFieldDraft(),
  name: ' North plot ',
  fieldId: 'FLD000001AAA',
  farmerId: 'f-1',
  lat: '19.1',
  lng: '75.2',
  state: 'Maharashtra',
  district: 'Pune',
  village: 'Wadgaon',
  pincode: '412101',
  fullAddress: 'Near the temple',
  areaValue: '2.5',
  areaUnit: 'hectares',
  soilType: 'black',
  ph: '6.8',
  organicMatter: '1.5',
  nitrogen: '240',
  phosphorus: '18',
  potassium: '300',
  lastTested: '2026-06-01',
  cropName: 'wheat',
  cropVariety: 'Lokwan',
  plantedDate: '2026-11-01',
  expectedHarvest: '2027-03-01',
  cropStatus: 'growing',
  yieldExpected: '20',
  yieldUnit: 'quintal',
  irrigationType: 'drip',
  automation: true,
  frequency: 'daily',
  duration: '30',
  timeSlots: ['06:00'],
  sensors: [{ sensorId: 'S-1', type: 'ph', status: 'inactive', lat: '19.2', lng: '' }],
};

describe('the payload of the form', () => {
  it('holds every input, numbers as numbers, text trimmed', () => {
    expect(toPayload(FULL)).toEqual({
      name: 'North plot',
      fieldId: 'FLD000001AAA',
      farmerId: 'f-1',
      location: {
        coordinates: { lat: 19.1, lng: 75.2 },
        address: { state: 'Maharashtra', district: 'Pune', village: 'Wadgaon', pincode: '412101', fullAddress: 'Near the temple' },
        area: { value: 2.5, unit: 'hectares' },
      },
      soilInfo: { type: 'black', ph: 6.8, organicMatter: 1.5, nitrogen: 240, phosphorus: 18, potassium: 300, lastTested: '2026-06-01' },
      currentCrop: { name: 'wheat', variety: 'Lokwan', plantedDate: '2026-11-01', expectedHarvest: '2027-03-01', status: 'growing', yield: { expected: 20, unit: 'quintal' } },
      sensors: [{ sensorId: 'S-1', type: 'ph', status: 'inactive', location: { lat: 19.2 } }],
      irrigation: { type: 'drip', automation: true, schedule: { frequency: 'daily', duration: 30, timeSlots: ['06:00'] } },
    });
  });
  it('drops what was left empty (spaces count as empty), an area or a yield without its number too', () => {
    expect(toPayload({ ...emptyFieldDraft(), areaValue: '  ', yieldExpected: ' ', ph: ' ' })).toEqual({
      currentCrop: { status: 'planning' },
      irrigation: { type: 'manual', automation: false },
    });
  });
  it('starts from an empty draft, and a new sensor is an active moisture sensor', () => {
    expect(emptyFieldDraft()).toMatchObject({ areaUnit: 'acres', cropStatus: 'planning', yieldUnit: 'kg', irrigationType: 'manual', automation: false, timeSlots: [], sensors: [] });
    expect(newSensor()).toEqual({ sensorId: '', type: 'moisture', status: 'active', lat: '', lng: '' });
  });
});

describe('what the form finds wrong', () => {
  const named = { ...emptyFieldDraft(), name: 'North plot', fieldId: 'FLD1' };
  it('a value typed that is not a number, as the bound it breaks', () => {
    const keys = [
      ['ph', 'ph'], ['organicMatter', 'organicMatter'], ['nitrogen', 'nitrogen'], ['phosphorus', 'phosphorus'], ['potassium', 'potassium'],
      ['yieldExpected', 'expectedYield'], ['duration', 'duration'], ['areaValue', 'area'], ['lat', 'lat'], ['lng', 'lng'],
    ] as const;
    for (const [key, problem] of keys) expect(draftProblems({ ...named, [key]: 'abc' }), key).toEqual([problem]);
  });
  it('a number out of bounds once, not twice; nothing for a sound draft', () => {
    expect(draftProblems({ ...named, ph: '15' })).toEqual(['ph']);
    expect(draftProblems(named)).toEqual([]);
    expect(draftProblems(FULL)).toEqual([]);
    expect(draftProblems(emptyFieldDraft())).toEqual(['required']);
  });
});

describe('the machine’s own calls', () => {
  let api: ApiServer | undefined;
  const FARMER = { _id: 'f-1', name: 'Sita Patil' };
  const serve = async () =>
    (api = await startApiServer(({ method, path }) => {
      if (path === '/api/v1/coordinator/managed-farmers' || path === '/api/v1/admin/farmers') return { status: 200, body: { farmers: [FARMER], pagination: { page: 1, limit: 100, total: 1, totalPages: 1 } } };
      if (method === 'POST' && path === '/api/v1/fields') return { status: 201, body: { field: { _id: 'fld-1', fieldId: 'FLD1' } } };
      return { status: 404 };
    }));
  const farmersAsked = () => api!.requests.filter((r) => r.path.endsWith('farmers')).map((r) => `${r.path}?${new URLSearchParams(r.query)}`);

  it('a coordinator chooses among the farmers they manage, and the field is sent as the payload', async () => {
    await serve();
    const actor = createActor(addFieldMachine, { input: { actorRole: 'coordinator' } }).start();
    expect((await waitFor(actor, (s) => s.matches('editing'))).context.farmers).toEqual([FARMER]);
    expect(farmersAsked()).toEqual(['/api/v1/coordinator/managed-farmers?page=1&limit=100']);
    actor.send({ type: 'form.change', key: 'name', value: 'North plot' });
    actor.send({ type: 'form.change', key: 'fieldId', value: 'FLD1' });
    actor.send({ type: 'form.change', key: 'farmerId', value: 'f-1' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('created'));
    actor.stop();
    expect(api!.calls('/fields').map((r) => [r.method, r.body])).toEqual([
      ['POST', { name: 'North plot', fieldId: 'FLD1', farmerId: 'f-1', currentCrop: { status: 'planning' }, irrigation: { type: 'manual', automation: false } }],
    ]);
  });
  it('an admin chooses among all farmers', async () => {
    await serve();
    const actor = createActor(addFieldMachine, { input: { actorRole: 'admin' } }).start();
    expect((await waitFor(actor, (s) => s.matches('editing'))).context.farmers).toEqual([FARMER]);
    actor.stop();
    expect(farmersAsked()).toEqual(['/api/v1/admin/farmers?page=1&limit=100']);
  });
  it('a farmer adds a field of their own: no farmers to choose from, none asked for', async () => {
    await serve();
    const actor = createActor(addFieldMachine, { input: { actorRole: 'farmer' } }).start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.farmers).toEqual([]);
    actor.stop();
    expect(farmersAsked()).toEqual([]);
  });
});

describe('the form’s steps', () => {
  // Machine-only: each is a step the generated paths cannot take under a mutant that makes it do nothing (can() is
  // false then), or walk with one sensor or slot only (an index that picks the wrong one goes unseen there).
  afterEach(() => vi.useRealTimers());
  const start = (create: () => Promise<unknown> = async () => ({})) => {
    const went: string[] = [];
    const logic = addFieldMachine.provide({ actors: { create: fromPromise(create) }, actions: { navigate: (_, { to }) => void went.push(to) } });
    // A farmer adds a field of their own: straight to the form, no farmers to load.
    const actor = createActor(logic, { input: { actorRole: 'farmer' } }).start();
    return { actor, went, draft: () => actor.getSnapshot().context.draft };
  };
  it('automation switches on and off', () => {
    const { actor, draft } = start();
    actor.send({ type: 'form.toggleAutomation' });
    expect(draft().automation).toBe(true);
    actor.send({ type: 'form.toggleAutomation' });
    expect(draft().automation).toBe(false);
  });
  it('a sensor is changed and removed by its own place in the list', () => {
    const { actor, draft } = start();
    for (let i = 0; i < 3; i++) actor.send({ type: 'sensor.add' });
    actor.send({ type: 'sensor.change', index: 1, key: 'sensorId', value: 'S-2' });
    expect(draft().sensors.map((x) => x.sensorId)).toEqual(['', 'S-2', '']);
    actor.send({ type: 'sensor.change', index: 2, key: 'sensorId', value: 'S-3' });
    actor.send({ type: 'sensor.remove', index: 0 });
    expect(draft().sensors.map((x) => x.sensorId)).toEqual(['S-2', 'S-3']);
  });
  it('a time slot starts at 06:00, and is changed and removed by its own place in the list', () => {
    const { actor, draft } = start();
    actor.send({ type: 'slot.add' });
    actor.send({ type: 'slot.add' });
    expect(draft().timeSlots).toEqual(['06:00', '06:00']);
    actor.send({ type: 'slot.change', index: 1, value: '18:30' });
    expect(draft().timeSlots).toEqual(['06:00', '18:30']);
    actor.send({ type: 'slot.remove', index: 0 });
    expect(draft().timeSlots).toEqual(['18:30']);
  });
  it('Save with problems says which and sends nothing; a change puts them away', () => {
    const create = vi.fn(async () => ({}));
    const { actor } = start(create);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'invalid', problems: ['required'] });
    actor.send({ type: 'form.change', key: 'name', value: 'North plot' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });
  it('Save again after a refusal puts the refusal away while it sends', async () => {
    let refuse = true;
    const { actor } = start(async () => (refuse ? ((refuse = false), Promise.reject(new Error('down'))) : {}));
    actor.send({ type: 'form.change', key: 'name', value: 'North plot' });
    actor.send({ type: 'form.change', key: 'fieldId', value: 'FLD1' });
    actor.send({ type: 'form.submit' });
    expect((await waitFor(actor, (s) => s.matches('editing'))).context.failure).toEqual({ kind: 'failed', error: null });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('creating');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
  it('once created: Dashboard goes to / at once, else it goes there after 2 s', async () => {
    vi.useFakeTimers();
    const { actor, went } = start();
    actor.send({ type: 'form.change', key: 'name', value: 'North plot' });
    actor.send({ type: 'form.change', key: 'fieldId', value: 'FLD1' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('created');
    await vi.advanceTimersByTimeAsync(REDIRECT_AFTER_MS - 1);
    expect(went).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(went).toEqual(['/']);
    actor.send({ type: 'nav.dashboard' });
    expect(went).toEqual(['/', '/']);
    expect(REDIRECT_AFTER_MS).toBe(2000);
  });
});
