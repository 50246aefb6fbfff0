/**
 * The login form with its own actors (the path tests in tests/model/loginForm.model.test.tsx replace them): opening
 * the OTP tab on a phone asks GET /auth/options of the API stand-in, and its answer decides the tab.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { loginFormMachine } from '@/machines/loginForm.machine';
import { sessionMachine } from '@/machines/session.machine';
import type { ProfileResponse } from '@/services/auth';
import { LoginView } from '@/views/auth/LoginView';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { renderView } from '../support/modelHarness';

const ANDROID = 'Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
/** A signed-out session whose own effects are not under test. */
const session = sessionMachine.provide({
  actors: { authBridge: fromCallback(() => () => {}), loadProfile: fromPromise<ProfileResponse>(() => new Promise<ProfileResponse>(() => {})) },
});

let api: ApiServer | undefined;

describe('login form with its own actors', () => {
  it.each([false, true])('the OTP tab asks GET /auth/options (OTP on: %s)', async (otpLoginEnabled) => {
    api = await startApiServer(({ path }) => (path === '/api/v1/auth/options' ? { status: 200, body: { otpLoginEnabled } } : { status: 404 }));
    renderView(<LoginView userAgent={ANDROID} logic={loginFormMachine} />, { path: '/login', session: { logic: session } });
    fireEvent.click(screen.getByRole('tab', { name: 'OTP Login' }));
    await waitFor(() => expect(screen.queryByText('Checking sign-in options…')).toBeNull());
    expect(screen.getByLabelText('Mobile number')).toBeInTheDocument();
    expect(screen.queryByText('OTP login is coming soon.') != null).toBe(!otpLoginEnabled);
    expect(api.calls('/auth/options').map((r) => r.method)).toEqual(['GET']);
  });
});
