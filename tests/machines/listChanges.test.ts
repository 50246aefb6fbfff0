/** The in-page announcement of a changed list (issue 19): a list hears it only while it is on screen. */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { announceChange, listChanges } from '@/machines/listChanges';

describe('listChanges', () => {
  it('tells a list of the kind announced while it listens, and nothing once it has stopped listening', () => {
    const heard: string[] = [];
    // A screen that stays up while its list part goes (the list's state is left): the screen still takes events.
    const screen = createActor(
      createMachine({
        initial: 'listing',
        on: { 'list.refresh': { actions: () => void heard.push('refresh') } },
        states: { listing: { invoke: { src: listChanges, input: 'people' }, on: { leave: 'elsewhere' } }, elsewhere: {} },
      }),
    ).start();
    announceChange('fields');
    expect(heard).toEqual([]);
    announceChange('people');
    expect(heard).toEqual(['refresh']);
    screen.send({ type: 'leave' });
    announceChange('people');
    expect(heard).toEqual(['refresh']);
    screen.stop();
  });
});
