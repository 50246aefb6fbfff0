/**
 * The screens of a first sign-in and of a reset without e-mail, driven as a person uses them (server calls
 * faked at the machines' actors):
 *  - /forgot-password offers a code by SMS: number → code and the new password twice → done; a wrong code
 *    keeps the form with the server's words; malformed input never leaves the browser;
 *  - /set-password (the invitation link) is the reset form with the invitation's words;
 *  - the admin's sign-in dialog sends an invitation after asking.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { smsResetMachine } from '@/machines/smsReset.machine';
import { resetPasswordMachine } from '@/machines/resetPassword.machine';
import { signInAccessMachine } from '@/machines/signInAccess.machine';
import { HttpError } from '@/services/http';
import { ForgotPasswordView } from '@/views/account/ForgotPasswordView';
import { ResetPasswordView } from '@/views/account/ResetPasswordView';
import { SmsResetForm } from '@/views/account/SmsResetForm';
import { SignInAccessDialog } from '@/views/people/SignInAccessDialog';
import { renderView, SIGNED_IN_FARMER } from '../../support/modelHarness';

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const wrongCode = () =>
  new HttpError(400, 'badRequest', {
    statusCode: 400,
    code: 'OTP_INVALID',
    error: 'The code is wrong or has expired.',
    message: { english: 'The code is wrong or has expired.', marathi: 'कोड चुकीचा आहे किंवा त्याची मुदत संपली आहे.', hindi: 'कोड गलत है या समाप्त हो गया है।' },
  } as never);

describe('forgot password by SMS code', () => {
  it('the forgot page links to the SMS way and back', () => {
    const { location } = renderView(<ForgotPasswordView />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: '/forgot-password' });
    fireEvent.click(screen.getByRole('link', { name: 'No e-mail? Get a code by SMS' }));
    expect(location.history?.at(-1)).toBe('/forgot-password?by=sms');
  });

  it('number → code → new password → done, sending exactly what was typed', async () => {
    const calls: unknown[] = [];
    let answer: () => Promise<unknown> = () => Promise.reject(wrongCode());
    const logic = smsResetMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }) => void calls.push(['request', input])),
        resetBySms: fromPromise(({ input }) => (calls.push(['reset', input]), answer())),
      },
    });
    renderView(<SmsResetForm logic={logic} />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: '/forgot-password?by=sms' });

    type('Mobile number', '98765');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid 10-digit mobile number');
    type('Mobile number', '+91 98765 43210');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect(calls).toEqual([['request', '9876543210']]);
    expect(screen.getByRole('status')).toHaveTextContent('If this number is registered, a code has been sent by SMS.');

    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText('Enter the code from the SMS')).toBeInTheDocument();
    type('Code from the SMS', '123456');
    type('New password', 'Shet-Mitra-2026!');
    type('Confirm new password', 'Shet-Mitra-2026!');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' })));
    expect(screen.getByRole('alert')).toHaveTextContent('The code is wrong or has expired.');

    answer = async () => ({ success: true });
    type('Code from the SMS', '654321');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' })));
    expect(calls.at(-1)).toEqual(['reset', { phoneNumber: '9876543210', code: '654321', newPassword: 'Shet-Mitra-2026!' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been reset. Please log in.');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });
});

describe('/set-password (the invitation link)', () => {
  it('welcomes the person and sets the first password with the token', async () => {
    const sent: unknown[] = [];
    const logic = resetPasswordMachine.provide({ actors: { submitReset: fromPromise(async ({ input }) => void sent.push(input)) } });
    renderView(<ResetPasswordView logic={logic} purpose="invite" />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: '/set-password?token=invite-token-0123456789abcdef' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Set your password');
    expect(screen.getByText(/Welcome to ShetMitra/)).toBeInTheDocument();
    type('New password', 'Shet-Mitra-2026!');
    type('Confirm new password', 'Shet-Mitra-2026!');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' })));
    expect(sent).toEqual([{ token: 'invite-token-0123456789abcdef', newPassword: 'Shet-Mitra-2026!' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Your password is set. Please log in.');
  });

  it('a used or expired invitation says so in the invitation\'s words', async () => {
    const refused = new HttpError(400, 'badRequest', {
      statusCode: 400,
      code: 'RESET_TOKEN_INVALID',
      error: 'This reset link is invalid or has expired.',
      message: { english: 'This reset link is invalid or has expired.', marathi: 'ही रीसेट लिंक अवैध आहे किंवा तिची मुदत संपली आहे.', hindi: 'यह रीसेट लिंक अमान्य है या समाप्त हो गया है।' },
    } as never);
    const logic = resetPasswordMachine.provide({ actors: { submitReset: fromPromise(() => Promise.reject(refused)) } });
    renderView(<ResetPasswordView logic={logic} purpose="invite" />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: '/set-password?token=used-token-0123456789abcdef' });
    type('New password', 'Shet-Mitra-2026!');
    type('Confirm new password', 'Shet-Mitra-2026!');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' })));
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation link is invalid, already used or has expired. Ask your coordinator for a new one.');
  });

  it('says so when the link has no token', () => {
    renderView(<ResetPasswordView purpose="invite" />, { session: SIGNED_IN_FARMER, intlLocale: 'en', path: '/set-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation link is invalid, already used or has expired.');
  });
});

describe('admin sign-in dialog: Send sign-in invitation', () => {
  it('asks, then sends the invitation for this person', async () => {
    const acts: unknown[] = [];
    const data = { user: { _id: 'f-1', name: 'Sita Patil', email: 'sita@example.in', role: 'farmer' }, activeSessions: 0, twoFactor: false, roleChoices: [], throttled: [], history: [] };
    const logic = signInAccessMachine.provide({
      actors: {
        load: fromPromise(async () => data) as never,
        act: fromPromise(async ({ input }) => void acts.push(input)),
      },
    });
    renderView(<SignInAccessDialog userId="f-1" name="Sita Patil" onClose={() => {}} logic={logic} />, { session: SIGNED_IN_FARMER, intlLocale: 'en' });
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-in invitation' }));
    const ask = screen.getByRole('alertdialog', { name: 'Send sign-in invitation' });
    expect(ask).toHaveTextContent('Send Sita Patil a link by SMS and e-mail to set a password? The link works once, for 7 days.');
    expect(acts).toEqual([]);
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'Yes, continue' })));
    expect(acts).toEqual([{ userId: 'f-1', action: 'invite' }]);
    expect(screen.getByRole('status')).toHaveTextContent('The invitation was sent.');
  });
});
