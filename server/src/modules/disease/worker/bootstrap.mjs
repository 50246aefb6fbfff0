// The worker thread's entry: loads analysis.worker.ts through tsx whether the server was started by tsx
// (npm start, npm run dev:server) or by a test runner, whose TypeScript loader a worker thread does not inherit.
import { tsImport } from 'tsx/esm/api';

await tsImport('./analysis.worker.ts', import.meta.url);
