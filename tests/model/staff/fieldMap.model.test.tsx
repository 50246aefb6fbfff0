/**
 * Generated paths over fieldMapMachine, each driving the real FieldMapPanel (the /fields Field Map tab). The load is
 * faked at its actor (the recipe). The map drawing is maplibre on WebGL, which jsdom lacks; what the reader can
 * read and press without it (the empty text, the field list with its status badges) is checked here, the drawing
 * in tests/e2e/staff.e2e.ts.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { fieldMapMachine } from '@/machines/fieldMap.machine';
import { FieldMapPanel } from '@/views/map/FieldMapPanel';
import type { FieldPin } from '@/services/fields';
import { HttpError } from '@/services/http';
import { FieldMap } from '@/views/map/FieldMap';
import { deferred, type Deferred, renderView } from '../../support/modelHarness';

const pin = (n: number, extra: Partial<FieldPin> = {}): FieldPin => ({
  fieldId: `FLD00000${n}AAA`, fieldName: `Plot ${n}`, status: 'good', crop: null, farmerName: null, lat: 19 + n / 10, lng: 75, ...extra,
});
const PINS = [pin(1), pin(2, { status: 'alert' }), pin(3, { status: 'warning' })];
const EVENTS = [
  { type: 'xstate.done.actor.load', output: PINS },
  { type: 'xstate.done.actor.load', output: [] },
  { type: 'xstate.error.actor.load', error: new HttpError(500, 'server') },
];
type Ev = { type: string; output?: FieldPin[]; error?: unknown };
type Snap = SnapshotFrom<typeof fieldMapMachine>;
const label = (e: Ev) => `${e.type}${e.output ? `(${e.output.length} pins)` : ''}`;

const paths = getShortestPaths(fieldMapMachine, {
  events: EVENTS as never,
  filterEvents: (s: Snap, e) => s.can(e),
  serializeEvent: (e) => label(e as Ev),
  // The pins are part of the key: the graph keeps one snapshot per key.
  serializeState: (s: Snap, e) => `${JSON.stringify(s.value)}|${s.context.pins.length}|${e?.type ?? ''}`,
});

describe('field map model', () => {
  it('walks every state and every event', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['loading', 'ready']));
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => label(s.event as Ev))));
    for (const e of EVENTS) expect(used).toContain(label(e));
    expect(fieldMapMachine.events.filter((t) => !t.startsWith('xstate.'))).toEqual([]);
  });

  it.each(paths.map((p) => [p.steps.map((s) => label(s.event as Ev)).join(' → '), p] as const))('%s', async (_, path) => {
    let load: Deferred<unknown> = deferred();
    const logic = fieldMapMachine.provide({ actors: { load: fromPromise(() => (load = deferred()).promise) as never } });
    const { container } = renderView(<FieldMapPanel logic={logic} height={300} />, { catalog: false });
    for (const step of path.steps) {
      const e = step.event as Ev;
      if (e.type === 'xstate.done.actor.load') await act(async () => load.resolve(e.output));
      if (e.type === 'xstate.error.actor.load') await act(async () => load.reject(e.error));
      const s = step.state as Snap;
      if (s.matches('loading')) {
        expect(container.querySelector('[aria-busy="true"]')).toHaveStyle({ height: '300px' });
        expect(screen.queryByRole('region', { name: 'Field Map' })).toBeNull();
        continue;
      }
      const map = screen.getByRole('region', { name: 'Field Map' });
      expect(container.querySelector('[aria-busy="true"]')).toBeNull();
      expect(within(map).getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(map).getByRole('button', { name: 'Satellite' })).toHaveAttribute('aria-pressed', 'false');
      if (!s.context.pins.length) {
        expect(map).toHaveTextContent('No field locations available.');
        expect(within(map).queryByRole('list')).toBeNull();
      } else {
        expect(map).not.toHaveTextContent('No field locations available.');
        expect(map.querySelector('.map-frame')).toHaveStyle({ height: '300px' });
        const items = within(map).getAllByRole('listitem');
        expect(items.map((li) => li.textContent)).toEqual(['Plot 1Healthy', 'Plot 2Alert', 'Plot 3Warning']);
      }
    }
  });
});

describe('field map with 20,000 pins', () => {
  it('lists one page of fields (never a DOM row per pin) and pages through them', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => pin(i + 1, { fieldName: `Plot ${i + 1}`, lat: 16 + (i % 500) / 100, lng: 73 + i / 4000 }));
    renderView(<FieldMap pins={many} listLimit={10} height={300} />, { catalog: false });
    const map = screen.getByRole('region', { name: 'Field Map' });
    const names = () => within(map).getAllByRole('listitem').map((li) => li.querySelector('button')!.textContent);
    expect(names()).toEqual(Array.from({ length: 10 }, (_, i) => `Plot ${i + 1}`));
    const pager = within(map).getByRole('navigation', { name: 'Page 1 of 2000' });
    expect(within(pager).getByRole('button', { name: 'Prev' })).toBeDisabled();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(names()).toEqual(Array.from({ length: 10 }, (_, i) => `Plot ${i + 11}`));
    expect(within(map).getByRole('navigation', { name: 'Page 2 of 2000' })).toHaveTextContent('Page 2 of 2000');
    expect(map.querySelectorAll('li')).toHaveLength(10);
  });
});
