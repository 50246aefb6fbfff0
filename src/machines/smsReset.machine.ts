/**
 * Forgot password by SMS code, for people without a usable e-mail (most farmers): a 10-digit mobile number →
 * the code is requested → the 6-digit code with the new password twice → reset → done (then sign in).
 * A malformed number, code or password never leaves the browser; the server's refusals (wrong or expired
 * code, a password its rules refuse, too many requests, network) are kept as `error` for the view.
 * The number and password rules are the OTP sign-in's and the reset page's (otpLogin.machine, accountRules).
 */
import { assign, fromPromise, setup } from 'xstate';
import { requestSmsReset, resetPasswordBySms } from '../services/account';
import { hasProblems, passwordProblems, type PasswordForm, type PasswordProblem } from './accountRules';
import { codeProblem, phoneProblem, tidyCode, tidyPhone, type OtpProblem } from './otpLogin.machine';

export type SmsResetField = 'newPassword' | 'confirmPassword';
type Context = {
  phone: string;
  code: string;
  form: PasswordForm;
  /** The number's or the code's problem. */
  problem: OtpProblem | null;
  problems: Partial<Record<keyof PasswordForm, PasswordProblem>>;
  shown: boolean;
  error: unknown;
};

export type SmsResetEvent =
  | { type: 'sms.phoneChange'; value: string }
  | { type: 'sms.request' }
  | { type: 'sms.codeChange'; value: string }
  | { type: 'sms.change'; field: SmsResetField; value: string }
  | { type: 'sms.toggleShow' }
  | { type: 'sms.submit' }
  | { type: 'sms.changeNumber' };

const formProblems = (c: Context) => passwordProblems(c.form, false);

export const smsResetMachine = setup({
  types: { context: {} as Context, events: {} as SmsResetEvent },
  actors: {
    requestCode: fromPromise<unknown, string>(({ input, signal }) => requestSmsReset(input, signal)),
    resetBySms: fromPromise<unknown, { phoneNumber: string; code: string; newPassword: string }>(({ input, signal }) =>
      resetPasswordBySms(input, signal),
    ),
  },
  guards: {
    phoneValid: ({ context }) => phoneProblem(context.phone) === null,
    formValid: ({ context }) => codeProblem(context.code) === null && !hasProblems(formProblems(context)),
  },
}).createMachine({
  id: 'smsReset',
  context: { phone: '', code: '', form: { currentPassword: '', newPassword: '', confirmPassword: '' }, problem: null, problems: {}, shown: false, error: null },
  initial: 'phone',
  states: {
    phone: {
      on: {
        'sms.phoneChange': { actions: assign({ phone: ({ event }) => tidyPhone(event.value), problem: null, error: null }) },
        'sms.request': [
          { guard: 'phoneValid', target: 'requesting' },
          { actions: assign({ problem: ({ context }) => phoneProblem(context.phone) }) },
        ],
      },
    },
    requesting: {
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => context.phone,
        onDone: { target: 'code', actions: assign({ error: null }) },
        onError: { target: 'phone', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    code: {
      on: {
        'sms.codeChange': { actions: assign({ code: ({ event }) => tidyCode(event.value), problem: null, error: null }) },
        'sms.change': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
            problems: ({ context, event }) => {
              const { [event.field]: _cleared, ...rest } = context.problems;
              return rest;
            },
            error: null,
          }),
        },
        'sms.toggleShow': { actions: assign({ shown: ({ context }) => !context.shown }) },
        'sms.submit': [
          { guard: 'formValid', target: 'resetting' },
          { actions: assign({ problem: ({ context }) => codeProblem(context.code), problems: ({ context }) => formProblems(context) }) },
        ],
        'sms.changeNumber': { target: 'phone', actions: assign({ code: '', problem: null, error: null }) },
      },
    },
    resetting: {
      invoke: {
        id: 'resetBySms',
        src: 'resetBySms',
        input: ({ context }) => ({ phoneNumber: context.phone, code: context.code, newPassword: context.form.newPassword }),
        onDone: 'done',
        onError: { target: 'code', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: {},
  },
});
