/**
 * The Edit Farmer / Edit Coordinator dialog as a piece of a machine, shared by the farmer table, the
 * coordinators table, the coordinator's farmer list and the farmer page: its context, events, the assignment that opens
 * it, and the `editing` compound state (open ⇄ saving). The machine using it provides a `save` actor that
 * takes `{ id, edit }`.
 */
import { assign, type AnyEventObject, type EventObject } from 'xstate';
import type { HttpError } from '@/services/http';
import { fieldChanged } from './fieldChanged';
import { asHttp, draftDeactivates, draftFrom, personDraftProblem, toPersonEdit, type PersonDraft, type PersonDraftProblem } from './personEdit';

export type PersonEditContext = {
  edit: PersonDraft | null;
  editProblem: PersonDraftProblem | 'failed' | null;
  editError: HttpError | null;
};
export type PersonEditEvent =
  | { type: 'edit.change'; key: 'name' | 'email' | 'phoneNumber' | 'status'; value: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' };

/** The dialog closed: spread into a machine's initial context. */
export const closedEdit: PersonEditContext = { edit: null, editProblem: null, editError: null };

/** The dialog's part of a machine's context (select it with shallowEqual). */
export const personEditOf = (c: PersonEditContext): PersonEditContext => ({ edit: c.edit, editProblem: c.editProblem, editError: c.editError });

/** Context that opens the dialog on `person`. */
export const openEditOn = (person: Parameters<typeof draftFrom>[0]): PersonEditContext => ({ edit: draftFrom(person), editProblem: null, editError: null });

/**
 * The `editing` state: cancel goes to `closed`, a valid save invokes `save` and goes to `saved`
 * (an absolute `#machine.state` target), a failed save shows its error in the open dialog.
 * Saving an Active person as Inactive first asks, as the Deactivate button does (`confirmingInactive`,
 * tagged `confirmInactive`): save again confirms, cancel goes back to the dialog with the draft kept.
 */
export function personEditingState<TContext extends PersonEditContext, TEvent extends EventObject>(targets: { closed: string; saved: string }) {
  // An assignment typed for the using machine's context and events, so the state fits its config;
  // it writes only its own three keys, which TContext has with these types.
  const set = <E extends AnyEventObject>(fn: (a: { context: TContext; event: E }) => Partial<PersonEditContext>) =>
    assign<TContext, E, undefined, TEvent, never>((a) => fn(a) as Partial<TContext>);
  return {
    initial: 'open' as const,
    states: {
      open: {
        on: {
          // Not while saving: the update would still land and the closed dialog would leave the page stale.
          'edit.cancel': { target: targets.closed, actions: set(() => ({ edit: null })) },
          'edit.change': { actions: fieldChanged<TContext>({ draft: 'edit', reset: { editProblem: null, editError: null } as Partial<TContext> }) },
          'edit.save': [
            {
              guard: ({ context }: { context: TContext }) => !context.edit || personDraftProblem(context.edit) !== null,
              actions: set(({ context }) => ({ editProblem: personDraftProblem(context.edit!) })),
            },
            { guard: ({ context }: { context: TContext }) => draftDeactivates(context.edit!), target: 'confirmingInactive' },
            { target: 'saving' },
          ],
        },
      },
      confirmingInactive: {
        tags: ['confirmInactive'],
        on: {
          'edit.save': { target: 'saving' },
          'edit.cancel': { target: 'open' },
        },
      },
      saving: {
        tags: ['busy'],
        invoke: {
          id: 'save',
          src: 'save' as const,
          input: ({ context }: { context: TContext }) => ({ id: context.edit!.id, edit: toPersonEdit(context.edit!) }),
          onDone: { target: targets.saved, actions: set(() => ({ edit: null })) },
          onError: { target: 'open', actions: set<AnyEventObject & { error: unknown }>(({ event }) => ({ editProblem: 'failed', editError: asHttp(event.error) })) },
        },
      },
    },
  };
}
