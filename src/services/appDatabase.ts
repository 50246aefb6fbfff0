/**
 * The app's one IndexedDB database on the phone (issue 17): `shetmitra`, with a store for what each screen last
 * showed (`lastSeen`, services/offlineCache), one for the writes waiting to be sent (`outbox`, services/outbox) and
 * one for which refresh token replaced which (`rotations`, services/tokenRotations).
 * Each opens it here, so the versioned upgrade is written once: a new store is a new version with its own step.
 *
 * Before this database the two had their own (`shetmitra-offline`, `shetmitra-outbox`). On every start the old
 * outbox's waiting writes are copied in (by id: copying twice changes nothing, and each keeps its idempotency key)
 * and the old databases are deleted; the old copies of screens are only dropped (the next load keeps them again).
 * idb comes with the first read or write, after the first paint: not in the farmer's initial JavaScript (budget).
 */
import type { IDBPDatabase } from 'idb';

export const APP_DB = 'shetmitra';
export const LAST_SEEN = 'lastSeen';
export const OUTBOX = 'outbox';
export const ROTATIONS = 'rotations';

/** The upgrade steps, one per version: `steps[v - 1]` brings a database at version v - 1 to v. */
const steps: Array<(db: IDBPDatabase) => void> = [
  (db) => {
    db.createObjectStore(LAST_SEEN);
    db.createObjectStore(OUTBOX, { keyPath: 'id' });
  },
  (db) => {
    db.createObjectStore(ROTATIONS);
  },
];

const OLD_CACHE = 'shetmitra-offline';
const OLD_OUTBOX = { name: 'shetmitra-outbox', store: 'items' };

let opening: Promise<IDBPDatabase> | null = null;

/** The open database, or null without IndexedDB (jsdom, a private mode that refuses it). Rejects when it cannot open. */
export function appDatabase(): Promise<IDBPDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  opening ??= import('idb')
    .then(async ({ openDB }) => {
      const db = await openDB(APP_DB, steps.length, {
        upgrade(d, oldVersion) {
          for (let v = oldVersion; v < steps.length; v++) steps[v](d);
        },
        // Another tab runs a newer version that needs an upgrade: this one lets go (it reopens on its next use).
        blocking() {
          db.close();
          opening = null;
        },
      });
      await bringOverOldDatabases(db);
      return db;
    })
    .catch((error: unknown) => {
      opening = null;
      throw error;
    });
  return opening;
}

/** Whether a database of that name exists (where the browser can say; else it is opened and found empty). */
async function exists(name: string) {
  const list = await indexedDB.databases?.().catch(() => null);
  return list ? list.some((d) => d.name === name) : true;
}

/** The two databases from before this one: the waiting writes are moved over, the screens' copies dropped. */
async function bringOverOldDatabases(db: IDBPDatabase) {
  const { openDB, deleteDB } = await import('idb');
  if (await exists(OLD_OUTBOX.name)) {
    const old = await openDB(OLD_OUTBOX.name);
    try {
      if (old.objectStoreNames.contains(OLD_OUTBOX.store)) {
        const items = (await old.getAll(OLD_OUTBOX.store)) as Array<{ id: string }>;
        const tx = db.transaction(OUTBOX, 'readwrite');
        // An item already moved (a start that stopped before the delete) is not overwritten: it may have moved on.
        await Promise.all(items.map(async (item) => (await tx.store.getKey(item.id)) ?? tx.store.put(item)));
        await tx.done;
      }
    } finally {
      old.close();
    }
    // Not awaited: an old tab that still holds it would block the start; it goes once that tab closes.
    void deleteDB(OLD_OUTBOX.name).catch(() => undefined);
  }
  if (await exists(OLD_CACHE)) void deleteDB(OLD_CACHE).catch(() => undefined);
}
