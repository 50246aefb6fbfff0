import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { twoFactorMachine } from '../../../src/machines/twoFactor.machine';
import { TwoFactorDialog } from '../../../src/views/account/twoFactor/TwoFactorDialog';
import { startApiServer } from '../../support/apiServer';
import { deferred, describeModel, httpError, leafPaths, renderView, replay, SIGNED_IN_FARMER, stateKey, transitionPaths, typeNames } from '../../support/modelHarness';

const SETUP = {
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/ShetMitra:a@b.in?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  backupCodes: ['AAAA-BBBB', 'CCCC-DDDD', 'EEEE-FFFF', 'GGGG-HHHH', 'JJJJ-KKKK', 'MMMM-NNNN', 'PPPP-QQQQ', 'RRRR-SSSS', 'TTTT-UUUU', 'VVVV-WWWW'],
};
const NEW_CODES = ['2222-3333', '4444-5555', '6666-7777', '8888-9999', 'ABCD-EFGH', 'JKMN-PQRS', 'TUVW-XYZ2', '3456-789A', 'BCDE-FGHJ', 'KMNP-QRST'];
const EVENTS = [
  { type: 'twoFactor.retry' },
  { type: 'twoFactor.startSetup' },
  { type: 'twoFactor.startDisable' },
  { type: 'twoFactor.startRegenerate' },
  { type: 'twoFactor.code', value: '123456' },
  { type: 'twoFactor.password', value: 'OldPass123' },
  { type: 'twoFactor.disableMode', mode: 'password' },
  { type: 'twoFactor.disableMode', mode: 'code' },
  { type: 'twoFactor.copySecret' },
  { type: 'twoFactor.verify' },
  { type: 'twoFactor.disable' },
  { type: 'twoFactor.regenerate' },
  { type: 'twoFactor.download' },
  { type: 'twoFactor.done' },
  { type: 'twoFactor.cancel' },
  { type: 'xstate.done.actor.loadStatus', output: { isEnabled: false, backupCodesRemaining: 0 } },
  { type: 'xstate.done.actor.loadStatus', output: { isEnabled: true, backupCodesRemaining: 7 } },
  { type: 'xstate.error.actor.loadStatus', error: httpError(0) },
  { type: 'xstate.done.actor.startSetup', output: SETUP },
  { type: 'xstate.error.actor.startSetup', error: httpError(500) },
  { type: 'xstate.done.actor.verifyCode', output: { success: true } },
  { type: 'xstate.error.actor.verifyCode', error: httpError(400, 'invalid verification code') },
  { type: 'xstate.done.actor.disable', output: { success: true } },
  { type: 'xstate.error.actor.disable', error: httpError(429) },
  { type: 'xstate.done.actor.regenerate', output: { backupCodes: NEW_CODES } },
  { type: 'xstate.error.actor.regenerate', error: httpError(400, 'invalid verification code') },
];

const all = transitionPaths(
  twoFactorMachine,
  EVENTS,
  (c) => ({ on: c.isEnabled, c: c.code, p: c.password, m: c.disableMode, e: c.error, n: c.notice, x: c.codeMissing }),
  {
    unchanged: (c, e) =>
      (e.type === 'twoFactor.code' && c.code === e.value) ||
      (e.type === 'twoFactor.password' && c.password === e.value) ||
      (e.type === 'twoFactor.disableMode' && c.disableMode === e.mode),
  },
);

describeModel('two-factor dialog, generated paths', {
  // Every step of every path is walked by a leaf path (each path's prefixes are paths too; see leafPaths).
  paths: leafPaths(all),
  all,
  events: EVENTS,
  states: ['loading', 'loadFailed', 'overview', 'startingSetup', 'setup', 'verifying', 'backup', 'disableForm', 'disabling', 'regenerateForm', 'regenerating'],
  name: typeNames,
  machine: twoFactorMachine,
  render: (path) => {
    const pending: Record<string, ReturnType<typeof deferred<any>>> = {};
    const inputs: Record<string, unknown[]> = {};
    const stub = (id: string) =>
      fromPromise(({ input }: { input: unknown }) => {
        (inputs[id] ??= []).push(input);
        return (pending[id] = deferred<any>()).promise;
      });
    const logic = twoFactorMachine.provide({
      actors: {
        loadStatus: stub('loadStatus') as never,
        startSetup: stub('startSetup') as never,
        verifyCode: stub('verifyCode') as never,
        disable: stub('disable') as never,
        regenerate: stub('regenerate') as never,
      },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} });
    renderView(<TwoFactorDialog logic={logic} onClose={() => {}} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    const d = () => within(screen.getByRole('dialog', { hidden: true }));
    const click = (name: string | RegExp) => fireEvent.click(d().getByRole('button', { name }));

    const settle = (id: string, how: 'resolve' | 'reject', v: unknown) => act(async () => pending[id][how](v));
    const exec: Record<string, (e: any) => unknown> = {
      'xstate.init': () => {},
      'twoFactor.retry': () => click('Retry'),
      'twoFactor.startSetup': () => click('Enable two-factor authentication'),
      'twoFactor.startDisable': () => click('Disable'),
      'twoFactor.startRegenerate': () => click('New backup codes'),
      'twoFactor.code': (e) => fireEvent.change(d().getByLabelText(/Verification code|Code from the app/), { target: { value: e.value } }),
      'twoFactor.password': (e) => fireEvent.change(d().getByLabelText('Password'), { target: { value: e.value } }),
      'twoFactor.disableMode': (e) => fireEvent.click(d().getByRole('radio', { name: e.mode === 'code' ? 'a code' : 'my password' })),
      'twoFactor.copySecret': () => click('Copy'),
      'twoFactor.verify': () => click('Verify and enable'),
      'twoFactor.disable': () => click('Disable two-factor authentication'),
      'twoFactor.regenerate': () => click('Make new codes'),
      'twoFactor.download': () => click('Download backup-codes.txt'),
      'twoFactor.done': () => click('Done'),
      'twoFactor.cancel': () => click('Cancel'),
    };
    for (const id of ['loadStatus', 'startSetup', 'verifyCode', 'disable', 'regenerate']) {
      exec[`xstate.done.actor.${id}`] = (e) => settle(id, 'resolve', e.output);
      exec[`xstate.error.actor.${id}`] = (e) => settle(id, 'reject', e.error);
    }
    const errorBanner = (s: any) => {
      const text = s.context.error
        ? s.context.errorCause?.status === 429
          ? 'Too many requests'
          : { setupFailed: 'error while setting up 2FA', invalidCode: 'invalid verification code', disableFailed: 'error while disabling 2FA' }[
              s.context.error as string
            ]!
        : null;
      if (text) expect(d().getByText(new RegExp(text))).toHaveAttribute('role', 'alert');
    };
    const codeField = (s: any, label: RegExp) => {
      expect(d().getByLabelText(label)).toHaveValue(s.context.code);
      expect(!!d().queryByText('please enter verification code')).toBe(s.context.codeMissing);
    };
    const assertState: Record<string, (s: any, e: any) => void> = {
      loading: () => expect(d().getByRole('status')).toHaveTextContent('Loading'),
      loadFailed: () => expect(d().getByRole('alert')).toHaveTextContent('Failed to load two-factor status'),
      overview: (s) => {
        errorBanner(s);
        expect(d().getByText(s.context.isEnabled ? 'Two-factor authentication is on.' : 'Two-factor authentication is off.')).toBeInTheDocument();
        if (s.context.notice === 'disabled') expect(d().getByRole('status')).toHaveTextContent('two-factor authentication disabled successfully');
        if (s.context.isEnabled) expect(d().getByText(`${s.context.backupCodesRemaining} backup codes left`)).toBeInTheDocument();
        else expect(d().getByRole('button', { name: 'Enable two-factor authentication' })).toBeEnabled();
      },
      startingSetup: () => expect(d().getByRole('status')).toHaveTextContent('Preparing'),
      setup: (s, e) => {
        errorBanner(s);
        expect(d().getByRole('img', { name: 'QR code for the authenticator app' })).toHaveAttribute('src', SETUP.qrCode);
        expect(d().getByTestId('totp-secret')).toHaveTextContent(SETUP.secret);
        expect(d().getByLabelText('Verification code')).toHaveAttribute('maxLength', '6');
        codeField(s, /Verification code/);
        if (e.type === 'twoFactor.copySecret') expect(writeText).toHaveBeenCalledWith(SETUP.secret);
      },
      verifying: () => {
        expect(d().getByRole('button', { name: 'Verifying…' })).toBeDisabled();
        expect(inputs.verifyCode.at(-1)).toBe('123456');
      },
      backup: (s, e) => {
        if (s.context.notice === 'enabled') expect(d().getByRole('status')).toHaveTextContent('two-factor authentication enabled successfully');
        const codes = within(d().getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem').map((li) => li.textContent);
        expect(codes).toEqual(s.context.backupCodes);
        if (e.type === 'twoFactor.download') expect(blobs).toHaveLength(1);
      },
      disableForm: (s) => {
        errorBanner(s);
        expect(d().getByRole('radio', { name: s.context.disableMode === 'code' ? 'a code' : 'my password' })).toBeChecked();
        if (s.context.disableMode === 'code') codeField(s, /Code from the app/);
        else expect(d().getByLabelText('Password')).toHaveValue(s.context.password);
      },
      disabling: (s) => {
        expect(d().getByRole('button', { name: 'Disabling…' })).toBeDisabled();
        expect(inputs.disable.at(-1)).toEqual(s.context.disableMode === 'code' ? { code: '123456' } : { password: 'OldPass123' });
      },
      regenerateForm: (s) => {
        errorBanner(s);
        codeField(s, /Code from the app/);
      },
      regenerating: () => {
        expect(d().getByRole('button', { name: 'Make new codes' })).toBeDisabled();
        expect(inputs.regenerate.at(-1)).toBe('123456');
      },
    };

    const snaps = replay(twoFactorMachine, path.steps.map((st: any) => st.event));
    return {
      exec,
      check: async (step, i) => {
        assertState[stateKey(snaps[i].value)](snaps[i], step.event);
        // The file just downloaded holds the backup codes shown.
        if (step.event.type === 'twoFactor.download') {
          const text = await blobs.at(-1)!.text();
          for (const c of snaps[i].context.backupCodes) expect(text).toContain(c);
        }
      },
    };
  },
});

describe('two-factor settings sent for real', () => {
  it('reads the status, sets up and verifies, makes new backup codes and disables through the API (the machine’s own calls)', async () => {
    let enabled = false;
    const api = await startApiServer(({ method, path }) => {
      const ok = { status: 200, body: { success: true } };
      if (method === 'GET' && path === '/api/v1/auth/2fa/status') return { status: 200, body: { isEnabled: enabled, backupCodesRemaining: enabled ? 10 : 0 } };
      if (method === 'POST' && path === '/api/v1/auth/2fa/setup') return { status: 200, body: SETUP };
      if (method === 'POST' && path === '/api/v1/auth/2fa/verify') return (enabled = true), ok;
      if (method === 'POST' && path === '/api/v1/auth/2fa/backup') return { status: 200, body: { backupCodes: NEW_CODES } };
      if (method === 'POST' && path === '/api/v1/auth/2fa/disable') return (enabled = false), ok;
      return { status: 404 };
    });
    try {
      renderView(<TwoFactorDialog onClose={() => {}} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
      const d = () => within(screen.getByRole('dialog', { hidden: true }));
      const click = (name: string | RegExp) => fireEvent.click(d().getByRole('button', { name }));
      const codes = () => within(d().getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem').map((li) => li.textContent);
      expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
      expect(api.calls('/auth/2fa/status')).toMatchObject([{ method: 'GET' }]);

      click('Enable two-factor authentication');
      expect(await screen.findByRole('img', { name: 'QR code for the authenticator app', hidden: true })).toHaveAttribute('src', SETUP.qrCode);
      expect(api.calls('/auth/2fa/setup')).toMatchObject([{ method: 'POST' }]);
      fireEvent.change(d().getByLabelText('Verification code'), { target: { value: '123456' } });
      click('Verify and enable');
      await screen.findByRole('list', { name: 'Backup codes', hidden: true });
      expect(codes()).toEqual(SETUP.backupCodes);
      expect(api.calls('/auth/2fa/verify')).toMatchObject([{ method: 'POST', body: { code: '123456' } }]);
      click('Done');
      expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();

      click('New backup codes');
      fireEvent.change(d().getByLabelText(/Code from the app/), { target: { value: '654321' } });
      click('Make new codes');
      await screen.findByRole('list', { name: 'Backup codes', hidden: true });
      expect(codes()).toEqual(NEW_CODES);
      expect(api.calls('/auth/2fa/backup')).toMatchObject([{ method: 'POST', body: { code: '654321' } }]);
      click('Done');

      await screen.findByText('Two-factor authentication is on.');
      click('Disable');
      fireEvent.click(d().getByRole('radio', { name: 'my password' }));
      fireEvent.change(d().getByLabelText('Password'), { target: { value: 'OldPass123' } });
      click('Disable two-factor authentication');
      expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
      expect(d().getByRole('status')).toHaveTextContent('two-factor authentication disabled successfully');
      expect(api.calls('/auth/2fa/disable')).toMatchObject([{ method: 'POST', body: { password: 'OldPass123' } }]);
    } finally {
      await api.close();
    }
  }, 20_000);
});
