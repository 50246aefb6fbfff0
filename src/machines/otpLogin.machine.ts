/**
 * Sign-in with a one-time code by SMS (the login screen's OTP tab when the operator sets
 * OTP_LOGIN_ENABLED): a 10-digit mobile number → the code is requested → a 6-digit code → verified.
 * A new code can be asked for once the resend cooldown has run out. The machine ends with the
 * server's answer (tokens, or a two-factor challenge) as its output; the login form hands it to the
 * session, which signs in exactly as after a password.
 *
 * Errors: a malformed number or code never leaves the browser; the server's refusals (wrong or
 * expired code, too many requests, OTP turned off, network) are kept as `error` for the view to
 * translate. Too many wrong codes (429 on verify) lock the code entry until a new code is sent.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { requestMobileOtp, verifyMobileOtp, type LoginResult } from '../services/auth';
import { HttpError } from '../services/http';

export type OtpProblem = 'phoneRequired' | 'phoneInvalid' | 'codeRequired' | 'codeInvalid';

export type OtpLoginContext = {
  phone: string;
  code: string;
  problem: OtpProblem | null;
  /** The last failed call, shown translated (src/i18n/httpErrors.ts). */
  error: HttpError | null;
  /** Seconds until a new code may be asked for. */
  secondsLeft: number;
  resendSeconds: number;
  result: LoginResult | null;
};

export type OtpLoginEvent =
  | { type: 'otp.phoneChange'; value: string }
  | { type: 'otp.request' }
  | { type: 'otp.codeChange'; value: string }
  | { type: 'otp.verify' }
  | { type: 'otp.resend' }
  | { type: 'otp.changeNumber' }
  /** From the cooldown clock, once a second while a code is out. */
  | { type: 'otp.tick' };

export const RESEND_SECONDS = 30;

/**
 * The 10 digits of an Indian mobile number as people type or paste it: spaces and dashes go, and
 * a leading +91/91 or 0 is dropped once the number is longer than 10 digits.
 */
export function tidyPhone(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length > 10 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

export const tidyCode = (value: string) => value.replace(/\D/g, '').slice(0, 6);

export function phoneProblem(phone: string): OtpProblem | null {
  if (!phone) return 'phoneRequired';
  return /^[6-9][0-9]{9}$/.test(phone) ? null : 'phoneInvalid';
}

export function codeProblem(code: string): OtpProblem | null {
  if (!code) return 'codeRequired';
  return /^[0-9]{6}$/.test(code) ? null : 'codeInvalid';
}

/** Anything that is not the HTTP client's own error (an abort, a bug) reads as a network failure. */
const toFailure = (error: unknown) => (error instanceof HttpError ? error : new HttpError(0, 'network'));

export const otpLoginMachine = setup({
  types: {
    context: {} as OtpLoginContext,
    events: {} as OtpLoginEvent,
    input: {} as { resendSeconds?: number },
    output: {} as LoginResult,
  },
  actors: {
    requestOtp: fromPromise<unknown, { phoneNumber: string }>(({ input, signal }) => requestMobileOtp(input.phoneNumber, signal)),
    verifyOtp: fromPromise<LoginResult, { phoneNumber: string; otp: string }>(({ input, signal }) =>
      verifyMobileOtp(input.phoneNumber, input.otp, signal),
    ),
    cooldownClock: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'otp.tick' }), 1000);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    phoneValid: ({ context }) => phoneProblem(context.phone) === null,
    codeValid: ({ context }) => codeProblem(context.code) === null,
    coolingDown: ({ context }) => context.secondsLeft > 0,
    cooledDown: ({ context }) => context.secondsLeft === 0,
    tooMany: (_, params: { error: unknown }) => toFailure(params.error).status === 429,
  },
  actions: {
    startCooldown: assign({ secondsLeft: ({ context }) => context.resendSeconds }),
    forgetCode: assign({ code: '', problem: null, error: null }),
  },
}).createMachine({
  id: 'otpLogin',
  context: ({ input }) => ({
    phone: '',
    code: '',
    problem: null,
    error: null,
    secondsLeft: 0,
    resendSeconds: input.resendSeconds ?? RESEND_SECONDS,
    result: null,
  }),
  initial: 'phone',
  states: {
    phone: {
      on: {
        'otp.phoneChange': { actions: assign({ phone: ({ event }) => tidyPhone(event.value), problem: null, error: null }) },
        'otp.request': [
          { guard: 'phoneValid', target: 'requesting' },
          { actions: assign({ problem: ({ context }) => phoneProblem(context.phone) }) },
        ],
      },
    },
    requesting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'requestOtp',
        src: 'requestOtp',
        input: ({ context }) => ({ phoneNumber: context.phone }),
        onDone: { target: 'code', actions: [assign({ code: '', problem: null }), 'startCooldown'] },
        onError: { target: 'phone', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    code: {
      invoke: { id: 'cooldownClock', src: 'cooldownClock' },
      on: {
        'otp.tick': { guard: 'coolingDown', actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
      },
      initial: 'entering',
      states: {
        entering: {
          on: {
            'otp.codeChange': { actions: assign({ code: ({ event }) => tidyCode(event.value), problem: null, error: null }) },
            'otp.verify': [
              { guard: 'codeValid', target: 'verifying' },
              { actions: assign({ problem: ({ context }) => codeProblem(context.code) }) },
            ],
            'otp.resend': { guard: 'cooledDown', target: 'resending' },
            'otp.changeNumber': { target: '#otpLogin.phone', actions: 'forgetCode' },
          },
        },
        verifying: {
          entry: assign({ error: null }),
          invoke: {
            id: 'verifyOtp',
            src: 'verifyOtp',
            input: ({ context }) => ({ phoneNumber: context.phone, otp: context.code }),
            onDone: { target: '#otpLogin.signedIn', actions: assign({ result: ({ event }) => event.output }) },
            onError: [
              {
                guard: { type: 'tooMany', params: ({ event }) => ({ error: event.error }) },
                target: 'locked',
                actions: assign({ error: ({ event }) => toFailure(event.error), code: '' }),
              },
              { target: 'entering', actions: assign({ error: ({ event }) => toFailure(event.error), code: '' }) },
            ],
          },
        },
        /** Too many wrong codes: this code is spent; only a new one (or another number) helps. */
        locked: {
          on: {
            'otp.resend': { guard: 'cooledDown', target: 'resending' },
            'otp.changeNumber': { target: '#otpLogin.phone', actions: 'forgetCode' },
          },
        },
        resending: {
          entry: assign({ error: null, problem: null }),
          invoke: {
            id: 'resendOtp',
            src: 'requestOtp',
            input: ({ context }) => ({ phoneNumber: context.phone }),
            onDone: { target: 'entering', actions: [assign({ code: '' }), 'startCooldown'] },
            // The earlier code may still be good: back to entering it, with the refusal shown.
            onError: { target: 'entering', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
          },
        },
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => context.result!,
});
