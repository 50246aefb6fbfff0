/**
 * What a machine needs to show a screen offline (src/machines/offline.ts): keeping what it showed and reading it back
 * go to the phone's store (services/offlineCache, replaced here by a record of the calls), best effort; a load lost
 * to the network (no answer) is told from one the server refused; the browser's 'online' event reaches the machine.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { keep, networkAway, recallKept, watchOnline } from '@/machines/offline';
import { HttpError } from '@/shared/httpError';

const store = vi.hoisted(() => ({ remembered: [] as unknown[][], recalled: [] as string[], fail: false }));
vi.mock('@/services/offlineCache', () => ({
  remember: async (what: string, value: unknown) => {
    store.remembered.push([what, value]);
    if (store.fail) throw new Error('quota exceeded');
  },
  recall: async (what: string) => (store.recalled.push(what), what === 'home.fields' ? { value: ['f1'], savedAt: '2026-11-26T09:00:00.000Z' } : null),
}));

afterEach(() => {
  store.remembered = [];
  store.recalled = [];
  store.fail = false;
});

describe('keep and recallKept', () => {
  it('keeps the value under its name and reads it back by name', async () => {
    keep('home.fields', ['f1']);
    await vi.waitFor(() => expect(store.remembered).toEqual([['home.fields', ['f1']]]));
    expect(await recallKept('home.fields')).toEqual({ value: ['f1'], savedAt: '2026-11-26T09:00:00.000Z' });
    expect(await recallKept('inbox.unread')).toBeNull();
    expect(store.recalled).toEqual(['home.fields', 'inbox.unread']);
  });

  it('never fails the machine when the phone cannot keep it (best effort)', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      store.fail = true;
      expect(keep('home.fields', ['f1'])).toBeUndefined();
      await vi.waitFor(() => expect(store.remembered).toHaveLength(1));
      // Let a rejection that nobody caught surface.
      await new Promise((r) => setImmediate(r));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('networkAway', () => {
  it('is a load that got no answer, not one the server refused', () => {
    expect(networkAway({ event: { error: new HttpError(0, 'network') } })).toBe(true);
    expect(networkAway({ event: { error: new HttpError(0, 'timeout') } })).toBe(true);
    expect(networkAway({ event: { error: new HttpError(500, 'server') } })).toBe(false);
    expect(networkAway({ event: { error: new Error('offline') } })).toBe(false);
    expect(networkAway({ event: {} })).toBe(false);
  });
});

describe('watchOnline', () => {
  it("tells the machine when the browser is online again, and stops listening with it", () => {
    const heard: string[] = [];
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    try {
      const actor = createActor(createMachine({ invoke: { src: watchOnline }, on: { '*': { actions: ({ event }) => void heard.push(event.type) } } })).start();
      window.dispatchEvent(new Event('online'));
      expect(heard).toEqual(['network.online']);
      const listener = added.mock.calls.find(([type]) => type === 'online')![1];
      actor.stop();
      // The listener itself goes (not only its messages): a screen opened and closed many times leaves none behind.
      expect(removed).toHaveBeenCalledWith('online', listener);
      window.dispatchEvent(new Event('online'));
      expect(heard).toEqual(['network.online']);
    } finally {
      added.mockRestore();
      removed.mockRestore();
    }
  });
});
