/**
 * What one screen changed that another list on the page shows (issue 19): a role change in the sign-in dialog
 * moves a person between the admins and coordinators tables (and unassigns a coordinator's farmers); a field
 * edit changes the field table's row. The machine that made the change announces it (`announceChange`); every
 * list that shows that kind of row invokes `listChanges` and reloads on the `list.refresh` it sends back.
 * In-page only: another browser sees the change at its next load.
 */
import { fromCallback } from 'xstate';

export type ListKind = 'people' | 'fields';
type Listener = () => void;

const listeners: Record<ListKind, Set<Listener>> = { people: new Set(), fields: new Set() };

/** Tells every list of `kind` on the page to reload. */
export function announceChange(kind: ListKind) {
  for (const l of [...listeners[kind]]) l();
}

/** Invoked by a list: `list.refresh` each time a change of `input` kind is announced, for as long as it runs. */
export const listChanges = fromCallback<{ type: 'noop' }, ListKind>(({ input, sendBack }) => {
  const listener = () => sendBack({ type: 'list.refresh' });
  listeners[input].add(listener);
  return () => {
    listeners[input].delete(listener);
  };
});
