/**
 * A lazily loaded part waits out a lost network (src/shared/lazyRetry.ts): a failed import is tried again after a
 * growing pause, or at once when the browser says it is online again, and never rejects into the React tree.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryImport } from '@/shared/lazyRetry';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** An import that fails `failures` times (a dropped network), then gives the module. */
function flaky(failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: 'module' };
  });
  return load;
}

describe('retryImport', () => {
  it('tries again after 1 s, 2 s, 4 s … and resolves with the module once a try succeeds', async () => {
    const load = flaky(3);
    let done: unknown = null;
    void retryImport(load).then((m) => (done = m));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(done).toBeNull();
    await vi.advanceTimersByTimeAsync(4000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(done).toEqual({ default: 'module' });
    // Nothing is tried after success.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('tries again at once when the browser comes back online, and only once for that failure', async () => {
    const load = flaky(1);
    let done: unknown = null;
    void retryImport(load, [60_000]).then((m) => (done = m));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(done).toEqual({ default: 'module' });
    // The pause's timer was cancelled with the retry.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the longest pause once the list is used up, and never rejects', async () => {
    const load = flaky(Infinity);
    const settled = vi.fn();
    retryImport(load, [10, 20]).then(settled, settled);
    await vi.advanceTimersByTimeAsync(0 + 10 + 20 + 20 + 20);
    expect(load).toHaveBeenCalledTimes(5);
    expect(settled).not.toHaveBeenCalled();
  });
});
