/**
 * The two-factor dialog's machine in fixed scenarios whose expectations are written out here, not read from the
 * machine: what each form holds after typing, a failure, a cancel or a success. The generated path tests
 * (tests/model/account/twoFactor.model.test.tsx) check the view against the machine's own snapshots along every
 * path the machine has; these say what the machine must do, so a changed transition or action fails here even when
 * the paths generated from the changed machine still agree with its view.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { twoFactorMachine } from '@/machines/twoFactor.machine';
import { heldCalls } from '../support/heldCalls';


const SETUP = { qrCode: 'data:image/png;base64,x', secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', backupCodes: ['AAAA-BBBB', 'CCCC-DDDD', 'EEEE-FFFF'] };
const NEW_CODES = ['2222-3333', '4444-5555'];
const CLEAN_FORM = { code: '', password: '', codeMissing: false, error: null, errorCause: null };

/** The machine with each server call held until the scenario answers it. */
function start() {
  const { calls, held, last } = heldCalls();
  const actor = createActor(
    twoFactorMachine.provide({
      actors: {
        loadStatus: held('loadStatus') as never,
        startSetup: held('startSetup') as never,
        verifyCode: held('verifyCode') as never,
        disable: held('disable') as never,
        regenerate: held('regenerate') as never,
      },
    }),
  ).start();
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return {
    actor,
    calls,
    send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
    answer: async (id: string, value: unknown) => (last(id).resolve(value), tick()),
    fail: async (id: string, error: unknown) => (last(id).reject(error), tick()),
    state: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
    input: (id: string) => last(id).input,
  };
}

/** Signed in with two-factor on and 7 backup codes left. */
async function enabled() {
  const t = start();
  await t.answer('loadStatus', { isEnabled: true, backupCodesRemaining: 7 });
  return t;
}

/** With two-factor off, on the setup step. */
async function onSetup() {
  const t = start();
  await t.answer('loadStatus', { isEnabled: false, backupCodesRemaining: 0 });
  t.send({ type: 'twoFactor.startSetup' });
  await t.answer('startSetup', SETUP);
  return t;
}

describe('two-factor machine: status', () => {
  it('shows the status the server reports, on or off', async () => {
    const on = await enabled();
    expect(on.state()).toBe('overview');
    expect(on.ctx()).toMatchObject({ isEnabled: true, backupCodesRemaining: 7 });
    const off = start();
    await off.answer('loadStatus', { isEnabled: false, backupCodesRemaining: 0 });
    expect(off.ctx()).toMatchObject({ isEnabled: false, backupCodesRemaining: 0 });
  });
});

describe('two-factor machine: setting it up', () => {
  it('a failed start stays on the overview with the reason, and the next start clears it', async () => {
    const t = start();
    await t.answer('loadStatus', { isEnabled: false, backupCodesRemaining: 0 });
    t.send({ type: 'twoFactor.startSetup' });
    const cause = { status: 500 };
    await t.fail('startSetup', cause);
    expect(t.state()).toBe('overview');
    expect(t.ctx()).toMatchObject({ error: 'setupFailed', errorCause: cause });
    t.send({ type: 'twoFactor.startSetup' });
    expect(t.state()).toBe('startingSetup');
    expect(t.ctx()).toMatchObject({ ...CLEAN_FORM, notice: null });
  });

  it('keeps six digits of a typed code; Verify with none asks for it, typing clears the ask', async () => {
    const t = await onSetup();
    expect(t.ctx().setup).toEqual(SETUP);
    t.send({ type: 'twoFactor.verify' });
    expect(t.state()).toBe('setup');
    expect(t.ctx().codeMissing).toBe(true);
    t.send({ type: 'twoFactor.code', value: '12 34-56 78' });
    expect(t.ctx()).toMatchObject({ code: '123456', codeMissing: false });
  });

  it('a wrong code goes back to the setup step with the reason; the next code typed clears the reason', async () => {
    const t = await onSetup();
    t.send({ type: 'twoFactor.code', value: '111111' });
    t.send({ type: 'twoFactor.verify' });
    expect(t.state()).toBe('verifying');
    expect(t.input('verifyCode')).toBe('111111');
    const cause = { status: 400 };
    await t.fail('verifyCode', cause);
    expect(t.state()).toBe('setup');
    expect(t.ctx()).toMatchObject({ error: 'invalidCode', errorCause: cause, code: '111111' });
    t.send({ type: 'twoFactor.code', value: '222222' });
    expect(t.ctx()).toMatchObject({ error: null, code: '222222' });
  });

  it('Cancel leaves setup with nothing kept: no secret, no code, no reason', async () => {
    const t = await onSetup();
    t.send({ type: 'twoFactor.verify' });
    t.send({ type: 'twoFactor.code', value: '333333' });
    t.send({ type: 'twoFactor.verify' });
    await t.fail('verifyCode', { status: 400 });
    t.send({ type: 'twoFactor.cancel' });
    expect(t.state()).toBe('overview');
    expect(t.ctx()).toMatchObject({ ...CLEAN_FORM, setup: null, isEnabled: false });
  });

  it('a right code turns it on and shows the backup codes once; Done forgets them', async () => {
    const t = await onSetup();
    t.send({ type: 'twoFactor.code', value: '444444' });
    t.send({ type: 'twoFactor.verify' });
    await t.answer('verifyCode', { success: true });
    expect(t.state()).toBe('backup');
    expect(t.ctx()).toMatchObject({ isEnabled: true, notice: 'enabled', backupCodes: SETUP.backupCodes, backupCodesRemaining: 3, setup: null, code: '' });
    t.send({ type: 'twoFactor.done' });
    expect(t.state()).toBe('overview');
    expect(t.ctx().backupCodes).toEqual([]);
  });
});

describe('two-factor machine: turning it off', () => {
  it('with a code: letters make it a backup code (upper case, nine characters), digits a six-digit code', async () => {
    const t = await enabled();
    t.send({ type: 'twoFactor.startDisable' });
    expect(t.ctx().disableMode).toBe('code');
    t.send({ type: 'twoFactor.code', value: 'abcd-efgh-jk' });
    expect(t.ctx().code).toBe('ABCD-EFGH');
    t.send({ type: 'twoFactor.code', value: 'ab cd!ef' });
    expect(t.ctx().code).toBe('ABCDEF');
    t.send({ type: 'twoFactor.code', value: '12345678' });
    expect(t.ctx().code).toBe('123456');
    // In code mode the password field takes nothing.
    t.send({ type: 'twoFactor.password', value: 'ignored' });
    expect(t.ctx().password).toBe('');
    t.send({ type: 'twoFactor.disable' });
    expect(t.state()).toBe('disabling');
    expect(t.input('disable')).toEqual({ code: '123456' });
  });

  it('with nothing entered asks for it; with the password (password mode) sends the password', async () => {
    const t = await enabled();
    t.send({ type: 'twoFactor.startDisable' });
    t.send({ type: 'twoFactor.disable' });
    expect(t.state()).toBe('disableForm');
    expect(t.ctx().codeMissing).toBe(true);
    t.send({ type: 'twoFactor.disableMode', mode: 'password' });
    // In password mode a code is not taken.
    t.send({ type: 'twoFactor.code', value: '123456' });
    expect(t.ctx().code).toBe('');
    t.send({ type: 'twoFactor.disable' });
    expect(t.state()).toBe('disableForm');
    t.send({ type: 'twoFactor.password', value: 'OldPass123' });
    expect(t.ctx()).toMatchObject({ password: 'OldPass123', codeMissing: false });
    t.send({ type: 'twoFactor.disable' });
    expect(t.input('disable')).toEqual({ password: 'OldPass123' });
  });

  it('a refusal keeps the form with the reason; success turns it off, clears the form and says so', async () => {
    const t = await enabled();
    t.send({ type: 'twoFactor.startDisable' });
    t.send({ type: 'twoFactor.disableMode', mode: 'password' });
    t.send({ type: 'twoFactor.password', value: 'wrong' });
    t.send({ type: 'twoFactor.disable' });
    const cause = { status: 429 };
    await t.fail('disable', cause);
    expect(t.state()).toBe('disableForm');
    expect(t.ctx()).toMatchObject({ error: 'disableFailed', errorCause: cause, password: 'wrong' });
    t.send({ type: 'twoFactor.password', value: 'OldPass123' });
    expect(t.ctx().error).toBeNull();
    t.send({ type: 'twoFactor.disable' });
    await t.answer('disable', { success: true });
    expect(t.state()).toBe('overview');
    expect(t.ctx()).toMatchObject({ ...CLEAN_FORM, isEnabled: false, backupCodesRemaining: 0, notice: 'disabled' });
  });

  it('Cancel goes back to the overview with the form cleared', async () => {
    const t = await enabled();
    t.send({ type: 'twoFactor.startDisable' });
    t.send({ type: 'twoFactor.code', value: '55' });
    t.send({ type: 'twoFactor.disableMode', mode: 'password' });
    t.send({ type: 'twoFactor.password', value: 'typed' });
    t.send({ type: 'twoFactor.cancel' });
    expect(t.state()).toBe('overview');
    expect(t.ctx()).toMatchObject({ ...CLEAN_FORM, isEnabled: true });
  });
});

describe('two-factor machine: new backup codes', () => {
  it('asks for a code when none is typed, sends the code, and a refusal keeps the form with the reason', async () => {
    const t = await enabled();
    t.send({ type: 'twoFactor.startRegenerate' });
    t.send({ type: 'twoFactor.regenerate' });
    expect(t.state()).toBe('regenerateForm');
    expect(t.ctx().codeMissing).toBe(true);
    t.send({ type: 'twoFactor.code', value: '654321' });
    expect(t.ctx().codeMissing).toBe(false);
    t.send({ type: 'twoFactor.regenerate' });
    expect(t.input('regenerate')).toBe('654321');
    const cause = { status: 400 };
    await t.fail('regenerate', cause);
    expect(t.state()).toBe('regenerateForm');
    expect(t.ctx()).toMatchObject({ error: 'invalidCode', errorCause: cause });
    t.send({ type: 'twoFactor.regenerate' });
    await t.answer('regenerate', { backupCodes: NEW_CODES });
    expect(t.state()).toBe('backup');
    expect(t.ctx()).toMatchObject({ backupCodes: NEW_CODES, backupCodesRemaining: 2, code: '' });
  });

  it('Cancel goes back to the overview with the form cleared', async () => {
    const t = await enabled();
    t.send({ type: 'twoFactor.startRegenerate' });
    t.send({ type: 'twoFactor.regenerate' });
    t.send({ type: 'twoFactor.code', value: '777777' });
    t.send({ type: 'twoFactor.cancel' });
    expect(t.state()).toBe('overview');
    expect(t.ctx()).toMatchObject({ ...CLEAN_FORM, isEnabled: true });
  });
});

describe('two-factor machine: each form starts clean', () => {
  it('what a refused code left behind and the last notice are gone when a form opens', async () => {
    // Set up with a wrong code first: the reason's cause stays in the machine after the right code (typing clears
    // only the reason), until the next form opens.
    const t = await onSetup();
    t.send({ type: 'twoFactor.code', value: '111111' });
    t.send({ type: 'twoFactor.verify' });
    await t.fail('verifyCode', { status: 400 });
    t.send({ type: 'twoFactor.code', value: '222222' });
    t.send({ type: 'twoFactor.verify' });
    await t.answer('verifyCode', { success: true });
    t.send({ type: 'twoFactor.done' });
    expect(t.ctx()).toMatchObject({ notice: 'enabled', errorCause: { status: 400 } });
    t.send({ type: 'twoFactor.startDisable' });
    expect(t.ctx()).toMatchObject({ ...CLEAN_FORM, notice: null });
    t.send({ type: 'twoFactor.cancel' });

    // The same for new backup codes: the refused code's cause, then the form opened again.
    t.send({ type: 'twoFactor.startRegenerate' });
    t.send({ type: 'twoFactor.code', value: '333333' });
    t.send({ type: 'twoFactor.regenerate' });
    await t.fail('regenerate', { status: 400 });
    t.send({ type: 'twoFactor.code', value: '444444' });
    t.send({ type: 'twoFactor.regenerate' });
    await t.answer('regenerate', { backupCodes: NEW_CODES });
    t.send({ type: 'twoFactor.done' });
    expect(t.ctx().errorCause).toEqual({ status: 400 });
    t.send({ type: 'twoFactor.startRegenerate' });
    expect(t.ctx()).toMatchObject({ ...CLEAN_FORM, notice: null });
  });

  it('after turning it off, starting setup again clears the "disabled" notice', async () => {
    const t = await enabled();
    t.send({ type: 'twoFactor.startDisable' });
    t.send({ type: 'twoFactor.code', value: '123456' });
    t.send({ type: 'twoFactor.disable' });
    await t.answer('disable', { success: true });
    expect(t.ctx().notice).toBe('disabled');
    t.send({ type: 'twoFactor.startSetup' });
    expect(t.ctx()).toMatchObject({ ...CLEAN_FORM, notice: null });
  });
});
