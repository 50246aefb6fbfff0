/**
 * A new version of the app (issue 17): the service worker is registered at start; when a new version has installed
 * and waits, the user is asked ('new version ready — update'). Only their click activates it (the page then reloads
 * under the new version); until then the running session goes on untouched on the old one. 'Later' hides the prompt
 * until the next new version.
 */
import { fromCallback, sendTo, setup } from 'xstate';
import type { AppWorker } from '@/services/appWorker';

export type AppUpdateEvent = { type: 'update.ready' } | { type: 'update.accept' } | { type: 'update.dismiss' };
export type WorkerCommand = { type: 'worker.activate' };

/**
 * Registers the worker for the app's lifetime; says when a new version waits, activates it when told. workbox-window
 * loads in its own chunk, after the first screen (it is no part of the farmer's initial JavaScript).
 */
export const appWorker = fromCallback<WorkerCommand>(({ sendBack, receive }) => {
  let worker: AppWorker | null = null;
  let stopped = false;
  void import('@/services/appWorker').then(({ registerAppWorker }) => {
    if (!stopped) worker = registerAppWorker(() => sendBack({ type: 'update.ready' }));
  });
  receive((command) => {
    if (command.type === 'worker.activate') worker?.activate();
  });
  return () => {
    stopped = true;
  };
});

export const appUpdateMachine = setup({
  types: { events: {} as AppUpdateEvent },
  actors: { appWorker },
}).createMachine({
  id: 'appUpdate',
  invoke: { id: 'appWorker', src: 'appWorker' },
  initial: 'current',
  states: {
    current: { on: { 'update.ready': 'ready' } },
    ready: {
      tags: ['prompt'],
      on: { 'update.accept': 'updating', 'update.dismiss': 'dismissed' },
    },
    updating: {
      tags: ['prompt'],
      entry: sendTo('appWorker', { type: 'worker.activate' }),
    },
    dismissed: { on: { 'update.ready': 'ready' } },
  },
});
