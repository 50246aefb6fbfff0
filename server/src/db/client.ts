/**
 * Opens the database: PGlite in a data folder (the embedded default) or node-postgres when a URL is given.
 * Both speak the same SQL and run the same migrations; the rest of the server only sees `Db`.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import { createWaitTracker } from '../domain/overload/waitTracker';

export type Db = NodePgDatabase<typeof schema>;
export type DbKind = 'pglite' | 'postgres';
export type Database = {
  db: Db;
  kind: DbKind;
  /** Cheap liveness probe for /health. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (PostgreSQL: one dedicated connection, reopened after a drop, when `onReset` is
   * called because notifications may have been missed). Resolves to a function that stops listening.
   */
  listen?(channel: string, onMessage: (payload: string | undefined) => void, onReset?: () => void): Promise<() => Promise<void>>;
  /** PostgreSQL's connection pool right now (the embedded database has none): /metrics reports it. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * Queries waiting for a connection right now (PGlite: behind the query it is running, one at a time;
   * PostgreSQL: for a pool connection) and how long the oldest has waited in ms: the overload guard's
   * database-wait limit (plugins/overload.ts).
   */
  waits(): { waiting: number; oldestMs: number };
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** How long a query waits for a connection before it fails (and the request is answered 503). */
      connectTimeoutMs?: number;
      /** Told about every connection the database dropped (logged; the pool opens new ones by itself). */
      onConnectionError?: (err: Error) => void;
    }
  /**
   * dataDir undefined = in memory; loadDataDir = start from a dumped database (tests). `artifacts`: PGlite's
   * compiled WASM and its file bundle, for a process that opens many databases (the test workers): without them
   * each instance reads and compiles them again (pgliteArtifacts()).
   */
  | { url?: undefined; dataDir?: string; loadDataDir?: Blob | File; artifacts?: PgliteArtifacts };

/** What a PGlite instance would otherwise load afresh: its WASM (compiled) and its file bundle. */
export type PgliteArtifacts = { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob };

/** PGlite's artifacts read and compiled once, to be given to every openDatabase of a process that opens many. */
export async function pgliteArtifacts(): Promise<PgliteArtifacts> {
  const [{ readFile }, { createRequire }] = await Promise.all([import('node:fs/promises'), import('node:module')]);
  const require = createRequire(import.meta.url);
  const [pglite, initdb, data] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((f) => readFile(require.resolve(`@electric-sql/pglite/${f}`))),
  );
  // The server's TypeScript libs (ES2023, no DOM) know WebAssembly's types but not the global object.
  const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([wasm.compile(pglite), wasm.compile(initdb)]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([data]) };
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  // Each driver is imported only when chosen: start-up time matters (see the README's budget).
  if (opts.url !== undefined) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000 });
    const dropped = (err: Error) => {
      try {
        opts.onConnectionError?.(err);
      } catch {
        // A logger failing must not turn a dropped connection into a crash.
      }
    };
    // A connection the server drops (restart, `pg_ctl stop -m fast`, a network cut) emits 'error' on its client.
    // The pool listens only while a client is idle; a client checked out for a transaction had no listener,
    // and an 'error' event with none is an uncaught exception that ends the process. Every client gets its own
    // listener for its whole life: the query in flight fails (the request answers 503), the pool discards the
    // broken client, and the next query opens a new connection once the database is back.
    pool.on('connect', (client) => client.on('error', dropped));
    pool.on('error', dropped);
    // Every checkout (pool.query checks out with a callback, drizzle's transactions with the promise) is timed
    // from asking to getting a connection, for the overload guard.
    const tracker = createWaitTracker();
    const checkout = pool.connect.bind(pool) as (cb?: (err: Error | undefined, ...rest: unknown[]) => void) => Promise<unknown> | undefined;
    (pool as { connect: unknown }).connect = (cb?: (err: Error | undefined, ...rest: unknown[]) => void) => {
      const got = tracker.start(performance.now());
      if (cb) {
        return checkout((err, ...rest) => {
          got();
          cb(err, ...rest);
        });
      }
      return checkout()!.finally(got);
    };
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      // Several instances may start together: one migrates while the others wait on the lock.
      migrate: async () => {
        const lock = new pg.Client({ connectionString: opts.url });
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock(7274200)');
          await migratePg(db, { migrationsFolder });
        } finally {
          await lock.end();
        }
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
      waits: () => tracker.read(performance.now()),
      listen: async (channel, onMessage, onReset) => {
        let client: InstanceType<typeof pg.Client> | null = null;
        let stopped = false;
        let retry: NodeJS.Timeout | undefined;
        // After a drop: tell the caller (notifications may have been missed) and try again every second.
        const reopen = () => {
          if (stopped) return;
          client = null;
          onReset?.();
          clearTimeout(retry);
          retry = setTimeout(() => void open().catch(reopen), 1000);
        };
        const open = async () => {
          const c = new pg.Client({ connectionString: opts.url });
          c.on('notification', (n) => n.channel === channel && onMessage(n.payload));
          c.on('error', () => {});
          try {
            await c.connect();
            await c.query(`listen "${channel.replace(/"/g, '')}"`);
          } catch (err) {
            await c.end().catch(() => {});
            throw err;
          }
          if (stopped) return void (await c.end());
          // Back after a drop: whatever was cached while deaf goes too.
          if (retry) onReset?.();
          client = c;
          c.on('end', reopen);
        };
        await open();
        return async () => {
          stopped = true;
          clearTimeout(retry);
          await client?.end().catch(() => {});
        };
      },
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    // The lists' search indexes (migration 0001) use trigrams.
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // The options-object form: `new PGlite(undefined, { loadDataDir })` silently ignores the dump.
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm }, ...opts.artifacts });
  await client.waitReady;
  // PGlite runs one statement or transaction at a time: every query and transaction goes through
  // _runExclusiveTransaction (its queue), so the time from entering it to its callback starting is the wait.
  const tracker = createWaitTracker();
  const exclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>) => {
    const got = tracker.start(performance.now());
    return exclusive(() => {
      got();
      return fn();
    }).finally(got);
  };
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    waits: () => tracker.read(performance.now()),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, (payload) => onMessage(payload));
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}
