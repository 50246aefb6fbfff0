/**
 * Generated path tests for the mobile OTP sign-in (otpLogin machine), replayed on the real
 * OtpLoginForm: typing a number and a code, the server answering each call (or refusing it), the
 * resend cooldown's clock, changing the number. Every state and every transition ends some path.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import { codeProblem, otpLoginMachine, phoneProblem, tidyCode, tidyPhone, type OtpLoginContext } from '../../../src/machines/otpLogin.machine';
import type { LoginResult } from '../../../src/services/auth';
import { HttpError } from '../../../src/services/http';
import { OtpLoginForm } from '../../../src/views/auth/OtpLoginForm';
import { startApiServer } from '../../support/apiServer';
import { get, query } from '../../support/dom';
import { deferred, describeModel, leafPaths, renderView, replay, SIGNED_IN_FARMER, stateKey, transitionPaths, typeNames } from '../../support/modelHarness';

const GRANT = { accessToken: 'access-otp', refreshToken: 'refresh-otp', user: { _id: 'u1' } };
const serverError = (status: number, english: string) =>
  new HttpError(status, status === 400 ? 'badRequest' : 'notFound', {
    statusCode: status,
    code: 'X',
    error: english,
    message: { english, marathi: `${english} (mr)`, hindi: `${english} (hi)` },
  } as never);
const WRONG_CODE = 'The code is wrong or has expired.';
const TEXT = {
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  network: 'Network error. Please check your internet connection.',
  tooManyCodes: 'Too many wrong codes. Please ask for a new OTP.',
  phoneRequired: 'Mobile number is required',
  phoneInvalid: 'Enter a valid 10-digit mobile number',
  codeRequired: 'Enter the code from the SMS',
  codeInvalid: 'The code has 6 digits',
};
const PROBLEM_TEXT = { phoneRequired: TEXT.phoneRequired, phoneInvalid: TEXT.phoneInvalid, codeRequired: TEXT.codeRequired, codeInvalid: TEXT.codeInvalid };

const EVENTS = [
  { type: 'otp.phoneChange', value: '+91 98220 00001' },
  { type: 'otp.phoneChange', value: '12345' },
  { type: 'otp.request' },
  { type: 'xstate.done.actor.requestOtp', output: { success: true } },
  { type: 'xstate.error.actor.requestOtp', error: new HttpError(429, 'tooMany') },
  { type: 'otp.codeChange', value: '123456' },
  { type: 'otp.codeChange', value: '12' },
  { type: 'otp.verify' },
  { type: 'xstate.done.actor.verifyOtp', output: GRANT },
  { type: 'xstate.error.actor.verifyOtp', error: serverError(400, WRONG_CODE) },
  { type: 'xstate.error.actor.verifyOtp', error: new HttpError(429, 'tooMany') },
  { type: 'xstate.error.actor.verifyOtp', error: new HttpError(0, 'network') },
  { type: 'otp.tick' },
  { type: 'otp.resend' },
  { type: 'xstate.done.actor.resendOtp', output: { success: true } },
  { type: 'xstate.error.actor.resendOtp', error: new HttpError(0, 'network') },
  { type: 'otp.changeNumber' },
];
const INPUT = { resendSeconds: 2 };
const errorKey = (e: HttpError | null) => (e ? `${e.status}` : null);
const all = transitionPaths(
  otpLoginMachine,
  EVENTS,
  (c: OtpLoginContext) => ({ p: c.phone, c: c.code, pr: c.problem, e: errorKey(c.error), s: c.secondsLeft }),
  {
    input: INPUT,
    // Typing what the field already holds fires no change event in a browser.
    unchanged: (c, e) =>
      (e.type === 'otp.phoneChange' && c.phone === tidyPhone(e.value)) || (e.type === 'otp.codeChange' && c.code === tidyCode(e.value)),
  },
);
// Each path is checked at every step, so a path that another one extends adds nothing: run the leaves only
// (every step of every generated path is still replayed and checked; the guard test holds them to every state of the walk).
const paths = leafPaths(all);

function harness() {
  let request = deferred<unknown>();
  let verify = deferred<unknown>();
  const calls: { requestOtp: unknown[]; verifyOtp: unknown[] } = { requestOtp: [], verifyOtp: [] };
  let tick: ((e: EventObject) => void) | null = null;
  let ref!: ActorRefFrom<typeof otpLoginMachine>;
  const logic = otpLoginMachine.provide({
    actors: {
      requestOtp: fromPromise<unknown, { phoneNumber: string }>(({ input }) => {
        calls.requestOtp.push(input);
        return (request = deferred()).promise;
      }),
      verifyOtp: fromPromise<LoginResult, { phoneNumber: string; otp: string }>(({ input }) => {
        calls.verifyOtp.push(input);
        return (verify = deferred()).promise as Promise<LoginResult>;
      }),
      // The cooldown clock, ticked by the test instead of by time.
      cooldownClock: fromCallback(({ sendBack }) => {
        tick = sendBack;
        return () => {
          tick = null;
        };
      }),
    },
  });
  let backs = 0;
  function Host() {
    ref = useActorRef(logic, { input: INPUT });
    return <OtpLoginForm actor={ref} onBack={() => (backs += 1)} />;
  }
  renderView(<Host />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });

  const exec: Record<string, (e: any) => unknown> = {
    'xstate.init': () => {},
    'otp.phoneChange': (e) => fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: e.value } }),
    'otp.request': () => fireEvent.click(get('button', 'Send OTP')),
    'xstate.done.actor.requestOtp': (e) => act(async () => request.resolve(e.output)),
    'xstate.error.actor.requestOtp': (e) => act(async () => request.reject(e.error)),
    'otp.codeChange': (e) => fireEvent.change(screen.getByLabelText('OTP code'), { target: { value: e.value } }),
    'otp.verify': () => fireEvent.click(get('button', 'Verify and log in')),
    'xstate.done.actor.verifyOtp': (e) => act(async () => verify.resolve(e.output)),
    'xstate.error.actor.verifyOtp': (e) => act(async () => verify.reject(e.error)),
    'otp.tick': () =>
      act(() => {
        if (!tick) throw new Error('the cooldown clock is not running');
        tick({ type: 'otp.tick' });
      }),
    'otp.resend': () => fireEvent.click(get('button', 'Resend OTP')),
    'xstate.done.actor.resendOtp': (e) => act(async () => request.resolve(e.output)),
    'xstate.error.actor.resendOtp': (e) => act(async () => request.reject(e.error)),
    'otp.changeNumber': () => fireEvent.click(get('button', 'Change number')),
  };

  const problemShown = (ctx: OtpLoginContext, label: string) => {
    const input = screen.getByLabelText(label);
    if (ctx.problem) expect(input).toHaveAccessibleDescription(PROBLEM_TEXT[ctx.problem]);
    else expect(input).not.toHaveAttribute('aria-invalid', 'true');
  };
  const errorShown = (ctx: OtpLoginContext) => {
    const alert = query('alert');
    if (!ctx.error) return expect(alert).toBeNull();
    const expected = { 429: TEXT.tooManyRequests, 0: TEXT.network, 400: WRONG_CODE }[ctx.error.status];
    expect(alert).toHaveTextContent(expected!);
  };
  /** The code step: what was sent where, and the resend button with its countdown. */
  const codeStep = (ctx: OtpLoginContext) => {
    expect(get('status')).toHaveTextContent(`If ${ctx.phone} is registered, a 6-digit code has been sent to it by SMS.`);
    const code = screen.getByLabelText('OTP code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveValue(ctx.code);
    const resend = get('button', ctx.secondsLeft > 0 ? `Resend OTP in ${ctx.secondsLeft} s` : /^(Resend OTP|Sending OTP…)$/);
    return { code, resend };
  };
  const assertState: Record<string, (s: { context: OtpLoginContext }) => void> = {
    phone: ({ context }) => {
      const input = screen.getByLabelText('Mobile number');
      expect(input).toHaveValue(context.phone);
      expect(input).toHaveAttribute('inputmode', 'numeric');
      expect(get('button', 'Send OTP')).toBeEnabled();
      expect(screen.queryByLabelText('OTP code')).toBeNull();
      problemShown(context, 'Mobile number');
      errorShown(context);
      expect(context.problem === null || context.problem === phoneProblem(context.phone)).toBe(true);
    },
    requesting: ({ context }) => {
      expect(get('button', 'Sending OTP…')).toBeDisabled();
      expect(calls.requestOtp.at(-1)).toEqual({ phoneNumber: context.phone });
      expect(context.phone).toBe('9822000001');
    },
    'code.entering': ({ context }) => {
      const { code, resend } = codeStep(context);
      expect(code).toBeEnabled();
      expect(resend).toHaveProperty('disabled', context.secondsLeft > 0);
      expect(get('button', 'Verify and log in')).toBeEnabled();
      expect(get('button', 'Change number')).toBeEnabled();
      problemShown(context, 'OTP code');
      errorShown(context);
      expect(context.problem === null || context.problem === codeProblem(context.code)).toBe(true);
    },
    'code.verifying': ({ context }) => {
      codeStep(context);
      expect(get('button', 'Verifying…')).toBeDisabled();
      expect(get('button', 'Change number')).toBeDisabled();
      expect(calls.verifyOtp.at(-1)).toEqual({ phoneNumber: '9822000001', otp: '123456' });
    },
    'code.locked': ({ context }) => {
      const { code, resend } = codeStep(context);
      expect(code).toBeDisabled();
      expect(code).toHaveValue('');
      expect(resend).toHaveProperty('disabled', context.secondsLeft > 0);
      expect(get('alert')).toHaveTextContent(TEXT.tooManyCodes);
      expect(get('button', 'Verify and log in')).toBeDisabled();
    },
    'code.resending': ({ context }) => {
      const { resend } = codeStep(context);
      expect(resend).toBeDisabled();
      expect(resend).toHaveTextContent('Sending OTP…');
      expect(get('button', 'Verify and log in')).toBeDisabled();
      expect(calls.requestOtp.at(-1)).toEqual({ phoneNumber: context.phone });
      expect(query('alert')).toBeNull();
    },
    signedIn: () => {
      expect(ref.getSnapshot().status).toBe('done');
      expect(ref.getSnapshot().output).toEqual(GRANT);
    },
  };
  return { exec, assertState, ref: () => ref, backs: () => backs };
}

describeModel('mobile OTP sign-in, generated paths', {
  paths,
  all,
  events: EVENTS,
  // Every event the machine handles (its own and its actors' answers) is driven.
  machine: otpLoginMachine,
  states: ['phone', 'requesting', 'code.entering', 'code.verifying', 'code.locked', 'code.resending', 'signedIn'],
  name: typeNames,
  render: (path) => {
    const { exec, assertState, ref } = harness();
    const snaps = replay(otpLoginMachine, path.steps.map((s) => s.event), INPUT);
    return {
      exec,
      check: (_step, i) => {
        expect(stateKey(ref().getSnapshot().value)).toBe(stateKey(snaps[i].value));
        assertState[stateKey(snaps[i].value)](snaps[i] as never);
      },
    };
  },
});

describe('mobile OTP sign-in', () => {
  it('goes back to e-mail login from either step', async () => {
    const { backs, exec } = harness();
    fireEvent.click(get('button', 'Back to Email Login'));
    expect(backs()).toBe(1);
    exec['otp.phoneChange']({ value: '9822000001' });
    exec['otp.request']({});
    await exec['xstate.done.actor.requestOtp']({ output: {} });
    fireEvent.click(get('button', 'Back to Email Login'));
    expect(backs()).toBe(2);
  });
});

describe('number and code tidying', () => {
  it.each([
    ['98220 00001', '9822000001'],
    ['+91 98220-00001', '9822000001'],
    ['919822000001', '9822000001'],
    ['09822000001', '9822000001'],
    ['9822000001234', '9822000001'],
    ['abc', ''],
  ])('%j → %j', (typed, phone) => expect(tidyPhone(typed)).toBe(phone));

  it.each([
    ['', 'phoneRequired'],
    ['98220', 'phoneInvalid'],
    ['1234567890', 'phoneInvalid'],
    ['5822000001', 'phoneInvalid'],
    ['9822000001', null],
    ['6000000000', null],
  ])('phone %j → %j', (phone, problem) => expect(phoneProblem(phone)).toBe(problem));

  it('keeps at most 6 digits of a code', () => {
    expect(tidyCode(' 12-34 56 7')).toBe('123456');
    expect(codeProblem('')).toBe('codeRequired');
    expect(codeProblem('12345')).toBe('codeInvalid');
    expect(codeProblem('123456')).toBeNull();
  });
});

describe('mobile OTP sign-in sent for real', () => {
  it('POSTs the tidied number, counts down to Resend OTP, sends again, then POSTs number and code and ends signed in (the machine’s own calls and clock)', async () => {
    const api = await startApiServer(({ method, path }) => {
      if (method === 'POST' && path === '/api/v1/auth/mobile-otp-request') return { status: 200, body: { success: true } };
      if (method === 'POST' && path === '/api/v1/auth/mobile-otp-verify') return { status: 200, body: GRANT };
      return { status: 404 };
    });
    try {
      let ref!: ActorRefFrom<typeof otpLoginMachine>;
      function Host() {
        ref = useActorRef(otpLoginMachine, { input: INPUT });
        return <OtpLoginForm actor={ref} onBack={() => {}} />;
      }
      renderView(<Host />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
      fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+91 98220 00001' } });
      fireEvent.click(get('button', 'Send OTP'));
      expect(await screen.findByLabelText('OTP code')).toHaveValue('');
      expect(api.calls('/auth/mobile-otp-request')).toMatchObject([{ authorization: undefined, body: { phoneNumber: '9822000001' } }]);
      // The cooldown counts down by the second, then Resend OTP asks again for the same number.
      expect(get('button', 'Resend OTP in 2 s')).toBeDisabled();
      await screen.findByRole('button', { name: 'Resend OTP in 1 s' }, { timeout: 3000 });
      fireEvent.click(await screen.findByRole('button', { name: 'Resend OTP' }, { timeout: 3000 }));
      await waitFor(() => expect(api.calls('/auth/mobile-otp-request')).toHaveLength(2));
      expect(api.calls('/auth/mobile-otp-request')[1].body).toEqual({ phoneNumber: '9822000001' });
      await screen.findByRole('button', { name: 'Resend OTP in 2 s' });
      fireEvent.change(screen.getByLabelText('OTP code'), { target: { value: '123 456' } });
      fireEvent.click(get('button', 'Verify and log in'));
      await waitFor(() => expect(ref.getSnapshot().status).toBe('done'));
      expect(ref.getSnapshot().output).toEqual(GRANT);
      expect(api.calls('/auth/mobile-otp-verify')).toMatchObject([{ authorization: undefined, body: { phoneNumber: '9822000001', otp: '123456' } }]);
    } finally {
      await api.close();
    }
  });
});
