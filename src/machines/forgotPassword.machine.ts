/**
 * Forgot password: form → sending → sent (always the same answer) | failed ('Failed to send reset
 * link. Please try again.'), from which the form can send again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { forgotPassword } from '../services/account';
import { emailProblem } from './accountRules';

type Context = { email: string; problem: 'emailRequired' | 'emailInvalid' | null; error: unknown };
export type ForgotPasswordEvent = { type: 'forgot.change'; value: string } | { type: 'forgot.submit' };

export const forgotPasswordMachine = setup({
  types: { context: {} as Context, events: {} as ForgotPasswordEvent },
  actors: { sendResetLink: fromPromise<unknown, string>(({ input, signal }) => forgotPassword(input.trim(), signal)) },
  guards: { emailValid: ({ context }) => emailProblem(context.email) === null },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', problem: null, error: null },
  initial: 'form',
  states: {
    form: {
      on: {
        'forgot.change': { actions: assign({ email: ({ event }) => event.value, problem: null }) },
        'forgot.submit': [
          { guard: 'emailValid', target: 'sending' },
          { actions: assign({ problem: ({ context }) => emailProblem(context.email) }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendResetLink',
        src: 'sendResetLink',
        input: ({ context }) => context.email,
        onDone: 'sent',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    sent: {},
    failed: {
      on: {
        'forgot.change': { target: 'form', actions: assign({ email: ({ event }) => event.value, problem: null }) },
        'forgot.submit': 'sending',
      },
    },
  },
});
