/**
 * Server calls held for a fixed scenario to answer (tests/machines): `held(id)` is an actor that records its input and
 * waits; `last(id)` is its latest call, for the scenario to resolve or reject; `count(id)` says how many were made.
 */
import { fromPromise } from 'xstate';

export type HeldCall = { id: string; input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };

export function heldCalls() {
  const calls: HeldCall[] = [];
  const held = (id: string) => fromPromise(({ input }: { input: unknown }) => new Promise((resolve, reject) => calls.push({ id, input, resolve, reject })));
  const of = (id: string) => calls.filter((c) => c.id === id);
  const last = (id: string) => {
    const call = of(id).at(-1);
    if (!call) throw new Error(`no ${id} call`);
    return call;
  };
  return { calls, held, of, last, count: (id: string) => of(id).length };
}
