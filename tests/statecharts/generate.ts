/**
 * The statechart pages (docs/statecharts/, issue 20 items 1 and 2), generated from the machine definitions and the
 * coverage the last web test run measured (tests/support/machineCoverage.ts):
 *  - per machine: a Mermaid stateDiagram-v2 (nested and parallel states, guards on the transitions, invoked actors),
 *    tables of states, transitions, guards and actors, the measured coverage, the hand-kept list of what is not
 *    covered and why, and the generated test paths in plain words;
 *  - index.md: every machine with its size and coverage; index.json: the machines' test files (`npm run paths`).
 * Only the section "Not covered, and why" of a page is written by hand; the generator keeps it.
 */
import { transitionKey, type CoverageRecord } from '../support/machineCoverage';
import type { AnyStateMachine } from 'xstate';
import type { MachineStories } from './stories';

type AnyNode = AnyStateMachine['root'];
type AnyTransition = {
  source: AnyNode;
  eventType: string;
  target?: readonly AnyNode[];
  guard?: unknown;
  reenter?: boolean;
};

export type MachineEntry = { machine: AnyStateMachine; file: string; exportName: string };

// ——— reading a machine ———

export function allNodes(node: AnyNode): AnyNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyNode>).flatMap(allNodes)];
}

export function transitionsOf(node: AnyNode): AnyTransition[] {
  const on = [...(node.transitions as Map<string, AnyTransition[]>).values()].flat();
  return [...on, ...((node.always as AnyTransition[] | undefined) ?? [])];
}

export function guardName(g: unknown): string {
  if (!g) return '';
  if (typeof g === 'string') return g;
  if (typeof g === 'function') {
    const f = g as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (f.guards) return `${f.name}(${f.guards.map(guardName).join(', ')})`;
    if (f.stateValue !== undefined) return `stateIn(${JSON.stringify(f.stateValue)})`;
    return f.name && f.name !== 'guard' ? `${f.name} (inline)` : 'inline guard';
  }
  if (typeof g === 'object' && g && 'type' in g) return String((g as { type: string }).type);
  return 'guard';
}

const rel = (machine: AnyStateMachine, id: string) => (id === machine.id ? '(machine)' : id.slice(machine.id.length + 1));

export const eventLabel = (t: string) => {
  if (t === '') return 'always';
  const after = /^xstate\.after\.(\d+)\./.exec(t);
  if (after) return `after ${after[1]} ms`;
  return t.replace(/^xstate\./, '');
};

type Invoke = { id: string; src: unknown };
const actorName = (i: Invoke) => {
  const src = typeof i.src === 'string' ? i.src : ((i.src as { id?: string })?.id ?? 'inline');
  return src === i.id ? i.id : `${i.id} (${src})`;
};

// ——— the Mermaid diagram ———

const mid = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');
const text = (s: string) => s.replace(/[:;#{}"]/g, ' ').replace(/\s+/g, ' ').trim();

function diagram(machine: AnyStateMachine): string {
  const out: string[] = ['stateDiagram-v2'];
  // Transitions are written inside the innermost state holding both ends (Mermaid keeps them in that box).
  const byParent = new Map<AnyNode, string[]>();
  const push = (n: AnyNode, line: string) => byParent.set(n, [...(byParent.get(n) ?? []), line]);
  const ancestors = (n: AnyNode) => {
    const a: AnyNode[] = [];
    for (let x: AnyNode | undefined = n; x; x = x.parent) a.unshift(x);
    return a;
  };
  for (const node of allNodes(machine.root)) {
    if (node === machine.root) continue;
    for (const t of transitionsOf(node)) {
      const guard = guardName(t.guard);
      const label = text(`${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`);
      for (const target of t.target ?? []) {
        const a = ancestors(node);
        const b = ancestors(target);
        let i = 0;
        while (i < a.length && i < b.length && a[i] === b[i]) i++;
        let lca = a[i - 1];
        if (lca === node || lca === target) lca = lca.parent ?? machine.root;
        push(lca, `${mid(node.id)} --> ${mid(target.id)} : ${label}`);
      }
    }
  }
  const write = (node: AnyNode, indent: string) => {
    const children = Object.values(node.states as Record<string, AnyNode>);
    const regions = node.type === 'parallel';
    children.forEach((c, i) => {
      if (regions && i > 0) out.push(`${indent}--`);
      const invokes = (c.invoke as Invoke[]).map(actorName);
      const inner = Object.values(c.states as Record<string, AnyNode>);
      if (inner.length) {
        out.push(`${indent}state "${text(c.key)}" as ${mid(c.id)} {`);
        if (c.type !== 'parallel' && c.initial?.target?.[0]) out.push(`${indent}  [*] --> ${mid(c.initial.target[0].id)}`);
        write(c, `${indent}  `);
        out.push(`${indent}}`);
        if (invokes.length) out.push(`${indent}note right of ${mid(c.id)} : invokes ${text(invokes.join(', '))}`);
      } else {
        out.push(`${indent}state "${text(c.key)}" as ${mid(c.id)}`);
        if (invokes.length) out.push(`${indent}${mid(c.id)} : invokes ${text(invokes.join(', '))}`);
        if (c.type === 'final') out.push(`${indent}${mid(c.id)} --> [*]`);
      }
    });
    if (!regions && node.initial?.target?.[0] && node === machine.root) out.push(`${indent}[*] --> ${mid(node.initial.target[0].id)}`);
    for (const line of byParent.get(node) ?? []) out.push(`${indent}${line}`);
  };
  write(machine.root, '  ');
  const rootInvokes = (machine.root.invoke as Invoke[]).map(actorName);
  if (rootInvokes.length) out.push(`  %% the whole machine invokes ${text(rootInvokes.join(', '))}`);
  return out.join('\n');
}

// ——— coverage ———

export type Measured = {
  states: Set<string>;
  transitions: Set<string>;
  models: CoverageRecord['models'];
};

export function mergeRecords(records: CoverageRecord[]): Map<string, Measured> {
  const out = new Map<string, Measured>();
  const get = (id: string) => {
    let m = out.get(id);
    if (!m) out.set(id, (m = { states: new Set(), transitions: new Set(), models: [] }));
    return m;
  };
  for (const r of records) {
    for (const [id, m] of Object.entries(r.machines)) {
      const acc = get(id);
      m.states.forEach((s) => acc.states.add(s));
      m.transitions.forEach((t) => acc.transitions.add(t));
    }
    for (const model of r.models) if (model.machine) get(model.machine).models.push(model);
  }
  for (const m of out.values()) m.models.sort((a, b) => `${a.file}|${a.title}`.localeCompare(`${b.file}|${b.title}`));
  return out;
}

export type Shape = {
  states: { id: string; key: string; type: string; invokes: string[] }[];
  transitions: { key: string; from: string; event: string; guard: string; to: string }[];
  guards: string[];
  actors: { name: string; in: string }[];
  events: string[];
};

export function shapeOf(machine: AnyStateMachine): Shape {
  const nodes = allNodes(machine.root);
  const states = nodes.filter((n) => n !== machine.root).map((n) => ({ id: n.id, key: rel(machine, n.id), type: n.type, invokes: (n.invoke as Invoke[]).map(actorName) }));
  const transitions = nodes.flatMap((n) =>
    transitionsOf(n).map((t) => ({
      key: transitionKey(t as never),
      from: n === machine.root ? '(any state)' : rel(machine, n.id),
      event: eventLabel(t.eventType),
      guard: guardName(t.guard),
      to: t.target?.length ? t.target.map((x) => rel(machine, x.id)).join(', ') + (t.reenter ? ' (re-entered)' : '') : '(stays; actions only)',
    })),
  );
  const guards = [...new Set(transitions.map((t) => t.guard).filter(Boolean))].sort();
  const actors = nodes.flatMap((n) => (n.invoke as Invoke[]).map((i) => ({ name: actorName(i), in: n === machine.root ? '(whole machine)' : rel(machine, n.id) })));
  return { states, transitions, guards, actors, events: [...new Set(machine.events as string[])].sort() };
}

/** The hand-kept lines of "## Not covered, and why": `- \`<state or transition key>\` — reason`. */
export function listedUncovered(page: string | null): { lines: string[]; keys: Map<string, string> } {
  const keys = new Map<string, string>();
  if (!page) return { lines: [], keys };
  const start = page.indexOf('\n## Not covered, and why\n');
  if (start < 0) return { lines: [], keys };
  const rest = page.slice(start + '\n## Not covered, and why\n'.length);
  const end = rest.search(/\n## /);
  const lines = (end < 0 ? rest : rest.slice(0, end)).split('\n').filter((l) => l.startsWith('- '));
  for (const l of lines) {
    const m = /^- `([^`]+)`\s*[—-]\s*(.+)$/.exec(l);
    if (m && m[2].trim()) keys.set(m[1], m[2].trim());
  }
  return { lines: lines.filter((l) => /^- `[^`]+`\s*[—-]\s*\S/.test(l)), keys };
}

export type Coverage = {
  states: [number, number];
  transitions: [number, number];
  uncovered: string[];
  /** Uncovered items without a reason in the page: the run fails on these. */
  unexplained: string[];
  /** Items listed as not covered that the tests now cover: the list must lose them. */
  staleReasons: string[];
};

export function coverageOf(shape: Shape, measured: Measured | undefined, listed: Map<string, string>): Coverage {
  const coveredStates = shape.states.filter((s) => measured?.states.has(s.id));
  const coveredTransitions = shape.transitions.filter((t) => measured?.transitions.has(t.key));
  const uncovered = [...shape.states.filter((s) => !measured?.states.has(s.id)).map((s) => s.id), ...shape.transitions.filter((t) => !measured?.transitions.has(t.key)).map((t) => t.key)];
  const known = new Set([...shape.states.map((s) => s.id), ...shape.transitions.map((t) => t.key)]);
  return {
    states: [coveredStates.length, shape.states.length],
    transitions: [coveredTransitions.length, shape.transitions.length],
    uncovered,
    unexplained: uncovered.filter((k) => !listed.has(k)),
    staleReasons: [...listed.keys()].filter((k) => !uncovered.includes(k) || !known.has(k)),
  };
}

const pct = ([a, b]: [number, number]) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(a === b ? 0 : 1)} %`);
const cell = (s: string) => s.replace(/\|/g, '\\|');

// ——— pages ———

export function machinePage(
  entry: MachineEntry,
  measured: Measured | undefined,
  existing: string | null,
  /** A reason to write for every gap not yet listed (once, when the list is first made: a baseline to work down). */
  seedReason?: string,
): { page: string; coverage: Coverage; shape: Shape } {
  const { machine } = entry;
  const shape = shapeOf(machine);
  const listed = listedUncovered(existing);
  if (seedReason) {
    for (const k of coverageOf(shape, measured, listed.keys).unexplained) {
      listed.keys.set(k, seedReason);
      listed.lines.push(`- \`${k}\` — ${seedReason}`);
    }
  }
  const coverage = coverageOf(shape, measured, listed.keys);
  const yes = (b: boolean | undefined) => (b ? '✓' : '**no**');
  const lines: string[] = [
    `# ${machine.id}`,
    '',
    `<!-- Generated by \`npm run statecharts\` from ${entry.file} (${entry.exportName}) and the measured coverage of the web tests. Edit the machine, not this page: only the section "Not covered, and why" is kept by hand. -->`,
    '',
    `Source: [${entry.file}](../../${entry.file}) · ${shape.states.length} states · ${shape.transitions.length} transitions · ${shape.events.length} events · ${shape.guards.length} guards · ${shape.actors.length} invoked actors`,
    '',
    `Measured coverage: states ${coverage.states[0]}/${coverage.states[1]} (${pct(coverage.states)}), transitions ${coverage.transitions[0]}/${coverage.transitions[1]} (${pct(coverage.transitions)}).`,
    '',
    '## Diagram',
    '',
    '```mermaid',
    diagram(machine),
    '```',
    '',
    '## States',
    '',
    '| State | Kind | Invokes | Covered |',
    '| --- | --- | --- | --- |',
    ...shape.states.map((s) => `| \`${cell(s.key)}\` | ${s.type} | ${cell(s.invokes.join(', ')) || ''} | ${yes(measured?.states.has(s.id))} |`),
    '',
    '## Transitions',
    '',
    '| From | Event | Guard | To | Key | Covered |',
    '| --- | --- | --- | --- | --- | --- |',
    ...shape.transitions.map((t) => `| \`${cell(t.from)}\` | ${cell(t.event)} | ${cell(t.guard)} | ${cell(t.to)} | \`${cell(t.key)}\` | ${yes(measured?.transitions.has(t.key))} |`),
    '',
    '## Events',
    '',
    shape.events.length ? shape.events.map((e) => `\`${e}\``).join(', ') : '(none)',
    '',
    '## Guards',
    '',
    shape.guards.length ? shape.guards.map((g) => `- ${g}`).join('\n') : '(none)',
    '',
    '## Invoked actors',
    '',
    shape.actors.length ? ['| Actor | In state |', '| --- | --- |', ...shape.actors.map((a) => `| ${cell(a.name)} | \`${cell(a.in)}\` |`)].join('\n') : '(none)',
    '',
    '## Not covered, and why',
    '',
    '<!-- Hand-kept: one line per state id or transition key the tests do not drive, `- `key` — reason`. The run fails on an uncovered item missing here, and on a line whose item is covered. -->',
    ...(listed.lines.length ? listed.lines : ['(nothing: every state and transition is driven)']),
    '',
    '## Generated test paths',
    '',
  ];
  const models = measured?.models ?? [];
  if (!models.length) lines.push('(no generated path tests drive this machine; it is tested by the files that import it)');
  for (const m of models) {
    lines.push(`### ${m.title}`, '', `[${m.file}](../../${m.file}) · ${m.paths.length} paths · \`npm run paths -- ${machine.id}\``, '');
    for (const p of m.paths) lines.push(`1. ${p.words}`);
    lines.push('');
  }
  return { page: `${lines.join('\n').trimEnd()}\n`, coverage, shape };
}

export function indexPage(
  rows: { entry: MachineEntry; coverage: Coverage; shape: Shape; paths: number; files: string[] }[],
  stories: Map<string, MachineStories> = new Map(),
  noOwnStory: Record<string, string> = {},
): string {
  const total = (f: (c: Coverage) => [number, number]) => rows.reduce<[number, number]>((a, r) => [a[0] + f(r.coverage)[0], a[1] + f(r.coverage)[1]], [0, 0]);
  return [
    '# Statecharts',
    '',
    '<!-- Generated by `npm run statecharts`; `npm test` fails when these pages differ from what it writes, or when a machine\'s measured coverage drops below 100 % for an item its page does not explain. -->',
    '',
    'Every machine in `src/machines/`, drawn from its definition, with the states and transitions the web tests measurably drive',
    '(recorded from the running actors by tests/support/machineCoverage.ts) and its generated path tests in plain words.',
    `Run one machine's generated tests with \`npm run paths -- <machine>\` (\`--all\`: every path of each walk, not only the ones listed).`,
    'A model file renders the fewest paths of its walk that still take every statechart step (state, event, transition',
    'taken, next state) and land on every screen the walk reaches (what its checks tell apart, or the state with its',
    'whole context; tests/support/modelHarness.tsx `renderedPaths`): those are the paths listed and counted here.',
    '',
    `In all: ${rows.length} machines, states ${total((c) => c.states)[0]}/${total((c) => c.states)[1]} (${pct(total((c) => c.states))}), transitions ${total((c) => c.transitions)[0]}/${total((c) => c.transitions)[1]} (${pct(total((c) => c.transitions))}) covered.`,
    '',
    '| Machine | Source | States | Transitions | Events | States covered | Transitions covered | Gaps (each explained in its page) | Generated paths |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| [${r.entry.machine.id}](${r.entry.machine.id}.md) | ${r.entry.file.replace('src/machines/', '')} | ${r.shape.states.length} | ${r.shape.transitions.length} | ${r.shape.events.length} | ${r.coverage.states[0]}/${r.coverage.states[1]} (${pct(r.coverage.states)}) | ${r.coverage.transitions[0]}/${r.coverage.transitions[1]} (${pct(r.coverage.transitions)}) | ${r.coverage.uncovered.length} | ${r.paths} |`,
    ),
    '',
    ...(stories.size ? storiesSection(rows.map((r) => r.entry), stories, noOwnStory) : []),
  ].join('\n');
}

/** A src/ path as a link from docs/statecharts/, named by its file. */
const srcLink = (file: string) => `[${file.replace(/^.*\//, '')}](../../${file})`;

/**
 * Views and their stories (issue 20 item 6): each machine's views, the stories of its own (they run as tests:
 * tests/stories.test.tsx) and those that show it inside another screen; then the machines without a story of
 * their own, each with its reason.
 */
function storiesSection(entries: MachineEntry[], stories: Map<string, MachineStories>, noOwnStory: Record<string, string>): string[] {
  const of = (e: MachineEntry) => stories.get(e.file) ?? { views: [], own: [], inside: [] };
  const without = entries.filter((e) => of(e).own.length === 0);
  return [
    '## Views and their stories',
    '',
    'Each machine\'s views (the src/views and src/app files that import it or its context), its own stories (a story that',
    'imports the machine, its context or one of those views: each story\'s play function runs as a test in',
    '`tests/stories.test.tsx`) and how many other stories show it inside another screen. Read from the sources by',
    '`tests/statecharts/stories.ts`.',
    '',
    '| Machine | Views | Stories of its own | Shown inside other stories |',
    '| --- | --- | --- | --- |',
    ...entries.map((e) => {
      const s = of(e);
      return `| ${e.machine.id} | ${s.views.map(srcLink).join(', ') || '—'} | ${s.own.map(srcLink).join(', ') || '**none**'} | ${s.inside.length} |`;
    }),
    '',
    '### Without a story of its own, and why',
    '',
    ...(without.length ? without.map((e) => `- ${e.machine.id}: ${noOwnStory[e.machine.id] ?? '**no reason given**'}`) : ['(none)']),
    '',
  ];
}
