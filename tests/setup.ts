import '@testing-library/jest-dom/vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import preview from '../.storybook/preview';
import { primeCatalog } from '@/i18n/catalogs';
import mr from '@/i18n/messages/mr.json';

setProjectAnnotations([preview]);

// main.tsx loads the Marathi catalog (a JSON file of the build) before the first render; tests start
// the same way, with it read from the source file.
primeCatalog('mr', mr);

// findBy…/waitFor give up after 1 s by default; a lazily loaded catalog or chunk on a busy 2-core CI machine can
// take longer. Waiting longer changes nothing for a passing test and still fails a test whose element never comes.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
