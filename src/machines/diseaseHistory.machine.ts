/**
 * The farmer's past diagnoses on the disease detector screen: loading → ready (newest first; 'show more'
 * appends the next page) or failed (retry). A new diagnosis reloads the list from the first page.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DiseaseHistoryItem, DiseaseHistoryPage } from '../../contracts/disease';
import { listDiseaseHistory } from '../services/disease';

export type DiseaseHistoryContext = { items: DiseaseHistoryItem[]; page: number; totalPages: number };

export const diseaseHistoryMachine = setup({
  types: {
    context: {} as DiseaseHistoryContext,
    events: {} as { type: 'history.reload' } | { type: 'history.more' } | { type: 'history.retry' },
  },
  actors: {
    loadPage: fromPromise<DiseaseHistoryPage, { page: number }>(({ input, signal }) => listDiseaseHistory(input.page, signal)),
  },
  guards: { hasMore: ({ context }) => context.page < context.totalPages },
}).createMachine({
  id: 'diseaseHistory',
  context: { items: [], page: 0, totalPages: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: () => ({ page: 1 }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ items: event.output.items, page: 1, totalPages: event.output.pagination.totalPages })),
        },
        onError: 'failed',
      },
    },
    loadingMore: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page + 1 }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            // An entry written meanwhile shifts the pages by one: never show it twice.
            items: [...context.items, ...event.output.items.filter((i) => !context.items.some((c) => c._id === i._id))],
            page: event.output.pagination.page,
            totalPages: event.output.pagination.totalPages,
          })),
        },
        onError: 'ready',
      },
    },
    ready: { on: { 'history.more': { guard: 'hasMore', target: 'loadingMore' }, 'history.reload': 'loading' } },
    failed: { on: { 'history.retry': 'loading', 'history.reload': 'loading' } },
  },
});
