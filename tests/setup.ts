import '@testing-library/jest-dom/vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { flushMachineCoverage, installMachineCoverage } from './support/machineCoverage';
import { keepGlobalsAsFound } from './support/sharedDom';
import { reuseComputedStyles } from './support/computedStyle';

// The web project shares a worker and its jsdom between files (vite.config.ts, `isolate: false`). Each file still
// starts from fresh app modules (the packages in node_modules stay loaded: that is the saving), and the preview is
// imported after the reset so its providers are the same module instances the file's views use. What a file
// changes of the DOM's prototypes and the browser globals is put back after it (./support/sharedDom.ts).
vi.resetModules();
keepGlobalsAsFound();
// Role and accessible-name queries read computed styles again and again: served from jsdom's cache without a copy.
reuseComputedStyles();
const { default: preview } = await import('../.storybook/preview');
const { primeCatalog } = await import('@/i18n/catalogs');
const { default: mr } = await import('@/i18n/messages/mr.json');
setProjectAnnotations([preview]);

// Which states and transitions the machines' tests really drive (docs/statecharts, `npm run statecharts`).
installMachineCoverage();
afterAll(() => flushMachineCoverage(expect.getState().testPath ?? 'unknown'));

// main.tsx loads the Marathi catalog (a JSON file of the build) before the first render; tests start
// the same way, with it read from the source file (the fresh module instance the file's views use).
primeCatalog('mr', mr);

// findBy…/waitFor give up after 1 s by default; a lazily loaded catalog or chunk on a busy 2-core CI machine can
// take longer. Waiting longer changes nothing for a passing test and still fails a test whose element never comes.
configure({ asyncUtilTimeout: 5000 });

// What a file before this one in the same worker may have left in the shared document (before the file loads).
document.body.innerHTML = '';
document.documentElement.removeAttribute('lang');
document.documentElement.removeAttribute('dir');
document.title = '';
window.history.replaceState(null, '', '/');
localStorage.clear();
sessionStorage.clear();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
