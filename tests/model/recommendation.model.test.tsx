/**
 * Generated path tests for one recommendation's lifecycle: every shortest path through the statechart,
 * driven through the card's buttons and the server's answers on the real AI Crop Recommendations view.
 * After each successful change the page reloads the list from the (stubbed) server, which then holds
 * the new status, as the real one does.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { recommendationMachine } from '@/machines/recommendation.machine';
import { recommendationsMachine, type Loaded } from '@/machines/recommendations.machine';
import type { Recommendation } from '@/services/recommendations';
import { AiRecommendationsView } from '@/views/recommendations/AiRecommendationsView';
import { FIELDS, makeRec } from './recommendationFixtures';
import { startApiServer } from '../support/apiServer';
import { deferred, describeModel, modelPaths, renderView } from '../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof recommendationMachine>;
const REC = makeRec();

const EVENTS: Ev[] = [
  { type: 'recommendation.approve' },
  { type: 'recommendation.reject' },
  { type: 'recommendation.implement' },
  { type: 'xstate.done.actor.approve', output: makeRec({ status: 'approved' }) },
  { type: 'xstate.error.actor.approve', error: new Error('500') },
  { type: 'xstate.done.actor.reject', output: makeRec({ status: 'rejected' }) },
  { type: 'xstate.error.actor.reject', error: new Error('500') },
  { type: 'xstate.done.actor.implement', output: makeRec({ status: 'implemented' }) },
  { type: 'xstate.error.actor.implement', error: new Error('409') },
];
const keyOf = (e: Ev) => e.type;
const stateName = (s: Snap) => (typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${v}`)[0]);

const paths = modelPaths(recommendationMachine, {
  input: { rec: REC },
  events: EVENTS,
  serializeEvent: keyOf,
  serializeState: (s: Snap, e?: Ev, prev?: Snap) => `${stateName(s)}|${JSON.stringify(s.context)}|${e ? keyOf(e) : ''}|${prev ? stateName(prev) : ''}`,
});

/** The stubbed server: what the list returns, and the pending status call. */
const drive = { server: REC, update: deferred<Recommendation>(), loads: 0 };

async function render() {
  drive.server = REC;
  drive.loads = 0;
  const card = recommendationMachine.provide({
    actors: { updateStatus: fromPromise(() => (drive.update = deferred<Recommendation>()).promise) },
  });
  const page = recommendationsMachine.provide({
    actors: {
      load: fromPromise<Loaded, { fieldId: string }>(async () => {
        drive.loads += 1;
        return { fields: FIELDS, recommendations: [drive.server], stats: { total: 1, implemented: drive.server.status === 'implemented' ? 1 : 0, implementationRate: 0 } };
      }),
      recommendation: card,
    },
  });
  renderView(<AiRecommendationsView logic={page} />, { session: 'coordinator', intlLocale: 'en', path: '/ai-recommendations' });
  await screen.findByText('Chana');
}

const cardEl = () => document.querySelector(`article[data-rec-id="${REC._id}"]`) as HTMLElement;
const button = (name: string) => within(cardEl()).queryByRole('button', { name });
const settle = (fn: () => void) => act(async () => fn());

const exec: Record<string, (e: Ev) => unknown> = {
  'recommendation.approve': () => fireEvent.click(button('Approve')!),
  'recommendation.reject': () => fireEvent.click(button('Reject')!),
  'recommendation.implement': () => fireEvent.click(button('Mark Implemented')!),
  'xstate.done.actor.approve': (e) => settle(() => drive.update.resolve((drive.server = e.output))),
  'xstate.error.actor.approve': (e) => settle(() => drive.update.reject(e.error)),
  'xstate.done.actor.reject': (e) => settle(() => drive.update.resolve((drive.server = e.output))),
  'xstate.error.actor.reject': (e) => settle(() => drive.update.reject(e.error)),
  'xstate.done.actor.implement': (e) => settle(() => drive.update.resolve((drive.server = e.output))),
  'xstate.error.actor.implement': (e) => settle(() => drive.update.reject(e.error)),
};

const status = () => within(cardEl()).getByTestId('rec-status').textContent;
const failure = () => within(cardEl()).queryByRole('alert');
const shown = () => ({ approve: button('Approve'), reject: button('Reject'), implement: button('Mark Implemented') });

function idle(label: string, buttons: { approve: boolean; reject: boolean; implement: boolean }) {
  expect(status()).toBe(label);
  const b = shown();
  expect({ approve: !!b.approve, reject: !!b.reject, implement: !!b.implement }).toEqual(buttons);
  for (const el of Object.values(b)) if (el) expect(el).toBeEnabled();
}
function busy() {
  expect(cardEl()).toHaveAttribute('aria-busy', 'true');
  for (const el of Object.values(shown())) if (el) expect(el).toBeDisabled();
}

const assertState: Record<string, (s: Snap) => void> = {
  'pending.idle': () => {
    idle('Pending', { approve: true, reject: true, implement: true });
    expect(failure()).toBeNull();
  },
  'pending.failed': () => {
    idle('Pending', { approve: true, reject: true, implement: true });
    expect(failure()).toHaveTextContent('Failed to update status');
  },
  approving: () => busy(),
  rejecting: () => busy(),
  implementing: () => busy(),
  'approved.idle': () => {
    idle('Approved', { approve: false, reject: false, implement: true });
    expect(failure()).toBeNull();
    // The change reloaded the list and the stats.
    expect(drive.loads).toBeGreaterThan(1);
  },
  'approved.failed': () => {
    idle('Approved', { approve: false, reject: false, implement: true });
    expect(failure()).toHaveTextContent('Failed to update status');
  },
  rejected: () => {
    idle('Rejected', { approve: false, reject: false, implement: false });
    expect(drive.loads).toBeGreaterThan(1);
  },
  implemented: () => {
    idle('Implemented', { approve: false, reject: false, implement: false });
    expect(screen.getByText('Implemented', { selector: '.stat-label' }).nextSibling).toHaveTextContent('1');
  },
};

describeModel('recommendation lifecycle model', {
  paths,
  events: EVENTS,
  machine: recommendationMachine,
  states: Object.keys(assertState),
  stateKeys: (s: Snap) => [stateName(s)],
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: async () => {
    await render();
    return { exec: { 'xstate.init': () => {}, ...exec }, check: ({ state }) => assertState[stateName(state as Snap)](state as Snap) };
  },
});

/** The page with these recommendations; the cards' own machine as given (the one that ships unless replaced). */
async function renderPage(recs: Recommendation[], card = recommendationMachine) {
  const page = recommendationsMachine.provide({
    actors: {
      load: fromPromise<Loaded, { fieldId: string }>(async () => ({ fields: FIELDS, recommendations: recs, stats: { total: recs.length, implemented: 0, implementationRate: 0 } })),
      recommendation: card,
    },
  });
  renderView(<AiRecommendationsView logic={page} />, { session: 'coordinator', intlLocale: 'en', path: '/ai-recommendations' });
  await screen.findAllByText('Chana');
}
const cardOf = (id: string) => document.querySelector(`article[data-rec-id="${id}"]`) as HTMLElement;

// The paths start from a pending recommendation: a card loaded in another status must open in it.
describe('recommendation card, fixed scenarios', () => {
  it('a card loaded rejected or implemented offers nothing to do; one loaded approved offers Mark Implemented only', async () => {
    await renderPage([makeRec({ _id: 'r-1', status: 'rejected' }), makeRec({ _id: 'r-2', status: 'implemented' }), makeRec({ _id: 'r-3', status: 'approved' })]);
    for (const id of ['r-1', 'r-2']) expect(within(cardOf(id)).queryAllByRole('button')).toEqual([]);
    expect(within(cardOf('r-3')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark Implemented']);
  });
});

describe('recommendation status sent for real', () => {
  it('Approve puts the new status to /ai-recommendations/:id/status (the card machine’s own call)', async () => {
    const api = await startApiServer(({ path }) =>
      path === '/api/v1/ai-recommendations/r-1/status' ? { status: 200, body: { success: true, recommendation: makeRec({ status: 'approved' }) } } : { status: 404 },
    );
    try {
      await renderPage([makeRec()]);
      fireEvent.click(within(cardOf('r-1')).getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(api.calls('/ai-recommendations/r-1/status')).toHaveLength(1));
      expect(api.calls('/ai-recommendations/r-1/status').map((r) => [r.method, r.body])).toEqual([['PUT', { status: 'approved' }]]);
    } finally {
      await api.close();
    }
  });
});
