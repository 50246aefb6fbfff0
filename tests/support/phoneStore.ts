/**
 * The phone's store as the machines reach it (src/machines/offline.ts: `keep` and `recallKept`), stood in for in the
 * fixed scenarios of tests/machines: what was kept where, what was read, a store that cannot be read, and a read that
 * waits. jsdom has no IndexedDB, and the stand-in sits at the module the machines import rather than at
 * services/offlineCache: a machine that keeps two copies in one step imports that module twice at once, and two
 * dynamic imports of a mocked module at once give the second the real module (vitest issue 7040).
 *
 *   vi.mock('@/machines/offline', async (actual) => (await import('../support/phoneStore')).offlineOnPhone(await actual()));
 *   import { phone, resetPhone } from '../support/phoneStore';
 *   beforeEach(resetPhone);
 */
import type * as Offline from '@/machines/offline';

export const phone = {
  kept: new Map<string, { value: unknown; savedAt: string }>(),
  writes: [] as [string, unknown][],
  reads: [] as string[],
  /** The store cannot be read (IndexedDB blocked or broken). */
  broken: false,
  /** While set, reading waits for it. */
  gate: null as Promise<void> | null,
};

export function resetPhone() {
  phone.kept.clear();
  phone.writes.length = 0;
  phone.reads.length = 0;
  phone.broken = false;
  phone.gate = null;
}

/** The offline module with its keep and recall going to `phone`. */
export function offlineOnPhone(actual: typeof Offline): typeof Offline {
  return {
    ...actual,
    keep: (what: string, value: unknown) => void phone.writes.push([what, value]),
    recallKept: (async (what: string) => {
      phone.reads.push(what);
      await phone.gate;
      if (phone.broken) throw new Error('IndexedDB unreadable');
      return phone.kept.get(what) ?? null;
    }) as typeof Offline.recallKept,
  };
}
