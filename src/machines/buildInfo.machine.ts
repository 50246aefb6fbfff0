/** The development-only 'Test Server Code' button: ask the server for its build and show it. */
import { fromPromise, setup } from 'xstate';
import { getBuildInfo } from '../services/account';

export type BuildInfo = Awaited<ReturnType<typeof getBuildInfo>>;

export const buildInfoMachine = setup({
  types: { events: {} as { type: 'buildInfo.fetch' } },
  actors: { fetchBuildInfo: fromPromise<BuildInfo>(({ signal }) => getBuildInfo(signal)) },
  actions: {
    /** Provided by the view: the spec shows the answer in a browser alert. */
    show: (_, _text: string) => {},
  },
}).createMachine({
  id: 'buildInfo',
  initial: 'idle',
  states: {
    idle: { on: { 'buildInfo.fetch': 'fetching' } },
    fetching: {
      invoke: {
        id: 'fetchBuildInfo',
        src: 'fetchBuildInfo',
        onDone: { target: 'idle', actions: { type: 'show', params: ({ event }) => JSON.stringify(event.output, null, 2) } },
        onError: { target: 'idle', actions: { type: 'show', params: ({ event }) => String(event.error) } },
      },
    },
  },
});
