/**
 * Reset password from the e-mailed link: the token comes from the URL; form → submitting → done, or
 * back to the form with the server's reason (an expired or used link). No token: invalidLink.
 */
import { assign, fromPromise, setup } from 'xstate';
import { resetPassword } from '../services/account';
import { hasProblems, passwordProblems, type PasswordForm, type PasswordProblem } from './accountRules';
import { fieldChanged } from './fieldChanged';

export type ResetField = 'newPassword' | 'confirmPassword';
type Context = {
  token: string;
  form: PasswordForm;
  problems: Partial<Record<keyof PasswordForm, PasswordProblem>>;
  shown: boolean;
  serverError: unknown;
};
export type ResetPasswordEvent =
  | { type: 'reset.change'; field: ResetField; value: string }
  | { type: 'reset.toggleShow' }
  | { type: 'reset.submit' };

export const resetPasswordMachine = setup({
  types: { context: {} as Context, events: {} as ResetPasswordEvent, input: {} as { token: string | null } },
  actors: {
    submitReset: fromPromise<unknown, { token: string; newPassword: string }>(({ input, signal }) => resetPassword(input, signal)),
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
    formValid: ({ context }) => !hasProblems(passwordProblems(context.form, false)),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token ?? '',
    form: { currentPassword: '', newPassword: '', confirmPassword: '' },
    problems: {},
    shown: false,
    serverError: null,
  }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasToken', target: 'form' }, { target: 'invalidLink' }] },
    invalidLink: {},
    form: {
      on: {
        'reset.change': { actions: fieldChanged<Context>({ draft: 'form', problems: 'problems', reset: { serverError: null } }) },
        'reset.toggleShow': { actions: assign({ shown: ({ context }) => !context.shown }) },
        'reset.submit': [
          { guard: 'formValid', target: 'submitting' },
          { actions: assign({ problems: ({ context }) => passwordProblems(context.form, false) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submitReset',
        src: 'submitReset',
        input: ({ context }) => ({ token: context.token, newPassword: context.form.newPassword }),
        onDone: 'done',
        onError: { target: 'form', actions: assign({ serverError: ({ event }) => event.error }) },
      },
    },
    done: {},
  },
});
