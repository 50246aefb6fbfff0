/**
 * The one form-field-changed action. A form's `<form>.change` event carries the field's name (`field`, or `key` in the
 * older forms) and its new `value`; `fieldChanged(...)` builds the assignment every form makes for it:
 * - writes the value into the draft object named by `draft` (or straight into the context when there is none);
 * - forgets that field's entry in the per-field problem map named by `problems`, if the form has one;
 * - resets what the form showed about the old value (`reset`: its banner, its server error).
 *
 *   'form.change': { actions: fieldChanged<AddUserContext>({ draft: 'draft', reset: { problem: null } }) },
 */
import { assign } from 'xstate';

export type FieldChange = { value: string; field?: string; key?: string };

type Options<TContext> = {
  /** The draft object the field lives in (omit when the fields are the context's own). */
  draft?: keyof TContext & string;
  /** The map of per-field problems whose entry for this field a change clears. */
  problems?: keyof TContext & string;
  /** What every change resets (the form's banner, the last server error). */
  reset?: Partial<TContext>;
};

export function fieldChanged<TContext extends object>({ draft, problems, reset }: Options<TContext>) {
  // Typed for any machine whose context is TContext; the event is read as a FieldChange.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return assign<TContext, any, undefined, any, any>(({ context, event }: { context: TContext; event: FieldChange }): Partial<TContext> => {
    const name = (event.field ?? event.key)!;
    const ctx = context as Record<string, unknown>;
    const next: Record<string, unknown> = { ...reset };
    if (draft) next[draft] = { ...(ctx[draft] as object), [name]: event.value };
    else next[name] = event.value;
    if (problems) {
      const { [name]: _cleared, ...rest } = ctx[problems] as Record<string, unknown>;
      next[problems] = rest;
    }
    return next as Partial<TContext>;
  });
}
