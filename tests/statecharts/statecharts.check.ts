/**
 * docs/statecharts/ against the machines and the coverage the web tests just measured (issue 20 items 1 and 2).
 *   STATECHARTS_WRITE=1: (re)write the pages (`npm run statecharts`).
 *   otherwise: fail when a committed page differs from what the generator writes (a stale page), or when a machine's
 *   measured coverage of its states or transitions is below 100 % for an item its page does not explain.
 * Run by scripts/statecharts.mjs after the web tests (npm test does both).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine } from 'xstate';
import type { CoverageRecord } from '../support/machineCoverage';
import { indexPage, machinePage, mergeRecords, type MachineEntry } from './generate';
import { machineStories, NO_OWN_STORY } from './stories';

const root = join(__dirname, '../..');
const docs = join(root, 'docs/statecharts');
const recordsDir = process.env.MACHINE_COVERAGE_DIR ?? join(root, 'test-results/machine-coverage');
const write = process.env.STATECHARTS_WRITE === '1';
/** Pages of docs/statecharts written by something else: `npm run mutation` (scripts/mutationReport.mjs; the folder mutation-incremental too). */
const NOT_GENERATED = new Set(['mutation.md', 'mutation.json', 'mutation-equivalent.json', 'mutation-incremental']);

const modules = import.meta.glob<Record<string, unknown>>('/src/machines/*.machine.ts', { eager: true });
const entries: MachineEntry[] = Object.entries(modules)
  .flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([, v]) => v instanceof StateMachine)
      .map(([exportName, v]) => ({ machine: v as AnyStateMachine, file: file.replace(/^\//, ''), exportName })),
  )
  .sort((a, b) => a.machine.id.localeCompare(b.machine.id));

describe('statechart pages (docs/statecharts)', () => {
  it('has measured coverage to read (the web tests ran first)', () => {
    expect(existsSync(recordsDir), `no measured coverage in ${recordsDir}: run the web tests first (npm run statecharts does)`).toBe(true);
  });
  const records: CoverageRecord[] = existsSync(recordsDir)
    ? readdirSync(recordsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(join(recordsDir, f), 'utf8')))
    : [];
  const measured = mergeRecords(records);
  const pages = new Map<string, string>();
  const rows = entries.map((entry) => {
    const name = `${entry.machine.id}.md`;
    const existing = existsSync(join(docs, name)) ? readFileSync(join(docs, name), 'utf8') : null;
    const m = measured.get(entry.machine.id);
    const { page, coverage, shape } = machinePage(entry, m, existing, write ? process.env.STATECHARTS_SEED_REASON : undefined);
    pages.set(name, page);
    const models = m?.models ?? [];
    return { entry, coverage, shape, paths: models.reduce((n, x) => n + x.paths.length, 0), files: [...new Set(models.map((x) => x.file))] };
  });
  const stories = machineStories(root, entries.map((e) => e.file));
  pages.set('index.md', indexPage(rows, stories, NO_OWN_STORY));
  pages.set(
    'index.json',
    `${JSON.stringify(
      Object.fromEntries(rows.map((r) => [r.entry.machine.id, { source: r.entry.file, tests: (measured.get(r.entry.machine.id)?.models ?? []).map((m) => ({ file: m.file, title: m.title, paths: m.paths.length })) }])),
      null,
      2,
    )}\n`,
  );

  it('every machine has a story of its own or a reason in NO_OWN_STORY, and no reason is left for one that has', () => {
    const without = entries.filter((e) => stories.get(e.file)!.own.length === 0).map((e) => e.machine.id);
    expect(without.filter((id) => !NO_OWN_STORY[id]), 'machines without a story of their own or a reason (tests/statecharts/stories.ts)').toEqual([]);
    expect(Object.keys(NO_OWN_STORY).filter((id) => !without.includes(id)), 'reasons for machines that have a story of their own').toEqual([]);
  });

  it('machine ids are unique', () => {
    const ids = entries.map((e) => e.machine.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  if (write) {
    it('writes the pages', () => {
      mkdirSync(docs, { recursive: true });
      for (const f of readdirSync(docs)) if (!pages.has(f) && !NOT_GENERATED.has(f)) rmSync(join(docs, f));
      for (const [name, page] of pages) writeFileSync(join(docs, name), page);
    });
  } else {
    it.each([...pages.keys()])('%s is up to date (npm run statecharts)', (name) => {
      const file = join(docs, name);
      expect(existsSync(file) ? readFileSync(file, 'utf8') : '(missing)', `docs/statecharts/${name} is stale: run npm run statecharts and commit it`).toBe(pages.get(name));
    });
    it('has no page of a machine that is gone', () => {
      expect(existsSync(docs) ? readdirSync(docs).filter((f) => !pages.has(f) && !NOT_GENERATED.has(f)) : []).toEqual([]);
    });
  }

  it.each(rows.map((r) => [r.entry.machine.id, r] as const))('%s: every state and transition is driven, or its page says why not', (_id, r) => {
    expect(r.coverage.unexplained, 'driven by no test and not listed under "Not covered, and why"').toEqual([]);
    expect(r.coverage.staleReasons, 'listed under "Not covered, and why" but covered now (or no longer in the machine)').toEqual([]);
  });
});
