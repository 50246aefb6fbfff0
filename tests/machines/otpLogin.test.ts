/** The OTP sign-in's real cooldown clock: the resend button unlocks when the seconds have run out. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { codeProblem, otpLoginMachine, phoneProblem, tidyPhone } from '@/machines/otpLogin.machine';
import { HttpError } from '@/services/http';
import { heldCalls } from '../support/heldCalls';

afterEach(() => {
  vi.useRealTimers();
});

describe('otpLogin cooldown clock', () => {
  it('counts down once a second after a code is sent, then allows a resend, and stops with the code step', async () => {
    vi.useFakeTimers();
    const requests: string[] = [];
    const logic = otpLoginMachine.provide({
      actors: {
        requestOtp: fromPromise<unknown, { phoneNumber: string }>(async ({ input }) => {
          requests.push(input.phoneNumber);
          return { success: true };
        }),
      },
    });
    const otp = createActor(logic, { input: { resendSeconds: 3 } }).start();
    otp.send({ type: 'otp.phoneChange', value: '9822012345' });
    otp.send({ type: 'otp.request' });
    await vi.advanceTimersByTimeAsync(0);
    expect(otp.getSnapshot().matches({ code: 'entering' })).toBe(true);
    expect(otp.getSnapshot().context.secondsLeft).toBe(3);
    expect(otp.getSnapshot().can({ type: 'otp.resend' })).toBe(false);

    await vi.advanceTimersByTimeAsync(1000);
    expect(otp.getSnapshot().context.secondsLeft).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(otp.getSnapshot().context.secondsLeft).toBe(0);
    expect(otp.getSnapshot().can({ type: 'otp.resend' })).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(otp.getSnapshot().context.secondsLeft).toBe(0);

    otp.send({ type: 'otp.resend' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['9822012345', '9822012345']);
    expect(otp.getSnapshot().context.secondsLeft).toBe(3);

    otp.send({ type: 'otp.changeNumber' });
    expect(vi.getTimerCount()).toBe(0);
    otp.stop();
  });
});

/**
 * The OTP sign-in in fixed scenarios whose expectations are written out here, not read from the machine (the
 * generated paths of tests/model/account/otpLogin.model.test.tsx check the view against the machine's own
 * snapshots): what a number or code typed becomes, each refusal, and what Change number and a new code forget.
 */
describe('otpLogin scenarios', () => {
  const RESULT = { accessToken: 'a', refreshToken: 'r', user: { _id: 'u1' } };

  /** The machine with no resend cooldown (a new code may be asked for at once) and each call held. */
  function start() {
    const { held, last, count } = heldCalls();
    const actor = createActor(otpLoginMachine.provide({ actors: { requestOtp: held('requestOtp') as never, verifyOtp: held('verifyOtp') as never } }), {
      input: { resendSeconds: 0 },
    }).start();
    const tick = () => new Promise((r) => setTimeout(r, 0));
    return {
      send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
      answer: async (id: string, v: unknown) => (last(id).resolve(v), tick()),
      fail: async (id: string, e: unknown) => (last(id).reject(e), tick()),
      input: (id: string) => last(id).input,
      count,
      value: () => actor.getSnapshot().value,
      ctx: () => actor.getSnapshot().context,
      actor,
    };
  }
  /** On the code step for 9822012345. */
  async function onCode() {
    const t = start();
    t.send({ type: 'otp.phoneChange', value: '98220 12345' });
    t.send({ type: 'otp.request' });
    await t.answer('requestOtp', { success: true });
    return t;
  }

  it('keeps ten digits of a number: +91, 91 or 0 go only from a longer number', () => {
    expect(tidyPhone('+91 98220-12345')).toBe('9822012345');
    expect(tidyPhone('09822012345')).toBe('9822012345');
    // Ten digits that happen to start with 91 or 0 are the number itself.
    expect(tidyPhone('9198220123')).toBe('9198220123');
    expect(tidyPhone('0982201234')).toBe('0982201234');
  });

  it('a number is ten digits starting 6–9, a code six digits, nothing before or after', () => {
    expect(phoneProblem('')).toBe('phoneRequired');
    expect(phoneProblem('9822012345')).toBeNull();
    expect(phoneProblem('x9822012345')).toBe('phoneInvalid');
    expect(phoneProblem('9822012345x')).toBe('phoneInvalid');
    expect(phoneProblem('5822012345')).toBe('phoneInvalid');
    expect(codeProblem('')).toBe('codeRequired');
    expect(codeProblem('123456')).toBeNull();
    expect(codeProblem('x123456')).toBe('codeInvalid');
    expect(codeProblem('123456x')).toBe('codeInvalid');
  });

  it('a refused request goes back to the number with the refusal; an error that is not HTTP reads as no network', async () => {
    const t = start();
    t.send({ type: 'otp.phoneChange', value: '9822012345' });
    t.send({ type: 'otp.request' });
    await t.fail('requestOtp', new HttpError(500, 'server'));
    expect(t.value()).toBe('phone');
    expect(t.ctx().error).toMatchObject({ status: 500 });
    t.send({ type: 'otp.request' });
    // Asking again clears the refusal while it asks.
    expect(t.value()).toBe('requesting');
    expect(t.ctx().error).toBeNull();
    await t.fail('requestOtp', new Error('aborted'));
    expect(t.ctx().error).toBeInstanceOf(HttpError);
    expect(t.ctx().error).toMatchObject({ status: 0, reason: 'network' });
  });

  it('a missing or malformed number is not sent and says why', () => {
    const t = start();
    t.send({ type: 'otp.request' });
    expect(t.ctx().problem).toBe('phoneRequired');
    t.send({ type: 'otp.phoneChange', value: '12345' });
    t.send({ type: 'otp.request' });
    expect(t.value()).toBe('phone');
    expect(t.ctx().problem).toBe('phoneInvalid');
    expect(t.count('requestOtp')).toBe(0);
  });

  it('a malformed code is not sent and says why; a wrong code is cleared with the refusal shown', async () => {
    const t = await onCode();
    t.send({ type: 'otp.verify' });
    expect(t.ctx().problem).toBe('codeRequired');
    t.send({ type: 'otp.codeChange', value: '12a3' });
    t.send({ type: 'otp.verify' });
    expect(t.ctx().problem).toBe('codeInvalid');
    expect(t.count('verifyOtp')).toBe(0);
    t.send({ type: 'otp.codeChange', value: '123456' });
    t.send({ type: 'otp.verify' });
    expect(t.input('verifyOtp')).toEqual({ phoneNumber: '9822012345', otp: '123456' });
    await t.fail('verifyOtp', new HttpError(400, 'badRequest'));
    expect(t.value()).toEqual({ code: 'entering' });
    expect(t.ctx()).toMatchObject({ code: '', error: { status: 400 } });
  });

  it('too many wrong codes lock the entry with the refusal; only a new code or another number helps', async () => {
    const t = await onCode();
    t.send({ type: 'otp.codeChange', value: '111111' });
    t.send({ type: 'otp.verify' });
    await t.fail('verifyOtp', new HttpError(429, 'tooMany'));
    expect(t.value()).toEqual({ code: 'locked' });
    expect(t.ctx()).toMatchObject({ code: '', error: { status: 429 } });
    t.send({ type: 'otp.codeChange', value: '222222' });
    expect(t.ctx().code).toBe('');
    t.send({ type: 'otp.changeNumber' });
    expect(t.value()).toBe('phone');
    expect(t.ctx()).toMatchObject({ code: '', problem: null, error: null, phone: '9822012345' });
  });

  it('Change number forgets the code typed, its problem and the refusal', async () => {
    const t = await onCode();
    t.send({ type: 'otp.codeChange', value: '12' });
    t.send({ type: 'otp.verify' });
    expect(t.ctx().problem).toBe('codeInvalid');
    t.send({ type: 'otp.changeNumber' });
    expect(t.value()).toBe('phone');
    expect(t.ctx()).toMatchObject({ code: '', problem: null, error: null });
  });

  it('a new code clears the one typed; a refused resend keeps it (it may still be good), and verifying clears the refusal', async () => {
    const t = await onCode();
    t.send({ type: 'otp.codeChange', value: '333333' });
    t.send({ type: 'otp.resend' });
    expect(t.value()).toEqual({ code: 'resending' });
    await t.answer('requestOtp', { success: true });
    expect(t.value()).toEqual({ code: 'entering' });
    expect(t.ctx().code).toBe('');
    t.send({ type: 'otp.codeChange', value: '444444' });
    t.send({ type: 'otp.resend' });
    await t.fail('requestOtp', new HttpError(503, 'server'));
    expect(t.value()).toEqual({ code: 'entering' });
    expect(t.ctx()).toMatchObject({ code: '444444', error: { status: 503 } });
    t.send({ type: 'otp.verify' });
    expect(t.value()).toEqual({ code: 'verifying' });
    expect(t.ctx().error).toBeNull();
    await t.answer('verifyOtp', RESULT);
    expect(t.value()).toBe('signedIn');
    expect(t.actor.getSnapshot().output).toEqual(RESULT);
  });
});
