import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { loginFormMachine, validateCredentials } from '@/machines/loginForm.machine';

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
  function start(mobile: boolean) {
    const received: unknown[] = [];
    const session = createActor(createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } })).start();
    const form = createActor(loginFormMachine, { input: { mobile, session: session as never } }).start();
    return { form, received };
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

  it('offers the OTP tab only on mobile', () => {
    const desktop = start(false).form;
    desktop.send({ type: 'login.otpChosen' });
    expect(desktop.getSnapshot().matches('email')).toBe(true);
    const phone = start(true).form;
    phone.send({ type: 'login.otpChosen' });
    phone.send({ type: 'login.otpSubmitted' });
    expect(phone.getSnapshot().matches({ otp: 'answered' })).toBe(true);
  });
});
