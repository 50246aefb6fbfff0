/** The past-diagnoses list: first page, 'show older' appends without duplicates, a failure can be retried. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DiseaseHistoryItem, DiseaseHistoryPage } from '../../contracts/disease';
import { diseaseHistoryMachine } from '@/machines/diseaseHistory.machine';
import { startApiServer } from '../support/apiServer';

const item = (n: number): DiseaseHistoryItem => ({
  _id: `id-${n}`, createdAt: new Date(Date.UTC(2026, 10, 30 - n)).toISOString(), diseaseId: 'rust', severity: 2,
  thumbnail: 'data:image/webp;base64,', name: { english: 'Rust', marathi: 'तांबेरा', hindi: 'रतुआ' },
});
const page = (p: number, ids: number[], totalPages: number): DiseaseHistoryPage => ({
  items: ids.map(item), pagination: { page: p, limit: 2, total: totalPages * 2, totalPages },
});

/**
 * A list whose first read fails (the phone is offline); once the test sends `recover` the read answers one entry.
 * Returns the list when it says so, after `recover` has been sent.
 */
async function failedThenRecovered(recover: { type: 'history.retry' } | { type: 'history.reload' }) {
  let fail = true;
  const actor = createActor(
    diseaseHistoryMachine.provide({
      actors: { loadPage: fromPromise(async () => { if (fail) throw new Error('offline'); return page(1, [1], 1); }) },
    }),
  ).start();
  await waitFor(actor, (s) => s.matches('failed'));
  fail = false;
  actor.send(recover);
  await waitFor(actor, (s) => s.matches('ready'));
  return actor.getSnapshot().context.items.map((i) => i._id);
}

describe('disease history machine', () => {
  it('loads the first page, appends older pages without repeating an entry, and reloads from the first', async () => {
    const asked: number[] = [];
    const pages: Record<number, DiseaseHistoryPage> = { 1: page(1, [1, 2], 2), 2: page(2, [2, 3], 2) };
    const actor = createActor(
      diseaseHistoryMachine.provide({ actors: { loadPage: fromPromise(async ({ input }: { input: { page: number } }) => (asked.push(input.page), pages[input.page])) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(['id-1', 'id-2']);
    actor.send({ type: 'history.more' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 2);
    // A diagnosis written meanwhile pushed id-2 onto page 2: it is shown once.
    expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(['id-1', 'id-2', 'id-3']);
    expect(actor.getSnapshot().can({ type: 'history.more' })).toBe(false);
    actor.send({ type: 'history.reload' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 1);
    expect(asked).toEqual([1, 2, 1]);
    expect(actor.getSnapshot().context.items).toHaveLength(2);
  });

  it('says the list failed and loads again on retry', async () => {
    expect(await failedThenRecovered({ type: 'history.retry' })).toEqual(['id-1']);
  });

  // Mutation testing (docs/statecharts/mutation.md): steps the path tests did not pin.
  it('a new diagnosis reloads a list that had failed', async () => {
    expect(await failedThenRecovered({ type: 'history.reload' })).toEqual(['id-1']);
  });

  it("an older page that fails keeps the list, and 'show older' can be tried again", async () => {
    const asked: number[] = [];
    const actor = createActor(
      diseaseHistoryMachine.provide({
        actors: {
          loadPage: fromPromise(async ({ input }: { input: { page: number } }) => {
            asked.push(input.page);
            if (input.page === 2 && asked.length === 2) throw new Error('offline');
            return page(input.page, [input.page], 2);
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'history.more' });
    await waitFor(actor, (s) => s.matches('ready') && asked.length === 2);
    expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(['id-1']);
    actor.send({ type: 'history.more' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 2);
    expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(['id-1', 'id-2']);
    expect(asked).toEqual([1, 2, 2]);
  });

  it('asks /disease/history for the first page itself (the machine’s own call, no actor replaced)', async () => {
    const api = await startApiServer(({ path }) => (path === '/api/v1/disease/history' ? { status: 200, body: page(1, [1, 2], 1) } : { status: 404 }));
    try {
      const actor = createActor(diseaseHistoryMachine).start();
      await waitFor(actor, (s) => s.matches('ready'));
      expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(['id-1', 'id-2']);
      expect(api.calls('/disease/history').map((r) => r.query.page)).toEqual(['1']);
      actor.stop();
    } finally {
      await api.close();
    }
  });
});
