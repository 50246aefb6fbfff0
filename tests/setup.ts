import '@testing-library/jest-dom/vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import preview from '../.storybook/preview';

setProjectAnnotations([preview]);

// findBy…/waitFor give up after 1 s by default; a lazily loaded catalog or chunk on a busy 2-core CI machine can
// take longer. Waiting longer changes nothing for a passing test and still fails a test whose element never comes.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
