/** Generated paths over addFieldMachine, each driving the real AddFieldForm. */
import { expect } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { addFieldMachine, toPayload } from '@/machines/addField.machine';
import { AddFieldContext } from '@/machines/addField.context';
import { AddFieldForm } from '@/views/fields/AddFieldForm';
import { HttpError } from '@/services/http';
import { get, query, queryAll } from '../../support/dom';
import { deferred, describeModel, leafPaths, modelPaths, renderView, type Deferred, type ModelStep } from '../../support/modelHarness';

const FARMERS = [{ _id: 'f-1', name: 'Sita Patil', phoneNumber: '9876543210' }];
const TAKEN = new HttpError(409, 'conflict', {
  statusCode: 409,
  code: 'FIELD_ID_TAKEN',
  error: 'Field ID FLD1 already exists.',
  message: { english: 'Field ID FLD1 already exists.', marathi: 'x', hindi: 'x' },
});
/** The form's flow: required fields, bounds, submit, server answers, redirect. */
const FLOW_EVENTS = [
  { type: 'form.change', key: 'name', value: 'North plot' },
  { type: 'form.change', key: 'fieldId', value: 'FLD1' },
  { type: 'fieldId.generate' },
  { type: 'form.change', key: 'ph', value: '15' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.loadFarmers', output: FARMERS },
  { type: 'xstate.done.actor.create', output: {} },
  { type: 'xstate.error.actor.create', error: TAKEN },
  { type: 'xstate.after.redirect.addField.created' },
  { type: 'nav.dashboard' },
];
/** The repeatable parts: sensors, time slots, automation; keyed by the incoming event so every edge is walked. */
const LIST_EVENTS = [
  { type: 'xstate.error.actor.loadFarmers', error: new Error('offline') },
  { type: 'form.toggleAutomation' },
  { type: 'sensor.add' },
  { type: 'sensor.change', index: 0, key: 'sensorId', value: 'S-1' },
  { type: 'sensor.remove', index: 0 },
  { type: 'slot.add' },
  { type: 'slot.remove', index: 0 },
  { type: 'slot.change', index: 0, value: '06:30' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
];
type Ev = { type: string; key?: string; value?: string; index?: number; error?: unknown };
const label = (e: Ev) => (e.key ? `${e.type} ${e.key}=${e.value}` : e.type);
type Snap = SnapshotFrom<typeof addFieldMachine>;

const flowPaths = modelPaths(addFieldMachine, {
  input: { actorRole: 'coordinator' },
  events: FLOW_EVENTS,
  filterEvents: (s, e) => s.can(e) && !(e.type === 'fieldId.generate' && s.context.draft.fieldId !== ''),
  serializeState: (s, e) => {
    const d = s.context.draft;
    const shape = [!!d.name, d.fieldId === 'FLD1' ? 'typed' : d.fieldId ? 'generated' : '', d.ph, s.context.farmers.length];
    // The redirect leaves the state as it is, so its edge is told apart by the incoming event.
    return `${JSON.stringify(s.value)}|${s.matches('created') ? e?.type : ''}|${s.context.failure?.kind ?? '-'}|${JSON.stringify(shape)}`;
  },
});
const listPaths = modelPaths(addFieldMachine, {
  input: { actorRole: 'coordinator' },
  events: LIST_EVENTS,
  filterEvents: (s: Snap, e) => {
    const d = s.context.draft;
    if (!s.can(e) || !s.matches('editing') && (e.type as string) !== 'xstate.error.actor.loadFarmers') return false;
    if (e.type === 'sensor.add') return d.sensors.length === 0;
    if (e.type === 'slot.add') return d.timeSlots.length === 0;
    // The controls for a sensor or a slot exist only once one was added.
    if (e.type === 'sensor.change' || e.type === 'sensor.remove') return d.sensors.length > 0;
    if (e.type === 'slot.remove') return d.timeSlots.length > 0;
    if (e.type === 'slot.change') return d.timeSlots.length > 0 && d.timeSlots[0] !== e.value;
    return true;
  },
  serializeState: (s, e) => {
    const d = s.context.draft;
    return `${JSON.stringify(s.value)}|${e?.type}|${s.context.failure?.kind ?? '-'}|${d.sensors.map((x: { sensorId: string }) => x.sensorId || '_').join()}|${d.timeSlots.length}`;
  },
});
// Each path is checked at every step, so a path that another one extends adds nothing: run the leaves only
// (every step of every generated path is still replayed and checked).
const all = [...flowPaths, ...listPaths];
const paths = leafPaths(all);

describeModel('add field model', {
  paths,
  all,
  events: [...FLOW_EVENTS, ...LIST_EVENTS],
  machine: addFieldMachine,
  states: ['editing', 'loadingFarmers', 'creating', 'created'],
  name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
  render: () => {
    let farmers: Deferred<typeof FARMERS> = deferred();
    let create: Deferred<unknown> = deferred();
    const navigated: string[] = [];
    let wentBack = 0;
    const logic = addFieldMachine.provide({
      actors: {
        loadFarmers: fromPromise(() => (farmers = deferred()).promise as never),
        create: fromPromise(() => (create = deferred()).promise),
      },
      actions: { navigate: (_, p) => navigated.push(p.to), goBack: () => void wentBack++ },
      delays: { redirect: 5 },
    });
    renderView(
      <AddFieldContext.Provider logic={logic} options={{ input: { actorRole: 'coordinator' } }}>
        <AddFieldForm />
      </AddFieldContext.Provider>,
      { catalog: false },
    );
    const byName = (n: string) => document.querySelector(`[name="${n}"]`)!;
    const exec = async (e: Ev) => {
      switch (e.type) {
        case 'xstate.init':
          return;
        case 'form.change':
          return fireEvent.change(byName(e.key!), { target: { value: e.value } });
        case 'fieldId.generate':
          fireEvent.click(get('button', 'Generate'));
          return expect((byName('fieldId') as HTMLInputElement).value).toMatch(/^FLD\d{6}[A-Z]{3}$/);
        case 'form.toggleAutomation':
          return fireEvent.click(byName('automation'));
        case 'sensor.add':
          return fireEvent.click(get('button', '+ Add Sensor'));
        case 'sensor.change':
          return fireEvent.change(byName(`sensor-${e.index}-sensorId`), { target: { value: e.value } });
        case 'sensor.remove':
          return fireEvent.click(get('button', `Remove sensor ${e.index! + 1}`));
        case 'slot.add':
          return fireEvent.click(get('button', '+ Add Time Slot'));
        case 'slot.change':
          return fireEvent.change(byName(`slot-${e.index}`), { target: { value: e.value } });
        case 'slot.remove':
          return fireEvent.click(get('button', `Remove time slot ${e.index! + 1}`));
        case 'form.submit':
          return fireEvent.click(get('button', 'Create Field'));
        case 'form.cancel': {
          const before = wentBack;
          fireEvent.click(get('button', 'Cancel'));
          return expect(wentBack).toBe(before + 1);
        }
        case 'xstate.done.actor.loadFarmers':
          return act(async () => farmers.resolve(FARMERS));
        case 'xstate.error.actor.loadFarmers':
          return act(async () => farmers.reject(e.error));
        case 'xstate.done.actor.create':
          return act(async () => create.resolve({}));
        case 'xstate.error.actor.create':
          return act(async () => create.reject(e.error));
        case 'nav.dashboard':
          fireEvent.click(get('button', 'Go to Dashboard'));
          return expect(navigated.at(-1)).toBe('/');
        case 'xstate.after.redirect.addField.created':
          await act(() => new Promise((r) => setTimeout(r, 20)));
          return expect(navigated.at(-1)).toBe('/');
      }
      throw new Error(`no executor for ${e.type}`);
    };
    const check = (state: ModelStep['state']) => {
      const c = state.context;
      const alert = query('alert');
      if (state.matches('editing') || state.matches('loadingFarmers')) {
        if (!c.failure) expect(alert).toBeNull();
        else if (c.failure.kind === 'failed') expect(alert).toHaveTextContent('Field ID FLD1 already exists.');
        else if (c.failure.problems.includes('required')) expect(alert).toHaveTextContent('Field name and Field ID are required');
        else {
          expect(alert).toHaveTextContent(/^Please correct: /);
          if (c.failure.problems.includes('ph')) expect(alert).toHaveTextContent('pH (0-14)');
          if (c.failure.problems.includes('sensorId')) expect(alert).toHaveTextContent('Sensor ID');
        }
        expect(get('button', 'Create Field')).toBeEnabled();
        const farmerOptions = queryAll('option', undefined, byName('farmerId') as HTMLElement);
        expect(farmerOptions.map((o) => o.textContent)).toEqual(['Not assigned', ...c.farmers.map((f: (typeof FARMERS)[number]) => `${f.name} - ${f.phoneNumber}`)]);
        expect(document.querySelectorAll('.sensor-row')).toHaveLength(c.draft.sensors.length);
        expect([...document.querySelectorAll<HTMLInputElement>('input[type="time"]')].map((t) => t.value)).toEqual(c.draft.timeSlots);
        expect((byName('automation') as HTMLInputElement).checked).toBe(c.draft.automation);
      }
      if (state.matches('creating')) {
        expect(get('button', 'Creating...')).toBeDisabled();
        // Empty values never leave the form.
        expect(JSON.stringify(toPayload(c.draft))).not.toMatch(/""|null/);
      }
      if (state.matches('created')) expect(get('status')).toHaveTextContent('Field created successfully! Redirecting to dashboard in 2 seconds...');
    };
    return { exec, check: (step) => check(step.state) };
  },
});
