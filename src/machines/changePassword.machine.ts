/**
 * The change-password dialog: form → submitting → success (2 s) → closed. Field problems clear as
 * soon as that field is edited; a server refusal shows its message.
 */
import { assign, fromPromise, setup } from 'xstate';
import { changePassword } from '../services/account';
import { hasProblems, passwordProblems, type PasswordForm, type PasswordProblem } from './accountRules';
import { delay } from './delay';
import { fieldChanged } from './fieldChanged';

export type PasswordField = keyof PasswordForm;
export const CHANGE_PASSWORD_SUCCESS_MS = 2000;

type Context = {
  form: PasswordForm;
  problems: Partial<Record<PasswordField, PasswordProblem>>;
  shown: Record<PasswordField, boolean>;
  serverError: unknown;
};

export type ChangePasswordEvent =
  | { type: 'password.change'; field: PasswordField; value: string }
  | { type: 'password.toggleShow'; field: PasswordField }
  | { type: 'password.submit' }
  | { type: 'password.cancel' };

const empty: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const changePasswordMachine = setup({
  types: { context: {} as Context, events: {} as ChangePasswordEvent },
  actors: {
    submitChange: fromPromise<unknown, PasswordForm>(({ input, signal }) =>
      changePassword({ currentPassword: input.currentPassword, newPassword: input.newPassword }, signal),
    ),
    successTimer: delay,
  },
  actions: {
    /** Provided by the dialog's owner: the spec's success callback, then the dialog closes. */
    onSuccess: () => {},
    close: () => {},
  },
  guards: { formValid: ({ context }) => !hasProblems(passwordProblems(context.form, true)) },
}).createMachine({
  id: 'changePassword',
  context: {
    form: empty,
    problems: {},
    shown: { currentPassword: false, newPassword: false, confirmPassword: false },
    serverError: null,
  },
  initial: 'form',
  states: {
    form: {
      on: {
        'password.change': { actions: fieldChanged<Context>({ draft: 'form', problems: 'problems', reset: { serverError: null } }) },
        'password.toggleShow': {
          actions: assign({ shown: ({ context, event }) => ({ ...context.shown, [event.field]: !context.shown[event.field] }) }),
        },
        'password.submit': [
          { guard: 'formValid', target: 'submitting' },
          { actions: assign({ problems: ({ context }) => passwordProblems(context.form, true) }) },
        ],
        'password.cancel': 'closed',
      },
    },
    submitting: {
      invoke: {
        id: 'submitChange',
        src: 'submitChange',
        input: ({ context }) => context.form,
        onDone: 'success',
        onError: { target: 'form', actions: assign({ serverError: ({ event }) => event.error }) },
      },
    },
    success: {
      invoke: {
        id: 'successTimer',
        src: 'successTimer',
        input: { ms: CHANGE_PASSWORD_SUCCESS_MS },
        onDone: { target: 'closed', actions: 'onSuccess' },
        onError: { target: 'closed', actions: 'onSuccess' },
      },
    },
    closed: { type: 'final', entry: 'close' },
  },
});
