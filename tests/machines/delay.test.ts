/** The shared wait actor (src/machines/delay.ts): done after its time, and its timer gone once its machine stops it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { delay } from '@/machines/delay';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('delay actor', () => {
  it('is done after its time, not before', async () => {
    const actor = createActor(delay, { input: { ms: 1000 } }).start();
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('clears its timer when stopped (a machine leaving the waiting state)', async () => {
    const actor = createActor(delay, { input: { ms: 60_000 } }).start();
    expect(vi.getTimerCount()).toBe(1);
    actor.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
