import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// docs/statecharts/ checked (or written, STATECHARTS_WRITE=1) against the machines and the coverage the web tests
// measured: run after them by scripts/statecharts.mjs (`npm run statecharts`, and `npm test`).
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'statecharts',
    environment: 'jsdom',
    include: ['tests/statecharts/*.check.ts'],
  },
});
