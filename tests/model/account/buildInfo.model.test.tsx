/**
 * Generated paths over buildInfoMachine, each driving the real TestServerButton (the development-only 'Test Server
 * Code' button on the profile). The call is faked at its actor (the recipe); the answer goes to a browser alert,
 * which the test stands in for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { buildInfoMachine, type BuildInfo } from '@/machines/buildInfo.machine';
import { TestServerButton } from '@/views/account/TestServerButton';
import { startApiServer } from '../../support/apiServer';
import { describeModel, modelPaths, pendingActors, renderView } from '../../support/modelHarness';

const INFO: BuildInfo = { message: 'Updated code', version: '0.1.0', startedAt: '2026-06-01T06:30:00.000Z' };
const EVENTS = [
  { type: 'buildInfo.fetch' },
  { type: 'xstate.done.actor.fetchBuildInfo', output: INFO },
  { type: 'xstate.error.actor.fetchBuildInfo', error: new Error('offline') },
];
type Ev = { type: string; output?: unknown; error?: unknown };
type Snap = SnapshotFrom<typeof buildInfoMachine>;

const paths = modelPaths(buildInfoMachine, {
  events: EVENTS,
  // Both answers lead back to idle: each is its own node.
  serializeState: (s: Snap, e) => `${JSON.stringify(s.value)}|${e?.type ?? ''}`,
});

afterEach(() => vi.unstubAllGlobals());

describeModel('test server button model', {
  paths,
  events: EVENTS,
  machine: buildInfoMachine,
  states: ['idle', 'fetching'],
  name: (p) => p.steps.map((s) => s.event.type).join(' → '),
  render: () => {
    const alerts: string[] = [];
    vi.stubGlobal('alert', (text: string) => alerts.push(text));
    const { actor, settle } = pendingActors();
    renderView(<TestServerButton logic={buildInfoMachine.provide({ actors: { fetchBuildInfo: actor('fetchBuildInfo') } })} />, { catalog: false });
    return {
      exec: { 'xstate.init': () => {}, 'buildInfo.fetch': () => fireEvent.click(screen.getByRole('button', { name: 'Test Server Code' })) },
      settle,
      check: ({ event, state }) => {
        const e = event as Ev;
        const s = state as Snap;
        // One request at a time: the button waits for the answer, and only for it (a click asks; an answer ends the wait).
        expect(screen.getByRole('button', { name: 'Test Server Code' })).toHaveProperty('disabled', s.matches('fetching'));
        expect(s.matches('fetching')).toBe(e.type === 'buildInfo.fetch');
        // The answer (or the failure) is shown once, as the spec's browser alert.
        if (e.type === 'xstate.done.actor.fetchBuildInfo') expect(alerts).toEqual([JSON.stringify(INFO, null, 2)]);
        else if (e.type === 'xstate.error.actor.fetchBuildInfo') expect(alerts).toEqual(['Error: offline']);
        else expect(alerts).toEqual([]);
      },
    };
  },
});

describe('test server button asking for real', () => {
  it('asks GET /test-updated-code and shows its answer (the machine’s own call, no actor replaced)', async () => {
    const api = await startApiServer(({ path }) => (path === '/api/v1/test-updated-code' ? { status: 200, body: INFO } : { status: 404 }));
    try {
      const alerts: string[] = [];
      vi.stubGlobal('alert', (text: string) => alerts.push(text));
      renderView(<TestServerButton />, { catalog: false });
      fireEvent.click(screen.getByRole('button', { name: 'Test Server Code' }));
      await vi.waitFor(() => expect(alerts).toEqual([JSON.stringify(INFO, null, 2)]));
      expect(api.calls('/test-updated-code')).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});
