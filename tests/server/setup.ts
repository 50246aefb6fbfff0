/**
 * Every server file starts once the run's PGlite templates are made (tests/server/support/pgliteTemplates.ts: made beside
 * the first files; in a run of web and server files the server files come last and find them made). Waited for here,
 * while the file is collected, and not in a file's `beforeAll`, so that the wait does not count against its hook limit.
 */
import { inject } from 'vitest';
import { templateFolderReady } from './support/pgliteTemplates';

await Promise.all([templateFolderReady(inject('pgliteTemplate')), templateFolderReady(inject('pgliteEmptyTemplate'))]);
