/**
 * Generated path tests for the 'new version ready' prompt: every shortest path through the appUpdate statechart,
 * each event driven as it happens (the worker reports a waiting version; the user clicks Update or Later), each
 * state checked on the real prompt, and the worker told to activate only after the click.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { fromCallback, type AnyEventObject } from 'xstate';
import { appUpdateMachine } from '@/machines/appUpdate.machine';
import { UpdatePrompt } from '@/views/ui/UpdatePrompt';
import { describeModel, leafValues, modelPaths, renderView } from '../support/modelHarness';

const EVENTS: AnyEventObject[] = [{ type: 'update.ready' }, { type: 'update.accept' }, { type: 'update.dismiss' }];
const paths = modelPaths(appUpdateMachine, { events: EVENTS });

const drive = { toMachine: null as ((e: AnyEventObject) => void) | null, commands: [] as string[] };
const prompt = () => screen.queryByRole('status');

const ASSERT: Record<string, () => void> = {
  current: () => {
    expect(prompt()).toBeNull();
    expect(drive.commands).toEqual([]);
  },
  ready: () => {
    expect(prompt()).toHaveTextContent('A new version of ShetMitra is ready.');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Later' })).toBeInTheDocument();
    // Nothing activates the new version before the user says so.
    expect(drive.commands).toEqual([]);
  },
  updating: () => {
    expect(prompt()).toHaveTextContent('Updating…');
    expect(screen.queryByRole('button')).toBeNull();
    expect(drive.commands).toEqual(['worker.activate']);
  },
  dismissed: () => {
    expect(prompt()).toBeNull();
    expect(drive.commands).toEqual([]);
  },
};

describeModel('app update prompt model', {
  paths,
  events: EVENTS,
  machine: appUpdateMachine,
  states: Object.keys(ASSERT),
  render: () => {
    drive.commands = [];
    const logic = appUpdateMachine.provide({
      actors: {
        appWorker: fromCallback(({ sendBack, receive }) => {
          drive.toMachine = sendBack;
          receive((command) => drive.commands.push(command.type));
        }),
      },
    });
    renderView(<UpdatePrompt logic={logic} />);
    return {
      exec: {
        'xstate.init': () => {},
        // The service worker found a new version installed and waiting.
        'update.ready': () => act(() => drive.toMachine!({ type: 'update.ready' })),
        'update.accept': () => fireEvent.click(screen.getByRole('button', { name: 'Update' })),
        'update.dismiss': () => fireEvent.click(screen.getByRole('button', { name: 'Later' })),
      },
      check: (step) => leafValues(step.state.value).forEach((leaf) => ASSERT[leaf]()),
    };
  },
});

// A step a generated walk cannot show missing (the walk follows the machine: a wrong machine's "nothing happens" is
// not walked), as a fixed scenario: 'Later' hides the prompt only until the next new version.
it('after Later, the next new version asks again', () => {
  drive.commands = [];
  const logic = appUpdateMachine.provide({
    actors: {
      appWorker: fromCallback(({ sendBack, receive }) => {
        drive.toMachine = sendBack;
        receive((command) => drive.commands.push(command.type));
      }),
    },
  });
  renderView(<UpdatePrompt logic={logic} />);
  act(() => drive.toMachine!({ type: 'update.ready' }));
  fireEvent.click(screen.getByRole('button', { name: 'Later' }));
  expect(prompt()).toBeNull();
  act(() => drive.toMachine!({ type: 'update.ready' }));
  expect(prompt()).toHaveTextContent('A new version of ShetMitra is ready.');
  expect(drive.commands).toEqual([]);
});
