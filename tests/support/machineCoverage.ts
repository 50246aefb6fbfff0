/**
 * Measured statechart coverage (issue 20 item 2): while the web tests run, which states each machine was in and
 * which of its transitions were taken — by the actors the views (and the machine tests) really started, not by
 * what a graph walk says they could do. tests/setup.ts installs it; each test file leaves its records in
 * MACHINE_COVERAGE_DIR (default test-results/machine-coverage, emptied by ./machineCoverage.globalSetup.ts at the
 * start of a run), and `npm run statecharts` (scripts/statecharts.mjs) sums them into docs/statecharts/.
 *
 * How: the microsteps of every started machine actor are read through XState's own inspection events (each carries
 * the transition definitions it took). A snapshot computed without an actor being started — the graph walk of
 * xstate/graph, `replay`, `getNextSnapshot` — records nothing: its microsteps are kept aside until `start()`, which
 * such snapshots never see.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Actor, StateMachine, type AnyActorRef, type AnyStateMachine } from 'xstate';

type AnyNode = AnyStateMachine['root'];
type TransitionDef = { source: AnyNode; eventType: string };

/** A transition's name in the records and the pages: `<source state id>|<event>|<index among that event's candidates>`. */
export function transitionKey(t: TransitionDef): string {
  const candidates = (t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType)) ?? [];
  return `${t.source.id}|${t.eventType}|${(candidates as unknown[]).indexOf(t)}`;
}

export type CoverageRecord = {
  /** machine id → state node ids entered and transition keys taken. */
  machines: Record<string, { states: string[]; transitions: string[] }>;
  /** The generated path tests of this file (describeModel), with their results. */
  models: { title: string; machine: string; file: string; paths: { name: string; words: string; result: string }[] }[];
};

type Acc = { states: Set<string>; transitions: Set<string> };
const KEY = Symbol.for('shetmitra.machineCoverage');
type Store = { machines: Map<string, Acc>; models: CoverageRecord['models'] };

function store(): Store {
  const g = globalThis as unknown as Record<symbol, Store>;
  return (g[KEY] ??= { machines: new Map(), models: [] });
}

function acc(machine: AnyStateMachine): Acc {
  const m = store().machines;
  let a = m.get(machine.id);
  if (!a) m.set(machine.id, (a = { states: new Set(), transitions: new Set() }));
  return a;
}

type Microstep = { type: string; actorRef: AnyActorRef; snapshot: { _nodes?: AnyNode[] }; _transitions?: TransitionDef[] };

function recordMicrostep(e: Microstep) {
  const machine = (e.actorRef as unknown as { logic: unknown }).logic;
  if (!(machine instanceof StateMachine)) return;
  const a = acc(machine as AnyStateMachine);
  for (const n of e.snapshot._nodes ?? []) if (n.parent) a.states.add(n.id);
  for (const t of e._transitions ?? []) a.transitions.add(transitionKey(t));
}

/** Records kept aside per actor until it starts (an actor that never starts is a pure computation). */
const pending = new WeakMap<object, Microstep[]>();
const watched = new WeakSet<object>();

const PATCHED = Symbol.for('shetmitra.machineCoverage.patched');
/** Idempotent per XState instance (a worker that shares modules between files installs it once). */
export function installMachineCoverage() {
  const proto = StateMachine.prototype as unknown as { getInitialSnapshot: (scope: any, input: unknown) => any; [PATCHED]?: true };
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;

  const initial = proto.getInitialSnapshot;
  proto.getInitialSnapshot = function (this: AnyStateMachine, scope: any, input: unknown) {
    const system = scope?.system;
    if (!system || watched.has(system)) return initial.call(this, scope, input);
    // Not yet known to be a started actor's: keep its first microsteps for start().
    const send = system._sendInspectionEvent;
    const kept: Microstep[] = [];
    system._sendInspectionEvent = (e: Microstep) => {
      if (e.type === '@xstate.microstep' && e.actorRef === scope.self) kept.push(e);
      return send(e);
    };
    try {
      const snapshot = initial.call(this, scope, input);
      // The state it rests in, even when no microstep was taken (no eventless transition).
      kept.push({ type: '@xstate.microstep', actorRef: scope.self, snapshot, _transitions: [] });
      pending.set(scope.self, kept);
      return snapshot;
    } finally {
      system._sendInspectionEvent = send;
    }
  };

  const actorProto = Actor.prototype as unknown as { start: () => unknown };
  const start = actorProto.start;
  actorProto.start = function (this: AnyActorRef & { system: any; logic: unknown }) {
    const system = this.system;
    if (system && !watched.has(system)) {
      watched.add(system);
      system.inspect((e: Microstep) => {
        if (e.type === '@xstate.microstep') recordMicrostep(e);
      });
    }
    for (const e of pending.get(this) ?? []) recordMicrostep(e);
    pending.delete(this);
    return start.call(this);
  };
}

/** A describeModel block's paths and results, for the statechart pages (see modelHarness). */
export function recordModel(entry: CoverageRecord['models'][number]) {
  store().models.push(entry);
}

/** Writes this file's records (called after each test file) and starts afresh. */
export function flushMachineCoverage(file: string) {
  const s = store();
  if (!s.machines.size && !s.models.length) return;
  const dir = process.env.MACHINE_COVERAGE_DIR ?? join(process.cwd(), 'test-results/machine-coverage');
  mkdirSync(dir, { recursive: true });
  const record: CoverageRecord = {
    machines: Object.fromEntries([...s.machines].map(([id, a]) => [id, { states: [...a.states].sort(), transitions: [...a.transitions].sort() }])),
    models: s.models,
  };
  const name = file.replace(/[^\w.-]+/g, '_').slice(-120);
  writeFileSync(join(dir, `${name}.${process.pid}.${Date.now()}.json`), JSON.stringify(record));
  s.machines.clear();
  s.models = [];
}
