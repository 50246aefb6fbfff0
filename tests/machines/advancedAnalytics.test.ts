/**
 * advancedAnalyticsMachine's steps one by one, machine-only: a field or range chosen, Refresh and Retry from each
 * screen they are offered on. The generated paths (tests/model/staff/advancedAnalytics.model.test.tsx) cannot take a
 * step that a mutant turns into "nothing happens" (can() is false then): these say what each must do.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { advancedAnalyticsMachine, type AdvancedAnalytics, type FieldChoice, type Range } from '@/machines/advancedAnalytics.machine';
import { FIELDS } from '../model/recommendationFixtures';

type Ask = { fieldId: string; range: Range };

function start({ fields = async () => FIELDS, load = async () => ({}) as AdvancedAnalytics }: { fields?: () => Promise<FieldChoice[]>; load?: (a: Ask) => Promise<AdvancedAnalytics> } = {}) {
  const asked: Ask[] = [];
  let fieldReads = 0;
  const logic = advancedAnalyticsMachine.provide({
    actors: {
      fields: fromPromise(async () => (fieldReads++, fields())),
      load: fromPromise(async ({ input }: { input: Ask }) => (asked.push(input), load(input))),
    },
  });
  const actor = createActor(logic).start();
  return { actor, asked, fieldReads: () => fieldReads };
}
const settled = (a: ReturnType<typeof start>['actor']) => waitFor(a, (s) => !s.hasTag('loading'));

describe('on the loaded page', () => {
  it('a field chosen loads that field and puts the open report away', async () => {
    const { actor, asked } = start();
    await settled(actor);
    actor.send({ type: 'detail.open', card: 'soil' });
    expect(actor.getSnapshot().context.detail).toBe('soil');
    actor.send({ type: 'field.select', fieldId: 'f-2' });
    expect(actor.getSnapshot().context).toMatchObject({ fieldId: 'f-2', detail: null });
    expect((await settled(actor)).value).toEqual({ ready: 'overview' });
    expect(asked).toEqual([{ fieldId: 'f-1', range: '7d' }, { fieldId: 'f-2', range: '7d' }]);
  });
  it('a range chosen loads that range and puts the open report away', async () => {
    const { actor, asked } = start();
    await settled(actor);
    actor.send({ type: 'detail.open', card: 'crop' });
    actor.send({ type: 'range.select', range: '90d' });
    expect(actor.getSnapshot().context).toMatchObject({ range: '90d', detail: null });
    await settled(actor);
    expect(asked.at(-1)).toEqual({ fieldId: 'f-1', range: '90d' });
  });
  it('Refresh loads the same again and puts the open report away; Close puts it away too', async () => {
    const { actor, asked } = start();
    await settled(actor);
    actor.send({ type: 'detail.open', card: 'financial' });
    actor.send({ type: 'detail.close' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'overview' });
    expect(actor.getSnapshot().context.detail).toBeNull();
    actor.send({ type: 'detail.open', card: 'financial' });
    actor.send({ type: 'data.refresh' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.detail).toBeNull();
    await settled(actor);
    expect(asked).toHaveLength(2);
  });
});

describe('after a failed analytics load', () => {
  const failing = () => {
    let fail = true;
    return start({ load: async () => (fail ? ((fail = false), Promise.reject(new Error('down'))) : ({} as AdvancedAnalytics)) });
  };
  it('a field chosen loads that field', async () => {
    const { actor, asked } = failing();
    expect((await settled(actor)).value).toBe('failed');
    actor.send({ type: 'field.select', fieldId: 'f-2' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settled(actor);
    expect(asked.at(-1)).toEqual({ fieldId: 'f-2', range: '7d' });
  });
  it('a range chosen loads that range', async () => {
    const { actor, asked } = failing();
    await settled(actor);
    actor.send({ type: 'range.select', range: '1y' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settled(actor);
    expect(asked.at(-1)).toEqual({ fieldId: 'f-1', range: '1y' });
  });
  it('Retry loads the analytics again, not the fields', async () => {
    const { actor, asked, fieldReads } = failing();
    await settled(actor);
    actor.send({ type: 'data.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect((await settled(actor)).value).toEqual({ ready: 'overview' });
    expect([asked.length, fieldReads()]).toEqual([2, 1]);
  });
});

describe('after a failed field list', () => {
  it('Retry reads the fields again; no field or range can be chosen without one', async () => {
    let fail = true;
    const { actor, fieldReads } = start({ fields: async () => (fail ? ((fail = false), Promise.reject(new Error('down'))) : FIELDS) });
    expect((await settled(actor)).context.failure).toBe('fields');
    actor.send({ type: 'field.select', fieldId: 'f-2' });
    actor.send({ type: 'range.select', range: '30d' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ fieldId: '', range: '7d' });
    actor.send({ type: 'data.retry' });
    expect(actor.getSnapshot().value).toBe('loadingFields');
    expect((await settled(actor)).value).toEqual({ ready: 'overview' });
    expect(fieldReads()).toBe(2);
  });
  it('with no fields, Refresh reads them again', async () => {
    const { actor, fieldReads } = start({ fields: async () => [] });
    expect((await settled(actor)).value).toBe('noFields');
    actor.send({ type: 'data.refresh' });
    expect(actor.getSnapshot().value).toBe('loadingFields');
    await settled(actor);
    expect(fieldReads()).toBe(2);
  });
});
