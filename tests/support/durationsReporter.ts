/**
 * Writes test-results/file-durations.json (or $FILE_DURATIONS; `npm test` names one per pass) at the end of a run: for each test file, the seconds it took in its worker
 * (its setup files, import, hooks and tests: what the vitest JSON report's per-test times leave out) and when it
 * started and ended, in seconds from the run's start, with the worker's project. `npm test` adds this reporter to the
 * vitest passes; `npm run test:durations` copies the seconds into tests/durations.json, which orders the next runs
 * (tests/support/sequencer.ts). The timeline shows where workers sat idle (docs/testing.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

type Row = { project: string; seconds: number; start: number; end: number; state: string; setup: number; collect: number; tests: number };

export default class DurationsReporter implements Reporter {
  private root = process.cwd();
  private t0 = Date.now();
  private rows: Record<string, Row> = {};
  private out = process.env.FILE_DURATIONS ?? '';

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
    this.out ||= join(this.root, 'test-results/file-durations.json');
    this.t0 = Date.now();
  }

  private key(m: TestModule) {
    return relative(this.root, m.moduleId).replace(/\\/g, '/');
  }

  onTestModuleEnd(m: TestModule) {
    const d = m.diagnostic();
    const key = this.key(m);
    const s = (ms: number) => Math.round(ms / 100) / 10;
    // vitest reports a file's start once it is collected: its start here is its end less its whole time.
    const took = d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    this.rows[key] = {
      project: m.project.name,
      seconds: s(took),
      start: s(Date.now() - this.t0 - took),
      end: s(Date.now() - this.t0),
      state: m.state(),
      // Its parts: the setup files (in the web projects the app's fresh import), the file's own import, its tests and hooks.
      setup: s(d.prepareDuration + d.setupDuration),
      collect: s(d.collectDuration),
      tests: s(d.duration),
    };
  }

  onTestRunEnd() {
    mkdirSync(dirname(this.out), { recursive: true });
    writeFileSync(this.out, `${JSON.stringify({ wall: Math.round((Date.now() - this.t0) / 100) / 10, files: this.rows }, null, 1)}\n`);
  }
}
