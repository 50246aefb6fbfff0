/**
 * The appUpdate machine with its own worker actor (the path tests in tests/model/appUpdate.model.test.tsx replace
 * it): registering the service worker once the app starts, the waiting version reported to the machine, the worker
 * told to activate only on the user's click, and nothing registered once the app has stopped.
 * The service worker itself (workbox-window) is replaced: jsdom has none.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { appUpdateMachine } from '@/machines/appUpdate.machine';
import type { AppWorker } from '@/services/appWorker';

const sw = vi.hoisted(() => ({
  onWaiting: null as (() => void) | null,
  activated: 0,
  /** What registerAppWorker answers: a worker, or null where there is none to register. */
  answer: 'worker' as 'worker' | 'none',
  registered: 0,
}));

vi.mock('@/services/appWorker', () => ({
  registerAppWorker: (onWaiting: () => void): AppWorker | null => {
    sw.registered++;
    sw.onWaiting = onWaiting;
    return sw.answer === 'worker' ? { activate: () => void sw.activated++ } : null;
  },
}));

/** The worker module loads in its own chunk (a dynamic import): let it arrive. */
const loaded = () => vi.waitFor(() => expect(sw.registered).toBe(1));

afterEach(() => {
  Object.assign(sw, { onWaiting: null, activated: 0, answer: 'worker', registered: 0 });
});

describe('app update with its own worker actor', () => {
  it('registers the worker at start; a waiting version asks, and only the click activates it', async () => {
    const actor = createActor(appUpdateMachine).start();
    await loaded();
    expect(actor.getSnapshot().value).toBe('current');
    sw.onWaiting!();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(sw.activated).toBe(0);
    actor.send({ type: 'update.dismiss' });
    expect(sw.activated).toBe(0);
    sw.onWaiting!();
    actor.send({ type: 'update.accept' });
    expect(actor.getSnapshot().value).toBe('updating');
    expect(sw.activated).toBe(1);
    expect(sw.registered).toBe(1);
    actor.stop();
  });

  it('registers nothing when the app stopped before the worker module arrived', async () => {
    const actor = createActor(appUpdateMachine).start();
    actor.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(sw.registered).toBe(0);
    // The module had arrived by then: a later start registers (the wait was long enough to see it).
    const again = createActor(appUpdateMachine).start();
    await loaded();
    again.stop();
  });

  it('where there is no service worker (none registered), an update accepted does not break the app', async () => {
    sw.answer = 'none';
    const actor = createActor(appUpdateMachine).start();
    await loaded();
    actor.send({ type: 'update.ready' });
    actor.send({ type: 'update.accept' });
    await waitFor(actor, (s) => s.matches('updating'));
    expect(actor.getSnapshot().status).toBe('active');
    expect(sw.activated).toBe(0);
    actor.stop();
  });
});
