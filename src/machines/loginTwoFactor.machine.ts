/**
 * The sign-in step two-factor adds: after a right password the server answers with a challenge
 * instead of tokens; this machine asks for a TOTP or backup code and ends with the tokens
 * (output), or 'cancelled' when the person goes back to the password form. The session machine
 * invokes it and takes the output as a normal login answer.
 */
import { assign, fromPromise, setup } from 'xstate';
import { loginWithSecondFactor } from '../services/auth';

export type LoginTwoFactorOutput<TSession> = { status: 'signedIn'; session: TSession } | { status: 'cancelled' };
type Context = { challengeToken: string; code: string; codeMissing: boolean; error: unknown; session: unknown; cancelled: boolean };
export type LoginTwoFactorEvent =
  | { type: 'loginCode.change'; value: string }
  | { type: 'loginCode.submit' }
  | { type: 'loginCode.cancel' };

/** A 6-digit TOTP code, or a backup code (letters, digits, one dash). */
const tidy = (v: string) => (/[a-z]/i.test(v) ? v.toUpperCase().replace(/[^A-Z0-9-]/g, '').slice(0, 9) : v.replace(/\D/g, '').slice(0, 6));

export const loginTwoFactorMachine = setup({
  types: {
    context: {} as Context,
    events: {} as LoginTwoFactorEvent,
    input: {} as { challengeToken: string },
    output: {} as LoginTwoFactorOutput<unknown>,
  },
  actors: {
    verifyLoginCode: fromPromise<unknown, { challengeToken: string; code: string }>(({ input, signal }) =>
      loginWithSecondFactor(input, signal),
    ),
  },
  guards: { codeEntered: ({ context }) => context.code.length > 0 },
}).createMachine({
  id: 'loginTwoFactor',
  context: ({ input }) => ({ challengeToken: input.challengeToken, code: '', codeMissing: false, error: null, session: null, cancelled: false }),
  initial: 'entering',
  states: {
    entering: {
      on: {
        'loginCode.change': { actions: assign({ code: ({ event }) => tidy(event.value), codeMissing: false, error: null }) },
        'loginCode.submit': [{ guard: 'codeEntered', target: 'verifying' }, { actions: assign({ codeMissing: true }) }],
        'loginCode.cancel': { target: 'cancelled', actions: assign({ cancelled: true }) },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyLoginCode',
        src: 'verifyLoginCode',
        input: ({ context }) => ({ challengeToken: context.challengeToken, code: context.code }),
        onDone: { target: 'signedIn', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'entering', actions: assign({ error: ({ event }) => event.error, code: '' }) },
      },
    },
    signedIn: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => (context.cancelled ? { status: 'cancelled' } : { status: 'signedIn', session: context.session }),
});
