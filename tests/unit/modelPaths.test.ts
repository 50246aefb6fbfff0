import { describe, expect, it } from 'vitest';
import { coveringPaths, leafPaths } from '../support/modelHarness';

const step = (type: string, state = type) => ({ event: { type }, state });
const path = (...types: string[]) => ({ steps: types.map((t) => step(t)) });

describe('leafPaths', () => {
  it('drops every path another path extends, and repeats', () => {
    const a = path('init');
    const b = path('init', 'load');
    const c = path('init', 'load', 'save');
    const d = path('init', 'fail');
    const kept = leafPaths([a, b, c, d, path('init', 'fail')]);
    expect(kept).toEqual([c, d]);
  });

  it('tells events apart by their data, not only their type', () => {
    const one = { steps: [step('init'), { event: { type: 'page.go', page: 1 }, state: 'p' }] };
    const two = { steps: [step('init'), { event: { type: 'page.go', page: 2 }, state: 'p' }, step('x')] };
    expect(leafPaths([one, two])).toEqual([one, two]);
  });
});

describe('coveringPaths', () => {
  const byEvent = (_b: string | null, e: { type: string }) => e.type;
  it('keeps the fewest paths that show every feature', () => {
    const long = path('init', 'a', 'b', 'c');
    const kept = coveringPaths([path('init', 'a'), path('init', 'b'), long, path('init', 'd')], byEvent);
    expect(kept).toEqual([long, path('init', 'd')]);
  });

  it('tells features apart by the states on either side', () => {
    const p1 = { steps: [step('init', 's0'), step('go', 's1')] };
    const p2 = { steps: [step('init', 's0'), step('go', 's2')] };
    const feature = (b: string | null, e: { type: string }, a: string) => `${b}-${e.type}-${a}`;
    expect(coveringPaths([p1, p2], feature)).toEqual([p1, p2]);
    expect(coveringPaths([p1, p2], byEvent)).toEqual([p1]);
  });
});
