/**
 * Issue 14 item 10: every form that sets a password says the server's reason for refusing it (400
 * WEAK_PASSWORD, details.rule, translated message) under the password field, in the reader's language,
 * instead of a vague banner. The refusal is the server's own (assertPasswordAllowed + errorBody).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { addUserMachine } from '@/machines/addUser.machine';
import { AddUserContext } from '@/machines/addUser.context';
import { changePasswordMachine } from '@/machines/changePassword.machine';
import { resetPasswordMachine } from '@/machines/resetPassword.machine';
import { HttpError } from '@/shared/httpError';
import { AddUserForm } from '@/views/people/AddUserForm';
import { ChangePasswordDialog } from '@/views/account/ChangePasswordDialog';
import { ResetPasswordView } from '@/views/account/ResetPasswordView';
import { AppError, errorBody } from '../../server/src/lib/errors';
import { assertPasswordAllowed } from '../../server/src/domain/account/passwordRules';
import { renderView, SIGNED_IN_FARMER } from '../support/modelHarness';

/** Passes the browser's own checks (length, letters, digit); the server refuses it as personal. */
const PASSWORD = 'Shetmitra2026';

function serverRefusal(field: string) {
  try {
    assertPasswordAllowed(PASSWORD, { email: 'ramesh@example.in', name: 'Ramesh Patil' }, field);
  } catch (e) {
    const body = errorBody(e as AppError);
    expect(body).toMatchObject({ code: 'WEAK_PASSWORD', details: { field, rule: 'personal' } });
    return { error: new HttpError(400, 'badRequest', body as never), marathi: body.message.marathi };
  }
  throw new Error('the server accepted the password');
}

const reject = (error: unknown) => fromPromise(() => Promise.reject(error)) as never;

function expectUnderField(input: HTMLElement, text: string) {
  expect(input).toHaveAttribute('aria-invalid', 'true');
  const said = document.getElementById(input.getAttribute('aria-describedby')!);
  expect(said).toHaveTextContent(text);
  // Said once, at the field: no banner repeating it or a vague "failed".
  expect(screen.getAllByRole('alert')).toHaveLength(1);
}

describe('a refused password is explained at the password field (Marathi)', () => {
  it('change password', async () => {
    const { error, marathi } = serverRefusal('newPassword');
    const logic = changePasswordMachine.provide({ actors: { submitChange: reject(error) } });
    renderView(<ChangePasswordDialog logic={logic} onClose={() => {}} onSuccess={() => {}} />, { session: SIGNED_IN_FARMER, locale: 'mr', intlLocale: 'mr' });
    fireEvent.change(document.getElementById('cp-currentPassword')!, { target: { value: 'OldSecret123' } });
    fireEvent.change(document.getElementById('cp-newPassword')!, { target: { value: PASSWORD } });
    fireEvent.change(document.getElementById('cp-confirmPassword')!, { target: { value: PASSWORD } });
    await act(async () => fireEvent.submit(document.querySelector('form')!));
    expectUnderField(document.getElementById('cp-newPassword')!, marathi);
  });

  it('reset password', async () => {
    const { error, marathi } = serverRefusal('newPassword');
    const logic = resetPasswordMachine.provide({ actors: { submitReset: reject(error) } });
    renderView(<ResetPasswordView logic={logic} token={'t'.repeat(40)} />, { session: SIGNED_IN_FARMER, locale: 'mr', intlLocale: 'mr' });
    fireEvent.change(document.getElementById('reset-newPassword')!, { target: { value: PASSWORD } });
    fireEvent.change(document.getElementById('reset-confirmPassword')!, { target: { value: PASSWORD } });
    await act(async () => fireEvent.submit(document.querySelector('form')!));
    expectUnderField(document.getElementById('reset-newPassword')!, marathi);
  });

  it('add user', async () => {
    const { error, marathi } = serverRefusal('password');
    const logic = addUserMachine.provide({ actors: { register: reject(error) } });
    renderView(<AddUserContext.Provider logic={logic} options={{ input: { role: 'coordinator', actorRole: 'admin' } }}>
        <AddUserForm />
      </AddUserContext.Provider>, { session: SIGNED_IN_FARMER, locale: 'mr', intlLocale: 'mr' });
    const type = (name: string, value: string) => fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value } });
    type('name', 'Ramesh Patil');
    type('email', 'ramesh@example.in');
    type('phoneNumber', '9876543210');
    type('password', PASSWORD);
    await act(async () => fireEvent.submit(document.querySelector('form')!));
    expectUnderField(document.querySelector('[name="password"]')!, marathi);
  });
});
