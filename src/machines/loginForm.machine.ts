/**
 * The login form (spec 'Login', sections 4 and 5): e-mail mode, or on mobile user agents an OTP mode.
 * It validates the e-mail (required, e-mail-shaped) and password (required) and hands valid
 * credentials to the session as `session.login`.
 *
 * Opening the OTP tab asks the server which sign-in methods are on (GET /auth/options). With mobile
 * OTP off (the default, or when the question fails) the tab is the spec's 'coming soon' notice; with
 * OTP_LOGIN_ENABLED it runs the otpLogin machine, whose answer goes to the session as
 * `session.otpAnswered` (tokens, or the two-factor step).
 */
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { getAuthOptions, type AuthOptions, type LoginResult } from '../services/auth';
import { otpLoginMachine } from './otpLogin.machine';
import type { sessionMachine } from './session.machine';
import { EMAIL_SHAPE } from '../../contracts/contactRules';

export type CredentialErrors = { email?: 'required' | 'invalid'; password?: 'required' };


export function validateCredentials(email: string, password: string): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!email.trim()) errors.email = 'required';
  else if (!EMAIL_SHAPE.test(email.trim())) errors.email = 'invalid';
  if (!password) errors.password = 'required';
  return errors;
}

export type LoginFormContext = {
  email: string;
  password: string;
  errors: CredentialErrors;
  /** Decided once from the user agent: only mobile browsers get the OTP tab. */
  mobile: boolean;
  session: ActorRefFrom<typeof sessionMachine>;
};

export type LoginFormEvent =
  | { type: 'login.emailChanged'; value: string }
  | { type: 'login.passwordChanged'; value: string }
  | { type: 'login.submitted' }
  | { type: 'login.otpChosen' }
  | { type: 'login.emailChosen' }
  | { type: 'login.otpSubmitted' };

export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
    input: {} as { mobile: boolean; session: ActorRefFrom<typeof sessionMachine> },
  },
  actors: {
    authOptions: fromPromise<AuthOptions>(({ signal }) => getAuthOptions(signal)),
    otpLogin: otpLoginMachine,
  },
  guards: {
    isMobile: ({ context }) => context.mobile,
    otpEnabled: (_, params: { options: AuthOptions }) => params.options.otpLoginEnabled === true,
    credentialsValid: ({ context }) => Object.keys(validateCredentials(context.email, context.password)).length === 0,
  },
  actions: {
    logIn: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.login' as const, email: context.email, password: context.password }),
    ),
    handOver: sendTo(
      ({ context }) => context.session,
      (_, params: { result: LoginResult }) => ({ type: 'session.otpAnswered' as const, result: params.result }),
    ),
  },
}).createMachine({
  id: 'loginForm',
  context: ({ input }) => ({ email: '', password: '', errors: {}, mobile: input.mobile, session: input.session }),
  initial: 'email',
  states: {
    email: {
      initial: 'editing',
      on: {
        // Editing a field clears that field's error (spec section 5).
        'login.emailChanged': { actions: assign({ email: ({ event }) => event.value, errors: ({ context }) => ({ password: context.errors.password }) }) },
        'login.passwordChanged': { actions: assign({ password: ({ event }) => event.value, errors: ({ context }) => ({ email: context.errors.email }) }) },
        'login.submitted': [
          { guard: 'credentialsValid', target: '.editing', actions: 'logIn' },
          { target: '.invalid', actions: assign({ errors: ({ context }) => validateCredentials(context.email, context.password) }) },
        ],
        'login.otpChosen': { guard: 'isMobile', target: 'otp' },
      },
      states: {
        editing: {},
        /** A submit was refused; the field errors show until the fields are edited. */
        invalid: {},
      },
    },
    otp: {
      // Coming back to e-mail login starts clean: old field errors would point at nothing the user did.
      entry: assign({ errors: {} }),
      initial: 'checking',
      on: { 'login.emailChosen': 'email' },
      states: {
        /** Asks the server whether mobile OTP sign-in is on; anything but a yes keeps 'coming soon'. */
        checking: {
          invoke: {
            id: 'authOptions',
            src: 'authOptions',
            onDone: [
              { guard: { type: 'otpEnabled', params: ({ event }) => ({ options: event.output }) }, target: 'live' },
              { target: 'comingSoon' },
            ],
            onError: 'comingSoon',
          },
        },
        comingSoon: {
          initial: 'idle',
          states: {
            idle: { on: { 'login.otpSubmitted': 'answered' } },
            /** The OTP submit only answers that OTP comes in a future version. */
            answered: {},
          },
        },
        live: {
          invoke: {
            id: 'otpLogin',
            src: 'otpLogin',
            input: {},
            // Signed in: the session takes over (home, or the two-factor step). Should the person come
            // back from the two-factor step, a fresh OTP form waits.
            onDone: { target: 'live', reenter: true, actions: { type: 'handOver', params: ({ event }) => ({ result: event.output }) } },
          },
        },
      },
    },
  },
});
