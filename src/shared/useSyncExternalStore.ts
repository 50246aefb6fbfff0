/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself: @xstate/react and wouter import the shim
 * (written for React 16–17), and the build points them here (vite.config.ts `resolve.alias`), leaving the shim's
 * copy of the hook out of the farmer's first JavaScript.
 */
export { useSyncExternalStore } from 'react';
