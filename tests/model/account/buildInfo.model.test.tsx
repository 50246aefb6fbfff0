/**
 * Generated paths over buildInfoMachine, each driving the real TestServerButton (the development-only 'Test Server
 * Code' button on the profile). The call is faked at its actor (the recipe); the answer goes to a browser alert,
 * which the test stands in for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { buildInfoMachine, type BuildInfo } from '@/machines/buildInfo.machine';
import { TestServerButton } from '@/views/account/TestServerButton';
import { deferred, type Deferred } from '../../support/modelHarness';

const INFO: BuildInfo = { message: 'Updated code', version: '0.1.0', startedAt: '2026-06-01T06:30:00.000Z' };
const EVENTS = [
  { type: 'buildInfo.fetch' },
  { type: 'xstate.done.actor.fetchBuildInfo', output: INFO },
  { type: 'xstate.error.actor.fetchBuildInfo', error: new Error('offline') },
];
type Ev = { type: string; output?: unknown; error?: unknown };
type Snap = SnapshotFrom<typeof buildInfoMachine>;

const paths = getShortestPaths(buildInfoMachine, {
  events: EVENTS as never,
  filterEvents: (s: Snap, e) => s.can(e),
  // Both answers lead back to idle: each is its own node.
  serializeState: (s: Snap, e) => `${JSON.stringify(s.value)}|${e?.type ?? ''}`,
});

afterEach(() => vi.unstubAllGlobals());

describe('test server button model', () => {
  it('walks every state and every event', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'fetching']));
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const e of EVENTS) expect(used).toContain(e.type);
    expect(buildInfoMachine.events.filter((t) => !t.startsWith('xstate.'))).toEqual(['buildInfo.fetch']);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' → '), p] as const))('%s', async (_, path) => {
    const alerts: string[] = [];
    vi.stubGlobal('alert', (text: string) => alerts.push(text));
    let call: Deferred<unknown> = deferred();
    const logic = buildInfoMachine.provide({ actors: { fetchBuildInfo: fromPromise(() => (call = deferred()).promise) as never } });
    render(
      <IntlProvider locale="en" defaultLocale="en" onError={() => {}}>
        <TestServerButton logic={logic} />
      </IntlProvider>,
    );
    for (const step of path.steps) {
      const e = step.event as Ev;
      if (e.type === 'buildInfo.fetch') fireEvent.click(screen.getByRole('button', { name: 'Test Server Code' }));
      if (e.type === 'xstate.done.actor.fetchBuildInfo') await act(async () => call.resolve(e.output));
      if (e.type === 'xstate.error.actor.fetchBuildInfo') await act(async () => call.reject(e.error));
      const s = step.state as Snap;
      // One request at a time: the button waits for the answer.
      expect(screen.getByRole('button', { name: 'Test Server Code' })).toHaveProperty('disabled', s.matches('fetching'));
      // The answer (or the failure) is shown once, as the spec's browser alert.
      if (e.type === 'xstate.done.actor.fetchBuildInfo') expect(alerts).toEqual([JSON.stringify(INFO, null, 2)]);
      else if (e.type === 'xstate.error.actor.fetchBuildInfo') expect(alerts).toEqual(['Error: offline']);
      else expect(alerts).toEqual([]);
    }
  });
});
