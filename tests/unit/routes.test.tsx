/** The route table of spec section 2 with its guards, on the real App, lazy screens and session actor. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { App } from '@/app/App';
import { sessionMachine } from '@/machines/session.machine';
import type { Role } from '@/services/auth';
import { renderWithProviders } from '../support/renderWithProviders';
import { farmer, grant } from '../support/sessionFixtures';

const logic = sessionMachine.provide({ actors: { authBridge: fromCallback(() => () => {}) } });

function open(path: string, role: Role | null) {
  const input = { stored: role ? grant({ ...farmer, role }) : null };
  return renderWithProviders(<App />, { path, session: { logic, input } });
}

async function landsOn(path: string, role: Role | null, expected: { at: string; heading: string | RegExp }) {
  const { location } = open(path, role);
  expect(await screen.findByRole('heading', { level: 1, name: expected.heading })).toBeInTheDocument();
  expect(location.history.at(-1)).toBe(expected.at);
}

describe('guards', () => {
  it.each(['/', '/trust', '/messages', '/alerts', '/add-farmer', '/farmer/abc/edit', '/gps-field-mapping'])(
    'no token on %s → /login',
    async (path) => {
      await landsOn(path, null, { at: '/login', heading: 'शेतमित्र' });
      expect(screen.getByLabelText('Email')).toBeInTheDocument();
    },
  );

  it.each(['/add-admin', '/add-coordinator', '/add-farmer', '/add-field', '/farmers', '/alerts', '/analytics', '/advanced-analytics', '/ai-recommendations', '/gps-field-mapping', '/farmer/f-1'])(
    'a farmer on %s → /',
    async (path) => {
      await landsOn(path, 'farmer', { at: '/', heading: 'Farmer Home' });
    },
  );

  it.each([
    ['/alerts', 'coordinator', 'Alerts'],
    ['/add-farmer', 'coordinator', 'Add Farmer'],
    ['/add-admin', 'superadmin', 'Add Admin'],
    ['/farmers', 'admin', 'Farmers'],
    ['/farmer/f-1/edit', 'admin', 'Edit Farmer'],
    ['/farmer/f-1', 'coordinator', 'Farmer'],
    ['/analytics', 'superadmin', 'Analytics & Reports'],
  ] as const)('%s admits a %s', async (path, role, heading) => {
    await landsOn(path, role, { at: path, heading });
  });

  it.each([
    ['/fdss', 'Farm decision support'],
    ['/disease-detector', 'Plant disease detection'],
    ['/land-report', 'Land and soil health report'],
    ['/profile', 'Profile'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password', 'Reset Password'],
    ['/coordinator-dashboard', 'Coordinator Dashboard'],
    ['/fields', 'Field Monitoring'],
  ])('%s is open without a token', async (path, heading) => {
    await landsOn(path, null, { at: path, heading });
  });

  it('sends a signed-in user away from /login', async () => {
    await landsOn('/login', 'farmer', { at: '/', heading: 'Farmer Home' });
  });

  it('sends /register to /login with the registration notice', async () => {
    await landsOn('/register', null, { at: '/login?notice=register', heading: 'शेतमित्र' });
    expect(screen.getByText('Registration is available only after login.')).toBeInTheDocument();
  });

  it('sends unknown paths home', async () => {
    await landsOn('/no-such-page', 'farmer', { at: '/', heading: 'Farmer Home' });
  });
});

describe('home by role', () => {
  it.each([
    ['superadmin', 'Admin Dashboard'],
    ['admin', 'Admin Dashboard'],
    ['coordinator', 'Coordinator Dashboard'],
    ['farmer', 'Farmer Home'],
  ] as const)('%s sees %s with the real header', async (role, heading) => {
    await landsOn('/', role, { at: '/', heading });
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it('a signed-in user sees the trust dashboard figures', async () => {
    await landsOn('/trust', 'farmer', { at: '/trust', heading: 'Trust Dashboard' });
    expect(screen.getByText('98.5')).toBeInTheDocument();
    expect(screen.getByText('99.9%')).toBeInTheDocument();
    expect(screen.getByText('200 ms')).toBeInTheDocument();
  });
});

describe('a screen that fails to load', () => {
  it('shows a retry instead of a blank page', async () => {
    const { ScreenErrorBoundary } = await import('@/app/ScreenErrorBoundary');
    const { lazy, Suspense } = await import('react');
    const Broken = lazy(() => Promise.reject(new Error('chunk failed')));
    const retried: string[] = [];
    const quiet = console.error;
    console.error = () => {};
    try {
      renderWithProviders(
        <ScreenErrorBoundary onRetry={() => retried.push('retry')}>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </ScreenErrorBoundary>,
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be loaded.');
      screen.getByRole('button', { name: 'Try again' }).click();
      expect(retried).toEqual(['retry']);
    } finally {
      console.error = quiet;
    }
  });
});
