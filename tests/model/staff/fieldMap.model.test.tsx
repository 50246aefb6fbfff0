/**
 * Generated paths over fieldMapMachine, each driving the real FieldMapPanel (the /fields Field Map tab). The load is
 * faked at its actor (the recipe). The map drawing is maplibre on WebGL, which jsdom lacks; what the reader can
 * read and press without it (the empty text, the field list with its status badges) is checked here, the drawing
 * in tests/e2e/staff.e2e.ts.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { fieldMapMachine } from '@/machines/fieldMap.machine';
import { FieldMapPanel } from '@/views/map/FieldMapPanel';
import type { FieldPin } from '@/services/fields';
import { HttpError } from '@/services/http';
import { FieldMap } from '@/views/map/FieldMap';
import { startApiServer, type ApiServer } from '../../support/apiServer';
import { describeModel, modelPaths, pendingActors, renderView } from '../../support/modelHarness';

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

const paths = modelPaths(fieldMapMachine, {
  events: EVENTS,
  serializeEvent: (e) => label(e as Ev),
  // The pins are part of the key: the graph keeps one snapshot per key.
  serializeState: (s: Snap, e) => `${JSON.stringify(s.value)}|${s.context.pins.length}|${e?.type ?? ''}`,
});

describeModel('field map model', {
  paths,
  events: EVENTS,
  eventKey: (e) => label(e as Ev),
  machine: fieldMapMachine,
  states: ['loading', 'ready'],
  name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
  render: () => {
    const { actor, settle } = pendingActors();
    const logic = fieldMapMachine.provide({ actors: { load: actor('load') } });
    const { container } = renderView(<FieldMapPanel logic={logic} height={300} />, { catalog: false });
    return {
      exec: { 'xstate.init': () => {} },
      settle,
      check: (step) => {
        const s = step.state as Snap;
        // The load's answer, either one, ends the wait: the map (or its empty text) shows, never the skeleton again.
        if (step.event.type !== 'xstate.init') expect(s.matches('ready')).toBe(true);
        if (s.matches('loading')) {
          expect(container.querySelector('[aria-busy="true"]')).toHaveStyle({ height: '300px' });
          expect(screen.queryByRole('region', { name: 'Field Map' })).toBeNull();
          return;
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
      },
    };
  },
});

describe('field map loading for real', () => {
  let api: ApiServer | undefined;

  it('asks GET /fields/map once and lists what it answers (the machine’s own load, no actor replaced)', async () => {
    api = await startApiServer(({ path }) =>
      path === '/api/v1/fields/map'
        ? { status: 200, body: { count: 2, fieldId: ['FLD000001AAA', 'FLD000002AAA'], name: ['Plot 1', 'Plot 2'], status: 'ga', crop: [-1, -1], crops: [], farmer: [-1, -1], farmers: [], lat: [19.1, 19.2], lng: [75, 75] } }
        : { status: 404 },
    );
    renderView(<FieldMapPanel logic={fieldMapMachine} height={300} />, { catalog: false });
    const map = await screen.findByRole('region', { name: 'Field Map' });
    expect(within(map).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Plot 1Healthy', 'Plot 2Alert']);
    expect(api.calls('/fields/map')).toHaveLength(1);
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
