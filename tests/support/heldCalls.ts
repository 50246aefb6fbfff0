/**
 * Server calls held for a fixed scenario to answer (tests/machines): `held(id)` is an actor that records its input and
 * waits; `last(id)` is its latest call, for the scenario to resolve or reject; `count(id)` says how many were made.
 */
import { createActor, fromPromise, type AnyStateMachine } from 'xstate';

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

const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * A machine started with the actors `ids` held (the others as the machine has them), and its driver: what it is and
 * holds, and each held call answered or failed (then a tick, for the machine to take the answer).
 */
export function startHeld(machine: AnyStateMachine, ids: string[], input?: unknown) {
  const { held, last, count } = heldCalls();
  const actor = createActor(machine.provide({ actors: Object.fromEntries(ids.map((id) => [id, held(id)])) }), { input }).start();
  return {
    actor,
    last,
    count,
    send: actor.send.bind(actor),
    value: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
    answer: async (id: string, v: unknown) => (last(id).resolve(v), tick()),
    fail: async (id: string, e: unknown) => (last(id).reject(e), tick()),
  };
}
