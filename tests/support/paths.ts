/**
 * Helpers for the generated path tests.
 *
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
  const sets = paths.map((p) => new Set(features(p, feature)));
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
