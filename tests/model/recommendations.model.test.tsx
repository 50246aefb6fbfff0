/**
 * Generated path tests for the AI Crop Recommendations page: every shortest path through
 * recommendationsMachine (load, field selector, refresh, the generate dialog with its guard and
 * failures, the 'Generated N' notice, and a card's change reloading the page), each driven through
 * the real view and checked on screen.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { recommendationMachine } from '@/machines/recommendation.machine';
import { recommendationsMachine, type Loaded } from '@/machines/recommendations.machine';
import { HttpError } from '@/services/http';
import type { Recommendation } from '@/services/recommendations';
import { AiRecommendationsView } from '@/views/recommendations/AiRecommendationsView';
import { FIELDS, makeRec } from './recommendationFixtures';
import { startApiServer } from '../support/apiServer';
import { get, getLabelled, query } from '../support/dom';
import { byKey, coveringPaths, deferred, describeModel, leafPaths, modelPaths, renderView } from '../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof recommendationsMachine>;

const LOADED: Loaded = { fields: FIELDS, recommendations: [makeRec()], stats: { total: 3, implemented: 1, implementationRate: 33.3 } };
const EMPTY: Loaded = { fields: FIELDS, recommendations: [], stats: { total: 0, implemented: 0, implementationRate: 0 } };
const GENERATED = [makeRec({ _id: 'r-2' }), makeRec({ _id: 'r-3', cropName: 'Wheat' })];

const EVENTS: Ev[] = [
  { type: 'field.select', fieldId: 'f-1' },
  { type: 'field.select', fieldId: '' },
  { type: 'list.refresh' },
  { type: 'generate.open' },
  { type: 'generate.cancel' },
  { type: 'generate.submit' },
  { type: 'notice.dismiss' },
  { type: 'recommendation.changed' },
  { type: 'xstate.done.actor.load', output: LOADED },
  { type: 'xstate.done.actor.load', output: EMPTY },
  { type: 'xstate.error.actor.load', error: new HttpError(500, 'server') },
  { type: 'xstate.done.actor.generate', output: GENERATED },
  { type: 'xstate.error.actor.generate', error: new HttpError(500, 'server') },
];
const keyOf = (e: Ev) =>
  e.type === 'field.select' ? `field.select(${e.fieldId || 'all'})` : e.type === 'xstate.done.actor.load' ? `load.done(${(e.output as Loaded).recommendations.length})` : e.type;
const stateName = (s: Snap) => (typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${v}`)[0]);
const ctxKey = (s: Snap) => {
  const c = s.context;
  return JSON.stringify([c.fieldId, c.failure, c.generated, c.recommendations.length]);
};

const all = modelPaths(recommendationsMachine, {
  events: EVENTS,
  filterEvents: (s: Snap, e: Ev) => {
    if (!s.can(e as never)) return false;
    // The selector offers only the fields loaded so far.
    if (e.type === 'field.select') return e.fieldId !== s.context.fieldId && (e.fieldId === '' || s.context.fields.some((f) => f._id === e.fieldId));
    if (e.type === 'notice.dismiss') return s.context.generated != null;
    // Only a card can say it changed: there must be a pending one to approve.
    if (e.type === 'recommendation.changed') return s.context.recommendations.some((r) => r.status === 'pending') && s.matches({ ready: 'idle' });
    return true;
  },
  serializeEvent: keyOf,
  serializeState: (s: Snap, e?: Ev, prev?: Snap) => `${stateName(s)}|${ctxKey(s)}|${e ? keyOf(e) : ''}|${prev ? stateName(prev) : ''}`,
});
/**
 * The walk ends one path at every (screen, event that led there, state before); many of those paths repeat the
 * same steps. Render the fewest that still take every step the walk takes: every (screen before, event, screen
 * after), a screen being the state and the context the checks read. The guard test holds them to it.
 */
const screenOf = (s: Snap) => `${stateName(s)}|${ctxKey(s)}`;
const transition = (before: Snap | null, e: Ev, after: Snap) => [before && screenOf(before), keyOf(e), screenOf(after)].join(' ');
const paths = coveringPaths(leafPaths(all), transition);

const drive = { load: deferred<Loaded>(), generate: deferred<Recommendation[]>(), loads: [] as unknown[], generates: [] as unknown[] };

async function render() {
  drive.loads = [];
  drive.generates = [];
  const card = recommendationMachine.provide({
    actors: { updateStatus: fromPromise<Recommendation, { id: string; status: Recommendation['status'] }>(async ({ input }) => makeRec({ status: input.status })) },
  });
  const page = recommendationsMachine.provide({
    actors: {
      load: fromPromise<Loaded, { fieldId: string }>(({ input }) => {
        drive.loads.push(input);
        return (drive.load = deferred<Loaded>()).promise;
      }),
      generate: fromPromise<Recommendation[], { fieldId: string }>(({ input }) => {
        drive.generates.push(input);
        return (drive.generate = deferred<Recommendation[]>()).promise;
      }),
      recommendation: card,
    },
  });
  renderView(<AiRecommendationsView logic={page} />, { session: 'coordinator', intlLocale: 'en', path: '/ai-recommendations' });
}

const click = (name: string | RegExp) => fireEvent.click(get('button', name));
const settle = (fn: () => void) => act(async () => fn());

const exec: Record<string, (e: Ev) => unknown> = {
  'field.select(f-1)': () => fireEvent.change(getLabelled('Field'), { target: { value: 'f-1' } }),
  'field.select(all)': () => fireEvent.change(getLabelled('Field'), { target: { value: '' } }),
  'list.refresh': () => click('Refresh'),
  'generate.open': () => click('Generate New Recommendation'),
  'generate.cancel': () => click('Cancel'),
  'generate.submit': () => click('Generate'),
  'notice.dismiss': () => click('Dismiss'),
  'recommendation.changed': () => act(async () => click('Approve')),
  'load.done(1)': (e) => settle(() => drive.load.resolve(e.output)),
  'load.done(0)': (e) => settle(() => drive.load.resolve(e.output)),
  'xstate.error.actor.load': (e) => settle(() => drive.load.reject(e.error)),
  'xstate.done.actor.generate': (e) => settle(() => drive.generate.resolve(e.output)),
  'xstate.error.actor.generate': (e) => settle(() => drive.generate.reject(e.error)),
};

const dialog = () => query('dialog');
const statValue = (label: string) => screen.getByText(label, { selector: '.stat-label' }).nextSibling?.textContent;

function commonChecks(s: Snap) {
  expect(statValue('Total Recommendations')).toBe(String(s.context.stats.total));
  expect(statValue('AI Accuracy')).toBe('85%');
  expect((getLabelled('Field') as HTMLSelectElement).value).toBe(s.context.fieldId);
  const notice = query('status');
  if (s.context.generated != null) expect(notice).toHaveTextContent(`Generated ${s.context.generated} new recommendations!`);
  else expect(notice).toBeNull();
}

const assertState: Record<string, (s: Snap) => void> = {
  loading: (s) => {
    commonChecks(s);
    expect(get('button', 'Generate New Recommendation')).toBeDisabled();
    if (s.context.cards.length === 0) expect(screen.getByText('Loading recommendations…')).toBeInTheDocument();
    else expect(document.querySelector('.recs-list')).toHaveAttribute('aria-busy', 'true');
    expect(dialog()).toBeNull();
  },
  failed: (s) => {
    commonChecks(s);
    expect(get('alert')).toHaveTextContent('Failed to fetch recommendations');
    expect(get('button', 'Generate New Recommendation')).toBeDisabled();
    expect(get('button', 'Refresh')).toBeEnabled();
  },
  'ready.idle': (s) => {
    commonChecks(s);
    expect(dialog()).toBeNull();
    expect(query('alert')).toBeNull();
    if (s.context.recommendations.length === 0) expect(screen.getByText('No Recommendations Yet')).toBeInTheDocument();
    // The engine's 'Gram (chickpea)' in the reader's language (the English catalog says Chana).
    else expect(screen.getByText('Chana')).toBeInTheDocument();
    expect(get('button', 'Generate New Recommendation')).toBeEnabled();
  },
  'ready.dialog': (s) => {
    commonChecks(s);
    expect(dialog()).not.toBeNull();
    expect(dialog()).toHaveTextContent(s.context.fieldId ? 'Field: North plot (FLD000001AAA)' : 'No field chosen');
    const alert = query('alert');
    if (s.context.failure === 'noField') expect(alert).toHaveTextContent('Please select a field first');
    else if (s.context.failure === 'generate') expect(alert).toHaveTextContent('Failed to generate recommendation');
    else expect(alert).toBeNull();
    expect(getLabelled('Field')).toBeDisabled();
  },
  'ready.generating': (s) => {
    commonChecks(s);
    expect(get('button', 'Generating…')).toBeDisabled();
    expect(query('alert')).toBeNull();
  },
};

describeModel('recommendations page model', {
  paths,
  all,
  transitions: transition,
  screen: screenOf,
  events: EVENTS,
  eventKey: keyOf,
  machine: recommendationsMachine,
  states: Object.keys(assertState),
  stateKeys: (s: Snap) => [stateName(s)],
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: async () => {
    await render();
    // What the page should show, worked out from what the coordinator did and the server answered along the path (not
    // read from the snapshot): so a machine that took a wrong step is caught where its snapshot and the view agree.
    const want = { state: 'loading', fields: [] as string[], fieldId: '', failure: '', generated: null as number | null, total: 0, cards: 0, loads: [{ fieldId: '' }], generates: [] as unknown[] };
    const follow = (e: Ev) => {
      const load = () => Object.assign(want, { state: 'loading', loads: [...want.loads, { fieldId: want.fieldId }] });
      if (e.type === 'xstate.done.actor.load')
        Object.assign(want, { state: 'ready.idle', total: e.output.stats.total, cards: e.output.recommendations.length, failure: '', fields: e.output.fields.map((f: { _id: string }) => f._id) });
      else if (e.type === 'xstate.error.actor.load') want.state = 'failed';
      else if (e.type === 'field.select') {
        want.fieldId = e.fieldId;
        load();
      }
      else if (e.type === 'list.refresh' || e.type === 'recommendation.changed') load();
      else if (e.type === 'generate.open') Object.assign(want, { state: 'ready.dialog', failure: '', generated: null });
      else if (e.type === 'generate.cancel') Object.assign(want, { state: 'ready.idle', failure: '' });
      else if (e.type === 'generate.submit' && want.fieldId) Object.assign(want, { state: 'ready.generating', failure: '', generates: [...want.generates, { fieldId: want.fieldId }] });
      else if (e.type === 'generate.submit') want.failure = 'noField';
      else if (e.type === 'notice.dismiss') want.generated = null;
      else if (e.type === 'xstate.done.actor.generate') {
        want.generated = e.output.length;
        load();
      }
      else if (e.type === 'xstate.error.actor.generate') Object.assign(want, { state: 'ready.dialog', failure: 'generate' });
    };
    return {
      exec: byKey(exec, keyOf),
      check: ({ event, state }) => {
        follow(event as Ev);
        expect(stateName(state as Snap)).toBe(want.state);
        expect(drive.loads).toEqual(want.loads);
        expect(drive.generates).toEqual(want.generates);
        expect((getLabelled('Field') as HTMLSelectElement).value).toBe(want.fieldId);
        // The selector offers All fields and the fields loaded so far (none before the first answer).
        expect([...(getLabelled('Field') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', ...want.fields]);
        expect(statValue('Total Recommendations')).toBe(String(want.total));
        if (want.generated != null) expect(get('status')).toHaveTextContent(`Generated ${want.generated} new recommendations!`);
        else expect(query('status')).toBeNull();
        if (want.state === 'loading' && want.cards === 0) expect(screen.getByText('Loading recommendations…')).toBeInTheDocument();
        if (want.state === 'ready.dialog') {
          const alert = query('alert');
          if (want.failure === 'noField') expect(alert).toHaveTextContent('Please select a field first');
          else if (want.failure === 'generate') expect(alert).toHaveTextContent('Failed to generate recommendation');
          else expect(alert).toBeNull();
        }
        assertState[stateName(state as Snap)](state as Snap);
      },
    };
  },
});

describe('recommendations page, steps the walk cannot take under a mutant', () => {
  // A mutant that drops a transition also drops it from the generated walk (which only sends what the machine
  // accepts): these say what each step must do.
  const start = () => {
    const actor = createActor(recommendationsMachine.provide({ actors: { load: fromPromise(() => new Promise<Loaded>(() => {})) } })).start();
    const loaded = () => actor.send({ type: 'xstate.done.actor.load', output: LOADED } as never);
    return { actor, loaded, state: () => actor.getSnapshot() };
  };

  it('Refresh and a field reload the page, after a failed load too', () => {
    const { actor, loaded, state } = start();
    loaded();
    actor.send({ type: 'list.refresh' });
    expect(state().value).toBe('loading');
    actor.send({ type: 'xstate.error.actor.load', error: new HttpError(500, 'server') } as never);
    expect(state().value).toBe('failed');
    actor.send({ type: 'field.select', fieldId: 'f-1' });
    expect(state().value).toBe('loading');
    expect(state().context.fieldId).toBe('f-1');
    actor.stop();
  });

  it('Generate without a field keeps the dialog open and says to choose one', () => {
    const { actor, loaded, state } = start();
    loaded();
    actor.send({ type: 'generate.open' });
    actor.send({ type: 'generate.submit' });
    expect(state().value).toEqual({ ready: 'dialog' });
    expect(state().context.failure).toBe('noField');
    actor.stop();
  });
});

describe('recommendations page, against the API', () => {
  it('loads, filters by field and generates through its own calls; the server’s words when a generation is refused', async () => {
    const GENERATED_ON_SERVER = [makeRec({ _id: 'r-2' }), makeRec({ _id: 'r-3', cropName: 'Wheat' })];
    let refuse = true;
    let stats = 0;
    const api = await startApiServer(({ method, path, query }) => {
      if (path === '/api/v1/fields') return { status: 200, body: { data: { fields: FIELDS } } };
      if (path === '/api/v1/ai-recommendations') return { status: 200, body: { recommendations: query.fieldId === 'f-1' ? [makeRec()] : [] } };
      if (path === '/api/v1/ai-recommendations/stats')
        return ++stats < 3 ? { status: 200, body: { stats: { total: 7, implemented: 2, implementationRate: 28.6 } } } : { status: 503 };
      if (method === 'POST' && path === '/api/v1/ai-recommendations/generate') {
        if (!refuse) return { status: 200, body: { recommendations: GENERATED_ON_SERVER } };
        refuse = false;
        const words = 'This field has no soil test yet.';
        return { status: 400, body: { statusCode: 400, code: 'BAD_REQUEST', error: words, message: { english: words, marathi: words, hindi: words } } };
      }
      return { status: 404 };
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderView(<AiRecommendationsView />, { session: 'coordinator', intlLocale: 'en', path: '/ai-recommendations' });
      expect(await screen.findByText('No Recommendations Yet')).toBeInTheDocument();
      expect(statValue('Total Recommendations')).toBe('7');
      expect(api.calls('/ai-recommendations').map((r) => r.query)).toEqual([{}]);
      fireEvent.change(getLabelled('Field'), { target: { value: 'f-1' } });
      expect(await screen.findByText('Chana')).toBeInTheDocument();
      expect(api.calls('/ai-recommendations').map((r) => r.query)).toEqual([{}, { fieldId: 'f-1' }]);
      click('Generate New Recommendation');
      click('Generate');
      expect(await screen.findByRole('alert')).toHaveTextContent('This field has no soil test yet.');
      click('Generate');
      expect(await screen.findByRole('status')).toHaveTextContent('Generated 2 new recommendations!');
      expect(api.calls('/ai-recommendations/generate').map((r) => [r.method, r.body])).toEqual([
        ['POST', { fieldId: 'f-1' }],
        ['POST', { fieldId: 'f-1' }],
      ]);
      // The reload after the generation finds the stats failing: logged, and the last figures stay.
      await waitFor(() => expect(api.calls('/ai-recommendations').map((r) => r.query)).toEqual([{}, { fieldId: 'f-1' }, { fieldId: 'f-1' }]));
      await waitFor(() => expect(logged).toHaveBeenCalledWith('recommendations: stats failed', expect.anything()));
      await waitFor(() => expect(get('button', 'Generate New Recommendation')).toBeEnabled());
      expect(statValue('Total Recommendations')).toBe('7');
    } finally {
      logged.mockRestore();
      await api.close();
    }
  });
});
