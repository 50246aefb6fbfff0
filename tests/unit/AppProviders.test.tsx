/**
 * The whole client as main.tsx assembles it (IntlRoot, AppProviders, App) on a memory location,
 * against a real HTTP server: login, the user's language, storage, the home by role, logout.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '@/app/App';
import { AppProviders } from '@/app/AppProviders';
import { IntlRoot } from '@/i18n/IntlRoot';
import { disconnectSocket } from '@/services/socket';
import { prefs } from '@/stores/prefs';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { admin, grant } from '../support/sessionFixtures';

let api: ApiServer;

beforeEach(async () => {
  api = await startApiServer((req) => {
    if (req.path === '/api/v1/auth/login') {
      const body = req.body as { email: string; password: string };
      return body.password === 'Secret123' ? { status: 200, body: grant(admin, 3) } : { status: 401, body: {} };
    }
    if (req.path === '/api/v1/auth/profile') {
      const user = req.authorization === 'Bearer access-9' ? { ...admin, role: 'coordinator' } : admin;
      return { status: 200, body: { user, fields: [] } };
    }
    return { status: 200, body: {} };
  });
});
afterEach(async () => {
  disconnectSocket();
  prefs.locale = 'mr';
  await api.close();
});

function mount(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <IntlRoot>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AppProviders>
          <App />
        </AppProviders>
      </Router>
    </IntlRoot>,
  );
  return location;
}

describe('the assembled client', () => {
  it('logs in, switches to the user language, shows the admin home, and logs out', async () => {
    const location = mount('/farmers');
    // Guarded route without a token: the Marathi login screen.
    fireEvent.change(await screen.findByLabelText('ईमेल'), { target: { value: admin.email } });
    fireEvent.change(screen.getByLabelText('पासवर्ड'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'लॉग इन करा' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/');
    expect(localStorage.getItem('accessToken')).toBe('access-3');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: admin.email, role: 'admin' });
    expect(prefs.locale).toBe('en');

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/login');
    expect(api.calls('/auth/logout')[0]).toMatchObject({ body: { refreshToken: 'refresh-3' }, authorization: 'Bearer access-3' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    // Sign-in, the English catalog and two lazy screens: 3–5 s on the shared 2-core machine under load, over
    // vitest's default 5 s limit now and then (1–2 s when quiet).
  }, 20_000);

  it('boots from local storage straight into the home of the stored user', async () => {
    localStorage.setItem('accessToken', 'access-9');
    localStorage.setItem('refreshToken', 'refresh-9');
    localStorage.setItem('user', JSON.stringify({ ...admin, role: 'coordinator' }));
    mount('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'समन्वयक डॅशबोर्ड' })).toBeInTheDocument();
  });
});
