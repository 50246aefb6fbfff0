/**
 * The route table of spec section 2 with its guards, on the real App, lazy screens and session actor.
 * Screens belong to their owners and change; what this file pins is where each visitor lands.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { App } from '@/app/App';
import { sessionMachine } from '@/machines/session.machine';
import type { Role } from '@/services/auth';
import { farmer, grant } from '../support/sessionFixtures';
import { renderView } from '../support/modelHarness';

const logic = sessionMachine.provide({ actors: { authBridge: fromCallback(() => () => {}) } });

function open(path: string, role: Role | null) {
  const input = { stored: role ? grant({ ...farmer, role }) : null };
  return renderView(<App />, { path, session: { logic, input } });
}

/** Opens `path` as `role` and waits until the app has settled on a rendered screen. */
async function landsOn(path: string, role: Role | null, at: string) {
  const { location } = open(path, role);
  await waitFor(() => expect(location.history.at(-1)).toBe(at));
  if (at.startsWith('/login')) expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  // Every signed-in screen carries the shared header; the anonymous ones at least a heading.
  else if (role) expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  else expect((await screen.findAllByRole('heading', { level: 1 })).length).toBeGreaterThan(0);
  // Settled: no redirect happened after the screen appeared.
  expect(location.history.at(-1)).toBe(at);
}

describe('guards', () => {
  it.each(['/', '/trust', '/messages', '/alerts', '/add-farmer', '/farmer/abc/edit', '/gps-field-mapping'])('no token on %s → /login', async (path) => {
    await landsOn(path, null, '/login');
  });

  it.each(['/add-admin', '/add-coordinator', '/add-farmer', '/add-field', '/farmers', '/alerts', '/analytics', '/advanced-analytics', '/ai-recommendations', '/gps-field-mapping', '/farmer/f-1'])(
    'a farmer on %s → /',
    async (path) => {
      await landsOn(path, 'farmer', '/');
    },
  );

  it.each([
    ['/alerts', 'coordinator'],
    ['/add-farmer', 'coordinator'],
    ['/add-admin', 'superadmin'],
    ['/farmers', 'admin'],
    ['/farmer/f-1/edit', 'admin'],
    ['/farmer/f-1', 'coordinator'],
    ['/analytics', 'superadmin'],
  ] as const)('%s admits a %s', async (path, role) => {
    await landsOn(path, role, path);
  });

  it.each(['/fdss', '/disease-detector', '/land-report', '/profile', '/forgot-password', '/reset-password', '/coordinator-dashboard', '/fields'])(
    '%s is open without a token',
    async (path) => {
      await landsOn(path, null, path);
    },
  );

  it('sends a signed-in user away from /login', async () => {
    await landsOn('/login', 'farmer', '/');
  });

  it('sends /register to /login with the registration notice', async () => {
    await landsOn('/register', null, '/login?notice=register');
    expect(screen.getByText('Registration is available only after login.')).toBeInTheDocument();
  });

  it('sends unknown paths home', async () => {
    await landsOn('/no-such-page', 'farmer', '/');
  });
});

describe('home by role', () => {
  it.each([
    ['superadmin', true],
    ['admin', true],
    ['coordinator', false],
    ['farmer', false],
  ] as const)('%s: the admin dashboard only for admins, always the real header', async (role, adminHome) => {
    await landsOn('/', role, '/');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    // Spec: the admin dashboard shows the product title with 'Admin Dashboard'.
    await waitFor(() => expect(screen.queryAllByText('Admin Dashboard').length > 0).toBe(adminHome));
  });

  it('a signed-in user reaches the trust dashboard (its figures come from the server: tests/model/trust.model.test.tsx)', async () => {
    await landsOn('/trust', 'farmer', '/trust');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trust Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    // No figure is written in the client any more.
    expect(screen.queryByText('98.5')).toBeNull();
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
      renderView(<ScreenErrorBoundary onRetry={() => retried.push('retry')}>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </ScreenErrorBoundary>);
      expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be loaded.');
      screen.getByRole('button', { name: 'Try again' }).click();
      expect(retried).toEqual(['retry']);
    } finally {
      console.error = quiet;
    }
  });
});
