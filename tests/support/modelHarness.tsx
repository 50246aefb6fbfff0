/**
 * The one harness of the generated model tests (tests/model/**): traversal options, path naming, the runner loop,
 * the guard test and the render helper, so a model file holds only what is its own — the events, the executors
 * that drive the real view, and the checks of each state.
 *
 *   const paths = modelPaths(inboxBadgeMachine, { events: EVENTS });
 *   describeModel('inbox badge', {
 *     paths,
 *     events: EVENTS,
 *     states: ['loading', 'ready'],
 *     render: () => {
 *       renderView(<InboxLink logic={logic} />, { session: 'farmer' });
 *       return { exec: { 'xstate.init': () => {}, … }, check: (step) => … };
 *     },
 *   });
 *
 * `describeModel` writes one test per path (named by its events, 'init → done.actor.load(3) → inbox.unreadChanged')
 * and the guard test: every state the machine reaches is reached by a rendered path and has a check, and every
 * event of the list is driven — a machine edit that outruns the tests fails it.
 *
 * What a model file may still need, here rather than in the file:
 * - a narrower render: `leafPaths(all)` or `coveringPaths(leafPaths(all), transition)`, with `all` (and
 *   `transitions`) given so the guard holds the rendered paths to the whole walk;
 * - several starts of one machine (a device, a stored session, a role): `variants(...)`, one guard over them;
 * - events told apart by payload (`eventKey`), executors keyed that way (`byKey`), one executor function
 *   (a switch), promise actors settled by the step (`pendingActors`), the snapshots of a path (`replay`),
 *   the file's own checks of the walk (`walk`) and a longer time limit (`timeout`);
 * - staff lists share more in tests/support/listModel.tsx (offers, walk, executors, rows and pager checks).
 */
import { act } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise, getInitialSnapshot, getNextSnapshot, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { deferred, type Deferred } from './deferred';
import { farmer, grant } from './sessionFixtures';
import { sessionMachine } from '@/machines/session.machine';
import { fromCallback } from 'xstate';
import { recordModel, transitionKey } from './machineCoverage';

export { renderView, testLocation, type MemoryLocation, type RenderOptions } from './render';
export { deferred, type Deferred } from './deferred';

// ——— naming and serialising ———

/** Distinguishes two events of one type by payload (a File serialises to {} in JSON), so both variants are explored. */
export const eventKey = (e: AnyEventObject | undefined) => {
  if (!e) return '';
  const { type, ...rest } = e;
  const payload = JSON.stringify(rest, (_k, v) => (typeof File !== 'undefined' && v instanceof File ? `file:${v.name}` : v instanceof Error ? `error:${v.message}` : v));
  return `${type}${payload === '{}' ? '' : payload}`;
};

/** State, event and previous state: each transition into a state is its own node (not only the first one found). */
export const serializeState = (s: { value: unknown }, e: AnyEventObject | undefined, prev?: { value: unknown }) =>
  `${JSON.stringify(s.value)}|${eventKey(e)}|${JSON.stringify(prev?.value)}`;

/** The same, plus a projection of context the guards depend on (e.g. how many fields are filled). */
export const serializeWith =
  <C,>(project: (context: C) => unknown) =>
  (s: { value: unknown; context: C }, e: AnyEventObject | undefined, prev?: { value: unknown }) =>
    `${serializeState(s, e, prev)}|${JSON.stringify(project(s.context))}`;

/** A readable test name: each step's event (without the 'xstate.' prefix) with its payload cut short. */
export const pathName = (steps: { event: AnyEventObject }[]) =>
  steps
    .map((s) => {
      const key = eventKey(s.event).replace(/^xstate\./, '').replace(/"/g, '');
      return key.length > 60 ? `${key.slice(0, 57)}…}` : key;
    })
    .join(' → ') || 'start';

/** Every event the machine handles is in the test's event list (and nothing else): new events fail loudly. */
export const eventTypes = (events: AnyEventObject[]) => [...new Set(events.map((e) => e.type))].sort();
export const machineEventTypes = (machine: { events: readonly string[] }) => [...new Set(machine.events)].sort();

/** The value of a (possibly nested or parallel) state as one dotted string per leaf, e.g. "ready.field.weather.shown". */
export function leafValues(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leafValues(v, `${prefix}${k}.`));
}

/** The state value as one dotted string ('edit.saveFailed'); for a non-parallel machine, its one leaf. */
export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const [k, v] = Object.entries(value as Record<string, unknown>)[0];
  return `${k}.${stateKey(v)}`;
}

// ——— traversal ———

export type ModelStep = { event: AnyEventObject; state: any };
/** A path; `variant` names the start it was walked from when one model has several (see `variants`). */
export type ModelPath = { steps: ModelStep[]; state: any; variant?: { label: string; value: any } };

export type TraversalOptions = {
  events: readonly AnyEventObject[];
  input?: unknown;
  /** Default: the events the state accepts (`s.can(e)`). */
  filterEvents?: (s: any, e: any) => boolean;
  /** Default: `serializeState` (state, event, previous state). */
  serializeState?: (s: any, e: any, prev?: any) => string;
  /** Default: `eventKey` (type and payload). */
  serializeEvent?: (e: any) => string;
  stopWhen?: (s: any) => boolean;
  limit?: number;
  /** Every simple path instead of the shortest path to each node. */
  simple?: boolean;
};

/** The paths of `machine` under the house traversal options (see TraversalOptions for the defaults). */
export function modelPaths(machine: AnyStateMachine, options: TraversalOptions): ModelPath[] {
  const { simple, ...rest } = options;
  const traversal = {
    filterEvents: (s: any, e: any) => s.can(e),
    serializeState,
    serializeEvent: eventKey,
    ...rest,
    events: [...options.events],
  };
  return (simple ? getSimplePaths : getShortestPaths)(machine, traversal as never) as unknown as ModelPath[];
}

/**
 * The paths of one model walked from several starts (an input, a device): each path carries its start as
 * `variant` (its label prefixes the test name; `render` reads its value), and the guard holds their union —
 * a state one start cannot reach counts when another reaches it.
 */
export function variants<V>(starts: readonly (readonly [label: string, value: V, paths: ModelPath[]])[]): ModelPath[] {
  return starts.flatMap(([label, value, paths]) => paths.map((p) => ({ ...p, variant: { label, value } })));
}

/**
 * The exact snapshots along a path. Paths are keyed on a slice of context, so the snapshot stored in a
 * step may have come by another route; replaying the path's events purely gives this path's own.
 */
export function replay(machine: AnyStateMachine, events: EventObject[], input?: unknown) {
  let snap = getInitialSnapshot(machine, input as never);
  return events.map((e) => (snap = e.type === 'xstate.init' ? snap : getNextSnapshot(machine, snap, e as never)));
}

/**
 * Shortest paths to every (state, context slice, event, previous state) combination: each transition
 * of the machine ends at least one path. `slice` picks the context that guards depend on. The snapshots
 * stored in a path may have come by another route (the key is a slice): `replay` gives the path's own.
 */
export function transitionPaths(
  machine: AnyStateMachine,
  events: EventObject[],
  slice: (context: any) => unknown,
  extra: {
    input?: unknown;
    stopWhen?: (s: any) => boolean;
    /** Typing the value a field already holds fires no change event in a browser: not a real step. */
    unchanged?: (context: any, e: any) => boolean;
    /** Key on the previous state too (more paths; needed when one event reaches a state from several). */
    withPrevious?: boolean;
  } = {},
): ModelPath[] {
  return modelPaths(machine, {
    events: events as AnyEventObject[],
    input: extra.input,
    stopWhen: extra.stopWhen,
    filterEvents: (s, e) => s.can(e) && !extra.unchanged?.(s.context, e),
    serializeState: (s, e, prev) =>
      `${JSON.stringify(s.value)}|${JSON.stringify(slice(s.context))}|${e?.type}|${extra.withPrevious === false ? '' : JSON.stringify(prev?.value)}`,
    serializeEvent: (e) => JSON.stringify(e),
  });
}

/** A test name of event types only ('init → otp.request → done.actor.requestOtp'), for paths whose payloads are long. */
export const typeNames = (p: ModelPath) => p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ');

// ——— narrowing the render ———

/*
 * `getShortestPaths` builds a tree: the path to a state is the path to its predecessor plus one step, so
 * every proper prefix of a path is itself one of the paths. A test that walks a path checks every state on
 * the way, so running only the paths no other path extends (the leaves) replays every step of every path:
 * the same states and transitions are driven and checked, each prefix once instead of once per descendant.
 */
type Step = { event: { type: string } };
type Path = { steps: Step[] };

const stepKey = (s: Step) => JSON.stringify(s.event);

/** The paths that are not a prefix of another path (duplicates kept once). */
export function leafPaths<P extends Path>(paths: P[]): P[] {
  const prefixes = new Set<string>();
  const keyed = paths.map((p) => {
    let key = '';
    for (const [i, s] of p.steps.entries()) {
      if (i > 0) prefixes.add(key);
      key += `${stepKey(s)}\n`;
    }
    return { p, key };
  });
  const seen = new Set<string>();
  return keyed
    .filter(({ key }) => {
      if (prefixes.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ p }) => p);
}

type Walk = { steps: { event: { type: string }; state: unknown }[] };

/**
 * What a walk shows: for each step, `feature(before, event, after)` (before is null for the first step).
 * Two steps with the same feature drive the same transition between screens the test tells apart.
 */
export function features<P extends Walk>(p: P, feature: (before: P['steps'][number]['state'] | null, event: P['steps'][number]['event'], after: P['steps'][number]['state']) => string) {
  return p.steps.map((s, i) => feature(i === 0 ? null : p.steps[i - 1].state, s.event, s.state));
}

/**
 * The fewest paths (greedy set cover, longest-gain first, ties in the given order) whose steps together show
 * every feature that any of `paths` shows. Deterministic for a given machine and feature.
 */
export function coveringPaths<P extends Walk>(paths: P[], feature: Parameters<typeof features<P>>[1]): P[] {
  return cover(paths, (p) => features(p, feature));
}

/** The greedy set cover of `coveringPaths`, over each path's own list of features. */
function cover<P>(paths: P[], featuresOf: (p: P) => string[]): P[] {
  const sets = paths.map((p) => new Set(featuresOf(p)));
  const missing = new Set(sets.flatMap((s) => [...s]));
  const chosen: P[] = [];
  while (missing.size) {
    let best = -1;
    let gain = 0;
    sets.forEach((s, i) => {
      let g = 0;
      for (const f of s) if (missing.has(f)) g++;
      if (g > gain) [best, gain] = [i, g];
    });
    chosen.push(paths[best]);
    for (const f of sets[best]) missing.delete(f);
  }
  return chosen;
}

/** A context as text for telling screens apart: actors by id, functions and cycles as markers, Files by name. */
function contextText(context: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(context, (_k, v) => {
    if (typeof v === 'function') return 'fn';
    if (typeof File !== 'undefined' && v instanceof File) return `file:${v.name}`;
    if (v instanceof Error) return `error:${v.message}`;
    if (v && typeof v === 'object') {
      if ('sessionId' in v && 'send' in v) return `actor:${(v as { id?: string }).id}`;
      if (seen.has(v)) return 'cycle';
      seen.add(v);
    }
    return v;
  });
}

/**
 * Runs a pure computation (a replay) with the clock, Math.random and crypto.randomUUID made fixed, so what a machine
 * stamps or draws (a field id, a saved-at time, an outbox id) reads the same on every replay of a path and in every
 * run: the covering set, and so the rendered paths and the statechart pages, do not change from run to run.
 */
function frozen<T>(run: () => T): T {
  const RealDate = Date;
  const random = Math.random;
  const at = RealDate.UTC(2026, 10, 26, 6, 0, 0);
  let seed = 20_261_126;
  const next = () => (seed = (seed * 16_807) % 2_147_483_647);
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      super(...((args.length ? args : [at]) as [number]));
    }
    static override now() {
      return at;
    }
  }
  const c = globalThis.crypto as unknown as Record<string, unknown> | undefined;
  const uuid = c && Object.getOwnPropertyDescriptor(c, 'randomUUID');
  globalThis.Date = FixedDate as DateConstructor;
  Math.random = () => next() / 2_147_483_647;
  if (c) Object.defineProperty(c, 'randomUUID', { configurable: true, writable: true, value: () => `00000000-0000-4000-8000-${String(next()).padStart(12, '0')}` });
  try {
    return run();
  } finally {
    globalThis.Date = RealDate;
    Math.random = random;
    if (c) {
      if (uuid) Object.defineProperty(c, 'randomUUID', uuid);
      else delete c.randomUUID;
    }
  }
}

/**
 * What a path shows of its machine, replayed from its events (the snapshots stored in a walk may have come by another
 * route: the walk keys on a slice of context): for each event, the statechart step — the state value before it, the
 * event (type and payload), the transitions it took (source, event, which guarded candidate: the keys of the measured
 * coverage) and the state value after it — and the screen it lands on (`screen`: by default the state value with the
 * whole context). A variant's are its own.
 */
export function statechartSteps(p: ModelPath, screen: (state: any) => string | string[] = wholeScreen): string[] {
  // Replayed once per path and screen: the covering set and the guard test read the same list.
  const known = replayed.get(p);
  if (known?.screen === screen) return known.steps;
  const steps = replaySteps(p, screen);
  replayed.set(p, { screen, steps });
  return steps;
}

const wholeScreen = (s: AnyMachineSnapshot) => `${JSON.stringify(s.value)} ${contextText(s.context)}`;
const replayed = new WeakMap<ModelPath, { screen: (state: any) => string | string[]; steps: string[] }>();

function replaySteps(p: ModelPath, screen: (state: any) => string | string[]): string[] {
  const first = p.steps[0]?.state as AnyMachineSnapshot | undefined;
  if (!first?.machine) return p.steps.map((s, i) => `${i}|${eventKey(s.event)}`);
  const machine = first.machine as AnyStateMachine;
  const variant = p.variant?.label ?? '';
  let before: AnyMachineSnapshot | null = null;
  return frozen(() =>
    p.steps.flatMap((s) => {
      const taken = before ? machine.getTransitionData(before as never, s.event as never).map((t) => transitionKey(t as never)) : [];
      const after: AnyMachineSnapshot = before ? (getNextSnapshot(machine, before as never, s.event as never) as AnyMachineSnapshot) : first;
      const step = ['step', variant, JSON.stringify(before?.value), eventKey(s.event), taken.join(','), JSON.stringify(after.value)].join(' ');
      before = after;
      return [step, ...[screen(after)].flat().map((shown) => `screen ${variant} ${shown}`)];
    }),
  );
}

/**
 * The paths a describeModel block renders: the fewest of the file's paths that still take every statechart step and
 * land on every screen that any of them does (`statechartSteps`; the screen is the file's `screen` when it states what
 * its checks tell apart, else the state value with the whole context). Each path is checked at every step, so the same
 * states, transitions and screens are driven and checked; what is dropped is only reaching a screen again by another
 * route. A file that states only `transitions` renders its own choice. `MODEL_PATHS=all` renders every path of the
 * file (`npm run paths -- <machine> --all`; the mutation runs unless `--rendered`).
 */
export function renderedPaths(spec: Pick<ModelSpec, 'paths' | 'transitions' | 'screen'>): ModelPath[] {
  if (process.env.MODEL_PATHS === 'all' || (spec.transitions && !spec.screen)) return spec.paths;
  return cover(spec.paths, (p) => statechartSteps(p, spec.screen));
}

// ——— driving the view ———

/** A failed call as http.ts makes it: status plus the server's translated message. */
export function httpError(status: number, english?: string) {
  return Object.assign(new Error(english ?? `HTTP ${status}`), {
    status,
    serverMessage: (lang: string) => (english ? `${english}${lang === 'english' ? '' : ` [${lang}]`}` : undefined),
  });
}

/**
 * Promise actors the path test settles itself: `actor(id)` is the logic to provide, and each run of it
 * leaves its promise in `pending[id]` and its input in `inputs[id]`. `settle(e)` finishes the one an `xstate.done.actor.<id>` or
 * `xstate.error.actor.<id>` event names (inside act) and says whether `e` was such an event.
 */
export function pendingActors() {
  const pending: Record<string, Deferred<unknown>> = {};
  /** The input of every run, per actor id (what the view asked the server for). */
  const inputs: Record<string, unknown[]> = {};
  const actor = (id: string) => {
    const runs: unknown[] = [];
    inputs[id] = runs;
    return fromPromise(({ input }) => {
      runs.push(input);
      return (pending[id] = deferred()).promise;
    }) as never;
  };
  const settle = async (e: { type: string; output?: unknown; error?: unknown }) => {
    const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type);
    if (!m) return false;
    const p = pending[m[2]];
    await act(async () => (m[1] === 'done' ? p.resolve(e.output) : p.reject(e.error)));
    return true;
  };
  return { actor, settle, pending, inputs };
}

/** The session the account screens render inside: signed in as the fixture farmer; its bridge to storage stubbed. */
export const SIGNED_IN_FARMER = {
  logic: sessionMachine.provide({ actors: { authBridge: fromCallback(() => () => {}) } }),
  input: { stored: grant(farmer, 1) },
};

// ——— the runner and the guard ———

/** What a path test renders: an executor per event type that drives the real view, and the check of each step. */
export type ModelDriver = {
  /**
   * Event type → what the user (or the server) does to make it happen; or one function for every event (a
   * switch over the type that throws for a type it does not know).
   */
  exec: Record<string, (event: any, step: ModelStep) => unknown> | ((event: any, step: ModelStep) => unknown);
  /** For `xstate.done/error.actor.*` events without an executor: settle the pending actor (see pendingActors). */
  settle?: (event: any) => Promise<boolean>;
  /** The checks after each step (the screen shows what the state and context say). */
  check: (step: ModelStep, index: number, path: ModelPath) => unknown;
  /** Checks over the whole path, after its last step (e.g. how often a service was called). */
  done?: () => unknown;
};

export type ModelSpec = {
  /** The paths to render (e.g. `leafPaths(all)` or `coveringPaths(…)`). */
  paths: ModelPath[];
  /** Every path of the traversal (default `paths`): what the machine can reach, so a narrower render cannot hide a state. */
  all?: ModelPath[];
  /** The events of the traversal: every type must be driven by a rendered path. */
  events: readonly AnyEventObject[];
  /**
   * How the guard tells two events of the list apart (default: the type). Give one when variants of a type
   * (two load answers, two values typed) must each be driven by a rendered path.
   */
  eventKey?: (event: any) => string;
  /**
   * With `coveringPaths`: the transitions (the same feature it covered) that the rendered paths must take, every
   * one that `all` takes — so narrowing the render cannot drop a step of the walk.
   */
  transitions?: (before: any, event: any, after: any) => string;
  /**
   * What the checks tell apart on screen (e.g. the page, whether rows show, the notice): the rendered paths are then
   * the fewest of `paths` that take every statechart step and show every such screen (`renderedPaths`); `paths` is
   * still held to `transitions` (every step between screens of the walk), and `MODEL_PATHS=all` renders all of it.
   */
  screen?: (state: any) => string | string[];
  /** The machine: its own event list must equal `events`' types (no event left out of the model). */
  machine?: { events: readonly string[] };
  /** The states the checks know, as leaf keys (`leafValues`): must equal the states the paths reach. */
  states: readonly string[];
  /** How a step's state is keyed for the guard (default: every leaf of its value). */
  stateKeys?: (state: any) => string[];
  /** A test name per path (default `pathName`). */
  name?: (path: ModelPath) => string;
  /** Render the view for one path and return its driver. */
  render: (path: ModelPath) => ModelDriver | Promise<ModelDriver>;
  /** The file's own checks of the walk (e.g. that a step is taken after another), run in the guard test. */
  walk?: (paths: ModelPath[]) => void;
  /** A path test's time limit (ms), for screens that wait on lazily loaded parts (default: 5 s + 1 s per step). */
  timeout?: number;
};

const keysOf = (spec: ModelSpec, paths: ModelPath[]) => {
  const key = spec.stateKeys ?? ((s: any) => leafValues(s.value));
  return [...new Set(paths.flatMap((p) => p.steps.flatMap((s) => key(s.state))))].sort();
};
const typesOf = (paths: ModelPath[], key: (e: any) => string = (e) => e.type) =>
  [...new Set(paths.flatMap((p) => p.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => key(s.event))))].sort();

/** Runs one path: render, then for each step its executor and its checks. */
export async function runPath(spec: ModelSpec, path: ModelPath) {
  const driver = await spec.render(path);
  for (const [i, step] of path.steps.entries()) {
    const run = typeof driver.exec === 'function' ? driver.exec : driver.exec[step.event.type];
    if (run) await run(step.event, step);
    else if (!(driver.settle && (await driver.settle(step.event)))) throw new Error(`no executor for ${step.event.type}`);
    await driver.check(step, i, path);
  }
  await driver.done?.();
}

/** The guard test's checks (exported for files that need them outside describeModel). */
export function expectModelComplete(spec: ModelSpec) {
  const all = spec.all ?? spec.paths;
  // Every state the machine reaches is reached by a rendered path and has checks.
  expect(keysOf(spec, spec.paths)).toEqual(keysOf(spec, all));
  expect(keysOf(spec, spec.paths)).toEqual([...spec.states].sort());
  // Every event of the list (each variant, with an eventKey) is driven by a rendered path, and no other.
  expect(spec.paths.every((p) => p.steps[0]?.event.type === 'xstate.init')).toBe(true);
  const key = spec.eventKey ?? ((e: AnyEventObject) => e.type);
  expect(typesOf(spec.paths, key)).toEqual([...new Set(spec.events.filter((e) => e.type !== 'xstate.init').map(key))].sort());
  if (spec.machine) expect(eventTypes([...spec.events])).toEqual(machineEventTypes(spec.machine));
  if (spec.transitions) {
    const taken = (ps: ModelPath[]) => [...new Set(ps.flatMap((p) => features(p, spec.transitions!)))].sort();
    expect(taken(spec.paths)).toEqual(taken(all));
  }
  spec.walk?.(spec.paths);
}

/**
 * One executor for a file whose executors are keyed by its own event key (e.g. 'load.done(0)'): looks the key
 * up in `exec` and fails for a key without one; the first step (xstate.init) only renders.
 */
export function byKey<E extends AnyEventObject>(exec: Record<string, (event: E) => unknown>, key: (event: E) => string) {
  return (event: E) => {
    if (event.type === 'xstate.init') return;
    const run = exec[key(event)];
    if (!run) throw new Error(`no executor for ${key(event)}`);
    return run(event);
  };
}

/** An event in plain words: 'xstate.done.actor.load' → 'load answers', 'alerts.filterSeverity' → 'alerts: filter severity'. */
export function eventWords(type: string): string {
  const words = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  let m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (m) return `${words(m[2])} ${m[1] === 'done' ? 'answers' : 'fails'}`;
  if ((m = /^xstate\.after\.(\d+)\./.exec(type))) return `after ${m[1]} ms`;
  if (type === 'xstate.init') return 'start';
  const [head, ...rest] = type.split('.');
  return rest.length ? `${words(head)}: ${words(rest.join(' '))}` : words(head);
}

/** A state in plain words: its leaves ('ready.list.shown' → 'ready › list › shown'), parallel regions joined with ' + '. */
export const stateWords = (value: unknown) => leafValues(value).map((l) => l.split('.').join(' › ')).join(' + ');

/** A path in plain words: 'loading → (load answers) → ready → (search) → ready'. */
export const pathWords = (p: ModelPath) =>
  p.steps.map((s, i) => `${i === 0 ? '' : `(${eventWords(s.event.type)}) → `}${stateWords(s.state?.value)}`).join(' → ');

/** One test per path plus the guard test, in a describe block named `title`. */
export function describeModel(title: string, given: ModelSpec) {
  // The guard holds the rendered paths to every path of the walk (`all`), as it did when all of them ran; the file's
  // own choice (`paths`) to its `transitions`, and the rendered paths to every statechart step and screen of it.
  const rendered = renderedPaths(given);
  const spec: ModelSpec = { ...given, all: given.all ?? given.paths, paths: rendered, transitions: rendered === given.paths ? given.transitions : undefined };
  describe(title, () => {
    const name = (p: ModelPath) => `${p.variant ? `${p.variant.label}: ` : ''}${(spec.name ?? ((q: ModelPath) => pathName(q.steps)))(p)}`;
    // Each path's result, for the statechart pages (tests/support/machineCoverage.ts).
    const results = new Map<ModelPath, string>(spec.paths.map((p) => [p, 'not run']));
    let file = '';
    it('reaches every state and drives every event through the view', () => {
      file = (expect.getState().testPath ?? '').replace(`${process.cwd()}/`, '');
      expectModelComplete(spec);
      if (rendered !== given.paths) {
        if (given.transitions) expectModelComplete({ ...given, all: spec.all, walk: undefined });
        const shown = (ps: ModelPath[]) => [...new Set(ps.flatMap((p) => statechartSteps(p, given.screen)))].sort();
        expect(shown(rendered)).toEqual(shown(given.paths));
      }
    });
    // A path's time limit grows with its steps (each renders and checks the screen): leaf and covering paths are
    // long, and on a busy 2-core machine a 12-step path can take longer than vitest's 5 s without anything hanging.
    for (const path of spec.paths) {
      it(name(path), async () => {
        results.set(path, 'failed');
        await runPath(spec, path);
        results.set(path, 'passed');
      }, spec.timeout ?? 5_000 + 1_000 * path.steps.length);
    }
    afterAll(() => {
      const machine = (spec.paths[0]?.steps[0]?.state as { machine?: { id: string } } | undefined)?.machine?.id ?? '';
      recordModel({ title, machine, file, paths: spec.paths.map((p) => ({ name: name(p), words: `${p.variant ? `${p.variant.label}: ` : ''}${pathWords(p)}`, result: results.get(p)! })) });
    });
  });
}
