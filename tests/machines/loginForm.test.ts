import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { loginFormMachine, validateCredentials } from '@/machines/loginForm.machine';
import { otpLoginMachine } from '@/machines/otpLogin.machine';
import type { LoginResult } from '@/services/auth';
import { HttpError } from '@/services/http';

describe('validateCredentials (spec section 5: email required and valid)', () => {
  it.each([
    ['', '', { email: 'required', password: 'required' }],
    ['   ', 'x', { email: 'required' }],
    ['sunita', 'x', { email: 'invalid' }],
    ['sunita@example', 'x', { email: 'invalid' }],
    ['sunita @example.in', 'x', { email: 'invalid' }],
    [' sunita@example.in ', 'x', {}],
    ['sunita@example.in', '', { password: 'required' }],
  ])('%j / %j → %j', (email, password, errors) => {
    expect(validateCredentials(email, password)).toEqual(errors);
  });
});

describe('login form', () => {
  function start(mobile: boolean, options: () => Promise<{ otpLoginEnabled: boolean }> = async () => ({ otpLoginEnabled: false })) {
    const received: unknown[] = [];
    const session = createActor(createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } })).start();
    const grant = { accessToken: 'a', refreshToken: 'r', user: { _id: 'u1' } };
    const logic = loginFormMachine.provide({
      actors: {
        authOptions: fromPromise(options),
        otpLogin: otpLoginMachine.provide({
          actors: { requestOtp: fromPromise<unknown, { phoneNumber: string }>(async () => ({ success: true })), verifyOtp: fromPromise<LoginResult, { phoneNumber: string; otp: string }>(async () => grant as unknown as LoginResult) },
        }),
      },
    });
    const form = createActor(logic, { input: { mobile, session: session as never } }).start();
    return { form, received, grant };
  }

  it('hands only valid credentials to the session', () => {
    const { form, received } = start(false);
    form.send({ type: 'login.emailChanged', value: 'sunita.example.in' });
    form.send({ type: 'login.submitted' });
    expect(form.getSnapshot().context.errors).toEqual({ email: 'invalid', password: 'required' });
    form.send({ type: 'login.passwordChanged', value: 'Secret123' });
    expect(form.getSnapshot().context.errors).toEqual({ email: 'invalid' });
    form.send({ type: 'login.emailChanged', value: 'sunita@example.in' });
    form.send({ type: 'login.submitted' });
    expect(received).toEqual([{ type: 'session.login', email: 'sunita@example.in', password: 'Secret123' }]);
    expect(form.getSnapshot().matches({ email: 'editing' })).toBe(true);
  });

  it('offers the OTP tab only on mobile; with OTP off it only says it comes later', async () => {
    const desktop = start(false).form;
    desktop.send({ type: 'login.otpChosen' });
    expect(desktop.getSnapshot().matches('email')).toBe(true);
    const phone = start(true).form;
    phone.send({ type: 'login.otpChosen' });
    expect(phone.getSnapshot().matches({ otp: 'checking' })).toBe(true);
    await waitFor(phone, (s) => s.matches({ otp: 'comingSoon' }));
    phone.send({ type: 'login.otpSubmitted' });
    expect(phone.getSnapshot().matches({ otp: { comingSoon: 'answered' } })).toBe(true);
  });

  it('keeps "coming soon" when the options cannot be read', async () => {
    const { form } = start(true, async () => {
      throw new HttpError(0, 'network');
    });
    form.send({ type: 'login.otpChosen' });
    await waitFor(form, (s) => s.matches({ otp: 'comingSoon' }));
  });

  it('with OTP on, hands the OTP answer to the session and waits with a fresh OTP form', async () => {
    const { form, received, grant } = start(true, async () => ({ otpLoginEnabled: true }));
    form.send({ type: 'login.otpChosen' });
    await waitFor(form, (s) => s.matches({ otp: 'live' }));
    const otp = form.getSnapshot().children.otpLogin as ActorRefFrom<typeof otpLoginMachine>;
    otp.send({ type: 'otp.phoneChange', value: '98220 00001' });
    otp.send({ type: 'otp.request' });
    await waitFor(otp, (s) => s.matches('code'));
    otp.send({ type: 'otp.codeChange', value: '123456' });
    otp.send({ type: 'otp.verify' });
    await waitFor(form, () => received.length > 0);
    expect(received).toEqual([{ type: 'session.otpAnswered', result: grant }]);
    const fresh = form.getSnapshot().children.otpLogin as ActorRefFrom<typeof otpLoginMachine>;
    expect(fresh).not.toBe(otp);
    expect(fresh.getSnapshot().value).toBe('phone');
  });
});
