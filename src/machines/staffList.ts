/**
 * The one way a staff list machine is built (farmers, coordinators, a coordinator's farmers, fields, alerts).
 *
 * The server pages and searches: the machine loads one page (`loading`), shows it (`ready`), and goes back to
 * `loading` when the reader moves to another page (1..totalPages, not the current one) or changes the query
 * (search, a filter: back to page 1). A row action asks first (`confirming`, naming the row), runs while the
 * list is `busy`, then reloads the page, or shows why it failed as a notice over the list until dismissed.
 *
 * `staffList<Context, Event>({...})` returns the pieces a machine's config spreads (`loading`, `ready`'s
 * transitions, `confirming`, `task`); the machine writes out only what its list does beyond them. Its `setup`
 * provides a `load` actor made with `pageLoader`. See docs/conventions.md, "A new staff list".
 */
import { assign, fromPromise, type AnyEventObject, type EventObject } from 'xstate';
import type { HttpError } from '@/services/http';
import { asHttp } from './personEdit';
import type { ListKind } from './listChanges';

/** Rows a page of a staff list (spec section 9; the admin alerts table pages by 20). */
export const STAFF_PAGE_SIZE = 10;

/** What a list's load answers: one page of rows and how many pages there are (plus what else the list shows). */
export type ListPage<Row> = { items: Row[]; totalPages: number };

/** A server list answer (`pagination.totalPages`) as a page. */
export const asPage = <Row>(items: Row[], pagination: { totalPages: number }): ListPage<Row> => ({ items, totalPages: pagination.totalPages });

/** The paging part of a list machine's context; the rows keep their domain name (`farmers`, `fields`, …). */
export type Paged<Key extends string, Row> = { [K in Key]: Row[] } & { page: number; totalPages: number };

/** The first, empty page: spread into a list machine's initial context. */
export const firstPage = <Key extends string>(rows: Key) => ({ [rows]: [], page: 1, totalPages: 1 }) as unknown as Paged<Key, never>;

/** A call that failed, with the server's error when there was one (the view says it with `httpErrorMessage`). */
export type Failed<Kind extends string> = { kind: Kind; error: HttpError | null };

/** The `load` actor of a list: `fetch` gets the list's query (see `query` below) and the abort signal. */
export function pageLoader<Query, Row, Extra extends object = object>(fetch: (query: Query, signal: AbortSignal) => Promise<ListPage<Row> & Extra>) {
  return fromPromise<ListPage<Row> & Extra, Query>(({ input, signal }) => fetch(input, signal));
}

/** Whether `page` is another page of the list: the one paging rule of every staff list. */
export const isOtherPage = (c: { page: number; totalPages: number }, page: number) => page >= 1 && page <= c.totalPages && page !== c.page;

type Ctx = { page: number; totalPages: number };
type Of<TEvent extends EventObject, K> = Extract<TEvent, { type: K }>;
/** Events that change what is listed: each gives the context it sets (page 1 is added), or null to be refused. */
type QueryEvents<TContext, TEvent extends EventObject> = { [K in TEvent['type']]?: (event: Of<TEvent, K>, context: TContext) => Partial<TContext> | null };

export type StaffListOptions<TContext extends Ctx, TEvent extends EventObject> = {
  /** The machine's id, for the absolute targets (`#id.loading`). */
  id: string;
  /** The context key of the rows (`farmers`, `coordinators`, `fields`, `alerts`). */
  rows: keyof TContext & string;
  /** The load's input: the page and the query the server filters by. */
  query: (context: TContext) => object;
  /** The event that moves to another page (`page.go` unless the views send another). */
  pageEvent?: TEvent['type'];
  queryEvents?: QueryEvents<TContext, TEvent>;
  /** What else a loaded page sets (besides its rows and page count). */
  loaded?: (output: ListPage<unknown> & Record<string, unknown>, context: TContext) => Partial<TContext>;
  /** What the rest of the context keeps of each new page of rows (also the empty one after a failed load). */
  onRows?: (rows: unknown[], context: TContext) => Partial<TContext>;
  /** Actions (named in the machine's setup) to run after a page has loaded. */
  afterLoad?: string[];
  /**
   * A failed load: by default an empty list (spec section 8: 'load failures show empty lists'); `notice`
   * also shows that notice kind over it; `set` also sets that context (e.g. a `loadFailed` flag the list's
   * `loaded` clears); a transition instead replaces the default (e.g. to a `failed` state).
   */
  loadFailed?: { notice: string } | { set: Partial<TContext> } | { transition: object };
  /** The list shows a `notice` (and takes `notice.dismiss`). */
  notices?: boolean;
  /**
   * The list reloads when another screen on the page announces a change of this kind (listChanges.ts): `ready`
   * takes `list.refresh`, and the machine's root invokes `refresh` (its setup names `listChanges` as an actor).
   */
  refreshOn?: ListKind;
};

/** The `notice` and `pending` parts of a list context, when it has them. */
type Extras = { notice?: unknown; pending?: unknown };

export function staffList<TContext extends Ctx & Extras, TEvent extends EventObject>(options: StaffListOptions<TContext, TEvent>) {
  // Assignments typed for the using machine's context and events (as in personEditing.ts), so the pieces fit its config.
  const set = <E extends AnyEventObject = AnyEventObject>(fn: (a: { context: TContext; event: E }) => Partial<TContext>) =>
    assign<TContext, E, undefined, TEvent, never>((a) => fn(a) as Partial<TContext>);
  const reload = `#${options.id}.loading`;
  const ready = `#${options.id}.ready`;
  const rowsOf = (rows: unknown[], context: TContext) => ({ [options.rows]: rows, ...options.onRows?.(rows, context) }) as Partial<TContext>;

  /** The query events as transitions to `target` (each back to page 1). */
  const requery = (target: string, reenter = false) =>
    Object.fromEntries(
      Object.entries(options.queryEvents ?? {}).map(([type, fn]) => {
        const change = fn as (event: AnyEventObject, context: TContext) => Partial<TContext> | null;
        return [
          type,
          {
            guard: ({ context, event }: { context: TContext; event: AnyEventObject }) => change(event, context) !== null,
            target,
            reenter,
            actions: set(({ context, event }) => ({ ...change(event, context), page: 1 }) as Partial<TContext>),
          },
        ];
      }),
    );

  const failed =
    options.loadFailed && 'transition' in options.loadFailed
      ? options.loadFailed.transition
      : {
          target: 'ready',
          actions: set<AnyEventObject & { error: unknown }>(({ context, event }) => ({
            ...rowsOf([], context),
            totalPages: 1,
            ...(options.loadFailed && 'notice' in options.loadFailed ? { notice: { kind: options.loadFailed.notice, error: asHttp(event.error) } } : {}),
            ...(options.loadFailed && 'set' in options.loadFailed ? options.loadFailed.set : {}),
          })),
        };

  return {
    /** `#id.loading`: the target that reloads the current page. */
    reload,
    /** Loads the page; a query change while it loads starts it again. */
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load' as const,
        // The load actor's input type is the machine's own (its setup's `load`); this piece cannot name it.
        input: (({ context }: { context: TContext }) => options.query(context)) as never,
        onDone: {
          target: 'ready',
          actions: [
            set<AnyEventObject & { output: ListPage<unknown> & Record<string, unknown> }>(({ context, event }) => ({
              ...rowsOf(event.output.items, context),
              totalPages: Math.max(1, event.output.totalPages),
              ...options.loaded?.(event.output, context),
            })),
            // Named in the machine's setup, so typed by it.
            ...((options.afterLoad ?? []) as never[]),
          ],
        },
        onError: failed as never,
      },
      on: requery('loading', true),
    },
    /** `ready`'s own transitions: another page, a query change, dismissing the notice. */
    ready: {
      [options.pageEvent ?? 'page.go']: {
        guard: ({ context, event }: { context: TContext; event: AnyEventObject }) => isOtherPage(context, (event as AnyEventObject & { page: number }).page),
        target: 'loading',
        actions: set<AnyEventObject & { page: number }>(({ event }) => ({ page: event.page }) as Partial<TContext>),
      },
      ...requery('loading'),
      ...(options.notices ? { 'notice.dismiss': { actions: set(() => ({ notice: null }) as Partial<TContext>) } } : {}),
      ...(options.refreshOn ? { 'list.refresh': { target: 'loading' } } : {}),
      // Keyed by the machine's own event types, so a list with nothing of its own in `ready` can take it as its `on`.
    } as { [K in TEvent['type']]?: never },
    /** The root's invoke of a list with `refreshOn`: announced changes arrive as `list.refresh`. */
    refresh: { id: 'listChanges', src: 'listChanges' as const, input: options.refreshOn ?? 'people' },
    /** The query events for another place (e.g. the machine's root, `.loading`). */
    requery,
    /**
     * A row action that asks first: `pending` says what (its `kind` picks the task), named so the question names
     * the row; `also` is what else asking sets (e.g. `{ notice: null }`).
     */
    ask: <E extends AnyEventObject>(pending: (a: { context: TContext; event: E }) => TContext['pending'], also?: Partial<TContext>) => ({
      target: 'confirming',
      actions: set<E>((a) => ({ ...also, pending: pending(a) }) as Partial<TContext>),
    }),
    /** The question: Confirm runs the task named for the pending action's kind, Cancel goes back to the list. */
    confirming: (tasks: Record<string, string>) => ({
      on: {
        'confirm.accept': Object.entries(tasks).map(([kind, target]) => ({
          guard: ({ context }: { context: TContext }) => (context.pending as { kind: string } | null)?.kind === kind,
          target,
        })),
        'confirm.cancel': { target: 'ready', actions: set(() => ({ pending: null }) as Partial<TContext>) },
      },
    }),
    /**
     * A call the list waits for (`busy`): `src` is its actor (and invoke id). Done: reload the page (or `done`'s
     * target and context); failed: back to the list with a `failed` notice. Either way the pending question is cleared.
     */
    task: <Output = unknown>(task: {
      src: string;
      input?: (a: { context: TContext; event: TEvent }) => unknown;
      done?: { target?: string; set?: (output: Output, context: TContext) => Partial<TContext>; actions?: unknown[] };
      failed: string;
    }) => ({
      tags: ['busy'],
      invoke: {
        id: task.src,
        src: task.src,
        ...(task.input ? { input: task.input } : {}),
        onDone: {
          target: task.done?.target ?? reload,
          actions: [
            set<AnyEventObject & { output: Output }>(({ context, event }) => ({ pending: null, ...task.done?.set?.(event.output, context) }) as Partial<TContext>),
            ...((task.done?.actions ?? []) as never[]),
          ],
        },
        onError: {
          target: ready,
          actions: set<AnyEventObject & { error: unknown }>(({ event }) => ({ pending: null, notice: { kind: task.failed, error: asHttp(event.error) } }) as Partial<TContext>),
        },
        // The actor, its input and output are the machine's own (its setup's actors); this piece cannot name their types.
      } as never,
    }),
  };
}
