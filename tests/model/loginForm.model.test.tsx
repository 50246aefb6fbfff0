/**
 * Generated path tests for the login form statechart, replayed on the real LoginView (R4): typing,
 * submitting, the mobile-only OTP tab, which asks the server whether OTP sign-in is on ('coming soon'
 * when not, the OTP form when it is). Valid submits must reach the session as `session.login`; a
 * finished OTP sign-in reaches it as `session.otpAnswered` and signs the session in.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { loginFormMachine, type LoginFormContext } from '@/machines/loginForm.machine';
import { otpLoginMachine } from '@/machines/otpLogin.machine';
import { sessionMachine } from '@/machines/session.machine';
import type { AuthOptions, LoginResult, ProfileResponse } from '@/services/auth';
import { HttpError } from '@/services/http';
import { startApiServer } from '../support/apiServer';
import { deferred, type Deferred } from '../support/deferred';
import { farmer, grant } from '../support/sessionFixtures';
import { LoginView } from '@/views/auth/LoginView';
import { describeModel, leafPaths, modelPaths, renderView, variants, type ModelPath } from '../support/modelHarness';

const ANDROID = 'Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

// Empty fields are covered by the initial state; each payload here adds a distinct kind of input.
const EVENTS: AnyEventObject[] = [
  { type: 'login.emailChanged', value: 'sunita@example.in' },
  { type: 'login.emailChanged', value: 'sunita.example.in' },
  { type: 'login.passwordChanged', value: 'Secret123' },
  { type: 'login.submitted' },
  { type: 'login.otpChosen' },
  { type: 'login.emailChosen' },
  { type: 'login.otpSubmitted' },
  { type: 'xstate.done.actor.authOptions', output: { otpLoginEnabled: false } },
  { type: 'xstate.done.actor.authOptions', output: { otpLoginEnabled: true } },
  { type: 'xstate.error.actor.authOptions', error: new HttpError(0, 'network') },
  // The OTP form finished a sign-in (tests/model/account/otpLogin.model.test.tsx covers the form itself).
  { type: 'xstate.done.actor.otpLogin', output: grant(farmer, 7) },
];

/** The traversal needs a session to address; it never runs. */
const idleSession = createActor(sessionMachine, { input: { stored: null } });

const key = (s: { value: unknown; context: LoginFormContext }) =>
  `${JSON.stringify(s.value)}|${JSON.stringify(s.context.errors)}|${s.context.email}|${s.context.password}`;

const pathsFor = (mobile: boolean) =>
  modelPaths(loginFormMachine, {
    input: { mobile, session: idleSession },
    events: EVENTS,
    // State, context, and the transition that led there: every transition gets a path, not only every state.
    serializeState: (s, e, prev) => `${key(s)}|${e?.type}|${JSON.stringify(e?.output ?? null)}|${JSON.stringify(prev?.value)}`,
  });

const TEXT = {
  required: 'Email is required',
  invalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  otpSoon: 'OTP login is coming soon.',
  otpFuture: 'OTP login will come in a future version. Please log in with your email.',
  otpChecking: 'Checking sign-in options…',
};

type Step = { event: AnyEventObject; state: { value: unknown; context: LoginFormContext } };

function harness(userAgent: string) {
  const loginFn = vi.fn(async (_input: { email: string; password: string }) => {
    throw new HttpError(401, 'unauthorized');
  });
  const persisted: unknown[] = [];
  const logic = sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }) => loginFn(input)),
      authBridge: fromCallback(() => () => {}),
      loadProfile: fromPromise<ProfileResponse>(() => new Promise<ProfileResponse>(() => {})),
    },
    actions: { persistSession: (_, params) => void persisted.push(params) },
  });
  let options: Deferred<AuthOptions> | null = null;
  let verify: Deferred<LoginResult> | null = null;
  const formLogic = loginFormMachine.provide({
    actors: {
      authOptions: fromPromise(() => (options = deferred<AuthOptions>()).promise),
      otpLogin: otpLoginMachine.provide({
        actors: {
          requestOtp: fromPromise<unknown, { phoneNumber: string }>(async () => ({ success: true })),
          verifyOtp: fromPromise<LoginResult, { phoneNumber: string; otp: string }>(() => (verify = deferred<LoginResult>()).promise),
        },
      }),
    },
  });
  renderView(<LoginView userAgent={userAgent} logic={formLogic} />, { path: '/login', session: { logic } });
  const answerOptions = (how: (d: Deferred<AuthOptions>) => void) =>
    act(async () => {
      if (!options) throw new Error('no options request is pending');
      how(options);
    });

  /** Typing that ends at `value`; to "change" a field to what it already holds, a user types and deletes. */
  const typeInto = (label: string, value: string) => {
    const input = screen.getByLabelText(label) as HTMLInputElement;
    if (input.value === value) fireEvent.change(input, { target: { value: `${value}x` } });
    fireEvent.change(input, { target: { value } });
  };
  const exec: Record<string, (e: AnyEventObject) => unknown> = {
    'xstate.init': () => {},
    'login.emailChanged': (e) => typeInto('Email', e.value),
    'login.passwordChanged': (e) => typeInto('Password', e.value),
    // The session answers at once (401), so the button is enabled again for the next step.
    'login.submitted': () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Login' }))),
    'login.otpChosen': () => fireEvent.click(screen.getByRole('tab', { name: 'OTP Login' })),
    'login.emailChosen': () => fireEvent.click(screen.getByRole('button', { name: 'Back to Email Login' })),
    'login.otpSubmitted': () => fireEvent.click(screen.getByRole('button', { name: 'Send OTP' })),
    'xstate.done.actor.authOptions': (e) => answerOptions((d) => d.resolve(e.output)),
    'xstate.error.actor.authOptions': (e) => answerOptions((d) => d.reject(e.error)),
    // A whole OTP sign-in on the real form: number, code by SMS, code, the server's yes.
    'xstate.done.actor.otpLogin': async (e) => {
      fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9822000001' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send OTP' })));
      fireEvent.change(screen.getByLabelText('OTP code'), { target: { value: '123456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
      await act(async () => verify!.resolve(e.output));
    },
  };

  const fieldsShow = (ctx: LoginFormContext) => {
    expect(screen.getByLabelText('Email')).toHaveValue(ctx.email);
    expect(screen.getByLabelText('Password')).toHaveValue(ctx.password);
  };
  const assertState: Record<string, (step: Step) => void> = {
    '{"email":"editing"}': ({ state }) => {
      fieldsShow(state.context);
      for (const t of [TEXT.required, TEXT.invalid, TEXT.passwordRequired]) expect(screen.queryByText(t)).not.toBeInTheDocument();
    },
    '{"email":"invalid"}': ({ state }) => {
      fieldsShow(state.context);
      const { email, password } = state.context.errors;
      expect(Boolean(screen.queryByText(TEXT.required))).toBe(email === 'required');
      expect(Boolean(screen.queryByText(TEXT.invalid))).toBe(email === 'invalid');
      expect(Boolean(screen.queryByText(TEXT.passwordRequired))).toBe(password === 'required');
    },
    '{"otp":"checking"}': () => {
      expect(screen.getByRole('status')).toHaveTextContent(TEXT.otpChecking);
      expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    },
    '{"otp":{"comingSoon":"idle"}}': () => {
      expect(screen.getByText(TEXT.otpSoon)).toBeInTheDocument();
      expect(screen.queryByText(TEXT.otpFuture)).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    },
    '{"otp":{"comingSoon":"answered"}}': () => {
      expect(screen.getByRole('alert')).toHaveTextContent(TEXT.otpFuture);
    },
    '{"otp":"live"}': ({ event }) => {
      expect(screen.queryByText(TEXT.otpSoon)).not.toBeInTheDocument();
      // A fresh OTP form: number first, nothing typed.
      expect(screen.getByLabelText('Mobile number')).toHaveValue('');
      expect(screen.getByLabelText('Mobile number')).toHaveAttribute('inputmode', 'numeric');
      expect(screen.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
      // The finished sign-in went to the session, which signed in with it.
      expect(persisted).toEqual(event.type === 'xstate.done.actor.otpLogin' ? [event.output] : []);
    },
  };
  return { exec, assertState, loginFn };
}

/**
 * What the form should hold after the first `upTo` steps of a path, worked out from its events (what was typed, what
 * was submitted), not read from the machine's snapshot: a check against the snapshot agrees with a wrong machine.
 */
function expectedForm(path: ModelPath, upTo: number) {
  let email = '';
  let password = '';
  let errors: LoginFormContext['errors'] = {};
  path.steps.slice(0, upTo + 1).forEach(({ event: e }, k) => {
    const before = k > 0 ? JSON.stringify(path.steps[k - 1].state.value) : '';
    const inEmail = before.startsWith('{"email"');
    if (e.type === 'login.emailChanged' && inEmail) [email, errors] = [e.value, { password: errors.password }];
    else if (e.type === 'login.passwordChanged' && inEmail) [password, errors] = [e.value, { email: errors.email }];
    else if (e.type === 'login.submitted' && inEmail) {
      const wrong = { email: !email ? 'required' : email.includes('@') ? undefined : 'invalid', password: password ? undefined : 'required' } as const;
      if (wrong.email || wrong.password) errors = wrong;
    } else if (e.type === 'login.otpChosen' && inEmail && JSON.stringify(path.steps[k].state.value).startsWith('{"otp"')) errors = {};
  });
  return { email, password, errors };
}

function followsThePath(step: Step, path: ModelPath, i: number) {
  const seen = expectedForm(path, i);
  expect(step.state.context.email).toBe(seen.email);
  expect(step.state.context.password).toBe(seen.password);
  expect(step.state.context.errors).toEqual(seen.errors);
  if (!JSON.stringify(step.state.value).startsWith('{"email"')) return;
  expect(screen.getByLabelText('Email')).toHaveValue(seen.email);
  expect(screen.getByLabelText('Password')).toHaveValue(seen.password);
  const invalid = JSON.stringify(step.state.value) === '{"email":"invalid"}';
  expect(Boolean(screen.queryByText(TEXT.required))).toBe(invalid && seen.errors.email === 'required');
  expect(Boolean(screen.queryByText(TEXT.invalid))).toBe(invalid && seen.errors.email === 'invalid');
  expect(Boolean(screen.queryByText(TEXT.passwordRequired))).toBe(invalid && seen.errors.password === 'required');
}

type Device = { userAgent: string; mobile: boolean };
const DEVICES: [string, Device, ModelPath[]][] = [
  ['mobile', { userAgent: ANDROID, mobile: true }, pathsFor(true)],
  ['desktop', { userAgent: DESKTOP, mobile: false }, pathsFor(false)],
];

describeModel('login form model', {
  // Every step of every path is walked by a leaf path (each path's prefixes are paths too; see leafPaths).
  paths: variants(DEVICES.map(([label, device, all]) => [label, device, leafPaths(all)] as const)),
  all: variants(DEVICES),
  events: EVENTS,
  machine: loginFormMachine,
  states: ['email.editing', 'email.invalid', 'otp.checking', 'otp.comingSoon.idle', 'otp.comingSoon.answered', 'otp.live'],
  name: (p) => p.steps.map((s) => `${s.event.type}${'value' in s.event ? `(${JSON.stringify(s.event.value)})` : ''}`).join(' → '),
  render: (path) => {
    const { userAgent, mobile } = path.variant!.value as Device;
    const { exec, assertState, loginFn } = harness(userAgent);
    expect(screen.queryByRole('tablist') !== null).toBe(mobile);
    let sent = 0;
    return {
      exec,
      check: (step, i, p) => {
        const check = assertState[JSON.stringify(step.state.value)];
        if (!check) throw new Error(`no assertion for ${JSON.stringify(step.state.value)}`);
        check(step as Step);
        followsThePath(step as Step, p, i);
        // A submit that the form accepted reaches the session with exactly what was typed.
        if (step.event.type === 'login.submitted' && JSON.stringify(step.state.value) === '{"email":"editing"}') {
          sent += 1;
          expect(loginFn).toHaveBeenLastCalledWith({ email: step.state.context.email.trim(), password: step.state.context.password });
        }
        expect(loginFn).toHaveBeenCalledTimes(sent);
      },
    };
  },
});

describe('login form asking for real', () => {
  it('asks GET /auth/options, signed out, when OTP Login is chosen on a phone, and shows the OTP form the server turned on (the machine’s own call)', async () => {
    const api = await startApiServer(({ method, path }) => (method === 'GET' && path === '/api/v1/auth/options' ? { status: 200, body: { otpLoginEnabled: true } } : { status: 404 }));
    try {
      renderView(<LoginView userAgent={ANDROID} />, { path: '/login', session: {} });
      expect(api.calls('/auth/options')).toEqual([]);
      fireEvent.click(screen.getByRole('tab', { name: 'OTP Login' }));
      expect(await screen.findByLabelText('Mobile number')).toHaveValue('');
      expect(screen.queryByText(TEXT.otpSoon)).not.toBeInTheDocument();
      expect(api.calls('/auth/options')).toMatchObject([{ method: 'GET', authorization: undefined }]);
    } finally {
      await api.close();
    }
  });
});
