/** The OTP sign-in's real cooldown clock: the resend button unlocks when the seconds have run out. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { otpLoginMachine } from '@/machines/otpLogin.machine';

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
