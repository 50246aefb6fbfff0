/**
 * The order vitest hands test files to its workers (vite.config.ts `sequence.sequencer`). The pool takes files from
 * one queue, so a run ends when its last file ends: the files that take longest must start first and the short ones
 * fill in at the end. Vitest's own order does that only from its results cache (node_modules/.vite), which a fresh
 * CI checkout does not have: it then sorts by file size, and a 30 s server file started near the end left one core
 * idle for the rest of the run. This order reads the seconds each file took from a committed file,
 * tests/durations.json (`npm run test:durations` rewrites it from the last `npm test` report).
 *
 * Projects keep to one block each, in PROJECT_ORDER: a worker of a shared project (isolate: false) is reused only
 * when the next file in the queue is of the same project, so interleaving projects would start a new worker (a new
 * process, its jsdom or its server modules) at each switch. The server project comes last: its small files end the
 * run, and its database templates are made while the web files run (tests/server/globalSetup.ts).
 * Inside a project: files not in tests/durations.json first (new, so of unknown length; the larger first, as vitest
 * does without its cache), then the others longest first.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const PROJECT_ORDER = ['web-isolated', 'web', 'server'];

export const DURATIONS_FILE = 'tests/durations.json';

function durations(root: string): Record<string, number> {
  try {
    return (JSON.parse(readFileSync(join(root, DURATIONS_FILE), 'utf8')) as { seconds: Record<string, number> }).seconds;
  } catch {
    return {};
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = durations(root);
    const rank = (f: TestSpecification) => {
      const i = PROJECT_ORDER.indexOf(f.project.name);
      return i === -1 ? PROJECT_ORDER.length : i;
    };
    const took = (f: TestSpecification) => seconds[relative(root, f.moduleId).replace(/\\/g, '/')];
    const size = (f: TestSpecification) => statSync(f.moduleId).size;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b) ||
        (a.project.name < b.project.name ? -1 : a.project.name > b.project.name ? 1 : 0) ||
        Number(took(a) !== undefined) - Number(took(b) !== undefined) ||
        (took(a) === undefined ? size(b) - size(a) : took(b)! - took(a)!) ||
        (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
    );
  }
}
