/**
 * The session machine against a real HTTP server on 127.0.0.1: src/services/http.ts, auth.ts and the
 * auth bridge run for real; only the app's effects (navigate, socket, locale) are recorded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine, type SessionInput } from '@/machines/session.machine';
import { http, HttpError } from '@/services/http';
import { clearSession, loadSession, saveSession, saveUser } from '@/services/sessionStore';
import { startApiServer, type ApiHandler, type ApiServer } from '../support/apiServer';
import { admin, farmer, grant } from '../support/sessionFixtures';

let api: ApiServer | null = null;
let route: ApiHandler = () => ({ status: 404 });

beforeEach(async () => {
  api = await startApiServer((req) => route(req));
});
/** Every session started by a test, stopped after it (a running one would still listen to storage events). */
const started: { stop: () => void }[] = [];
afterEach(async () => {
  for (const actor of started.splice(0)) actor.stop();
  await api?.close();
  api = null;
});

function start(input: SessionInput = { stored: null }, actors: Parameters<typeof sessionMachine.provide>[0]['actors'] = {}) {
  const effects = {
    navigate: vi.fn<(to: string) => void>(),
    connectSocket: vi.fn<(token: string) => void>(),
    disconnectSocket: vi.fn(),
    chooseLanguage: vi.fn<(language: string) => void>(),
  };
  const actor = createActor(
    sessionMachine.provide({
      actions: {
        navigate: (_, { to }) => effects.navigate(to),
        persistSession: (_, session) => saveSession(session),
        persistUser: (_, { user }) => saveUser(user),
        forgetSession: () => clearSession(),
        chooseLanguage: (_, { language }) => effects.chooseLanguage(language),
        connectSocket: (_, { token }) => effects.connectSocket(token),
        disconnectSocket: () => effects.disconnectSocket(),
      },
      actors,
    }),
    { input },
  );
  actor.start();
  started.push(actor);
  return { actor, effects };
}

const storedFarmer = () => ({ stored: { ...grant(farmer, 1), user: farmer } });

describe('boot', () => {
  it('starts signed in from a stored token and user, and connects the socket with that token', () => {
    const { actor, effects } = start(storedFarmer());
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.user?.email).toBe(farmer.email);
    expect(effects.connectSocket).toHaveBeenCalledWith('access-1');
  });

  it('checks the stored session with the server and keeps its current user record', async () => {
    const renamed = { ...farmer, name: 'सुनीता शिंदे', preferredLanguage: 'hindi' as const };
    route = (req) => (req.path === '/api/v1/auth/profile' ? { status: 200, body: { user: renamed, fields: [] } } : { status: 404 });
    saveSession(grant(farmer, 1));
    const { actor, effects } = start(storedFarmer());
    await waitFor(actor, (s) => s.context.user?.name === 'सुनीता शिंदे');
    expect(api!.calls('/auth/profile')[0].authorization).toBe('Bearer access-1');
    expect(loadSession().user).toEqual(renamed);
    // The language is chosen at login only; a boot leaves the user's switcher choice alone.
    expect(effects.chooseLanguage).not.toHaveBeenCalled();
  });

  it('refreshes an access token that expired while the app was closed, on the boot check', async () => {
    route = (req) => {
      if (req.path === '/api/v1/auth/refresh-token') return { status: 200, body: { accessToken: 'access-2', refreshToken: 'refresh-2' } };
      return req.authorization === 'Bearer access-2' ? { status: 200, body: { user: farmer, fields: [] } } : { status: 401, body: {} };
    };
    const { actor } = start(storedFarmer());
    await waitFor(actor, (s) => s.context.accessToken === 'access-2' && s.matches({ authenticated: 'active' }));
    await expect.poll(() => api!.calls('/auth/profile').map((c) => [c.authorization])).toEqual([['Bearer access-1'], ['Bearer access-2']]);
    expect(api!.calls('/auth/refresh-token')).toHaveLength(1);
  });

  it("keeps the tokens another tab rotated while the boot check was on its way: the check stores the user only", async () => {
    // A second tab opens on the stored session; before its profile check answers, the first tab refreshes and
    // stores the new pair. Writing the boot pair back would put a rotated-away refresh token in storage, and
    // the next refresh with it would end the session in both tabs (the foundation e2e two-tab flake).
    saveSession(grant(farmer, 1));
    let answer: () => void = () => {};
    const answered = new Promise<void>((r) => (answer = r));
    const renamed = { ...farmer, name: 'सुनीता शिंदे' };
    route = async (req) => {
      if (req.path !== '/api/v1/auth/profile') return { status: 404 };
      await answered;
      return { status: 200, body: { user: renamed, fields: [] } };
    };
    const { actor } = start(storedFarmer());
    await expect.poll(() => api!.calls('/auth/profile')).toHaveLength(1);
    saveSession({ accessToken: 'access-2', refreshToken: 'refresh-2', user: farmer }); // the other tab refreshed
    answer();
    await waitFor(actor, (s) => s.context.user?.name === 'सुनीता शिंदे');
    expect(loadSession()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2', user: renamed });
  });

  it('keeps the stored session when the check fails for another reason (server down)', async () => {
    route = () => ({ status: 503, body: {} });
    const { actor } = start(storedFarmer());
    await expect.poll(() => api!.calls('/auth/profile')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.user).toEqual(farmer);
  });

  it('ends a stored session the server no longer accepts', async () => {
    route = () => ({ status: 401, body: {} });
    const { actor, effects } = start(storedFarmer());
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.notice).toBe('sessionExpired');
    expect(effects.navigate).toHaveBeenCalledWith('/login');
  });

  it('starts anonymous with nothing stored, or with a token but no user', () => {
    expect(start().actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    const partial = start({ stored: { accessToken: 'a', refreshToken: 'r', user: null } });
    expect(partial.actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    expect(partial.actor.getSnapshot().context.accessToken).toBeNull();
  });
});

describe('login', () => {
  it('stores the grant, picks the user language and goes to /', async () => {
    route = (req) => (req.path === '/api/v1/auth/login' ? { status: 200, body: grant(admin, 7) } : { status: 404 });
    const { actor, effects } = start();
    actor.send({ type: 'session.login', email: ' admin@example.in ', password: 'Secret123' });
    expect(actor.getSnapshot().matches({ anonymous: 'submitting' })).toBe(true);
    await waitFor(actor, (s) => s.matches('authenticated'));

    const [call] = api!.calls('/auth/login');
    expect(call.body).toEqual({ email: 'admin@example.in', password: 'Secret123' });
    expect(call.authorization).toBeUndefined();
    expect(loadSession()).toEqual({ accessToken: 'access-7', refreshToken: 'refresh-7', user: admin });
    expect(effects.chooseLanguage).toHaveBeenCalledWith('english');
    expect(effects.navigate).toHaveBeenCalledWith('/');
    expect(effects.connectSocket).toHaveBeenCalledWith('access-7');
  });

  it.each([400, 401])('calls a %i an invalid login and stays anonymous', async (status) => {
    route = () => ({ status, body: { statusCode: status, code: 'X', error: 'Invalid email or password', message: 'Invalid email or password' } });
    const { actor, effects } = start();
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'wrong-pass' });
    const s = await waitFor(actor, (x) => x.matches({ anonymous: 'failed' }));
    expect(s.context.loginError).toEqual({ kind: 'invalidCredentials' });
    expect(loadSession().accessToken).toBeNull();
    expect(effects.navigate).not.toHaveBeenCalled();
  });

  it('keeps the HTTP failure for the status table when it is not a credentials problem', async () => {
    route = () => ({ status: 429, body: { statusCode: 429, code: 'RATE_LIMITED', error: 'Too many', message: 'Too many' } });
    const { actor } = start();
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'x' });
    const s = await waitFor(actor, (x) => x.matches({ anonymous: 'failed' }));
    expect(s.context.loginError).toMatchObject({ kind: 'http', error: { status: 429, reason: 'tooMany' } });
  });

  it('reports a network failure when the API is unreachable', async () => {
    const { actor } = start();
    await api!.close();
    api = null;
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'x' });
    const s = await waitFor(actor, (x) => x.matches({ anonymous: 'failed' }));
    expect(s.context.loginError).toMatchObject({ kind: 'http', error: { status: 0, reason: 'network' } });
  });

  it('on a 2FA challenge asks for a code, then signs in with what POST /auth/login/2fa grants', async () => {
    const bodies: unknown[] = [];
    route = (req) => {
      if (req.path.endsWith('/auth/login')) return { status: 200, body: { twoFactorRequired: true, challengeToken: 'c-1' } };
      bodies.push(req.body);
      return { status: 200, body: grant(farmer, 7) };
    };
    const { actor, effects } = start();
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'x' });
    const s = await waitFor(actor, (x) => x.matches({ anonymous: 'secondFactor' }));
    expect(s.context.accessToken).toBeNull();
    const step = s.children.loginTwoFactor!;
    step.send({ type: 'loginCode.change', value: '123456' } as never);
    step.send({ type: 'loginCode.submit' } as never);
    const done = await waitFor(actor, (x) => x.matches({ authenticated: 'active' }));
    expect(bodies).toEqual([{ challengeToken: 'c-1', code: '123456' }]);
    expect(done.context).toMatchObject({ accessToken: 'access-7', refreshToken: 'refresh-7', user: farmer, challengeToken: null });
    expect(effects.chooseLanguage).toHaveBeenCalledWith(farmer.preferredLanguage);
    expect(loadSession()?.accessToken).toBe('access-7');
    expect(effects.navigate).toHaveBeenCalledWith('/');
  });

  it('a wrong password, then the right one: signed in, the old error gone as soon as the new attempt is sent', async () => {
    let attempts = 0;
    route = () => (attempts++ === 0 ? { status: 401, body: { statusCode: 401, message: 'Invalid email or password' } } : { status: 200, body: grant(farmer, 3) });
    const { actor } = start();
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'wrong' });
    await waitFor(actor, (x) => x.matches({ anonymous: 'failed' }));
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'right' });
    expect(actor.getSnapshot().matches({ anonymous: 'submitting' })).toBe(true);
    expect(actor.getSnapshot().context.loginError).toBeNull();
    const s = await waitFor(actor, (x) => x.matches({ authenticated: 'active' }));
    expect(s.context).toMatchObject({ accessToken: 'access-3', user: farmer });
    expect(api!.calls('/auth/login').map((c) => (c.body as { password: string }).password)).toEqual(['wrong', 'right']);
  });

  it('a code step that breaks unexpectedly is a network failure on the form, and the challenge is dropped', async () => {
    route = () => ({ status: 200, body: { twoFactorRequired: true, challengeToken: 'c-1' } });
    const { actor } = start(undefined, { loginTwoFactor: fromPromise(() => Promise.reject(new TypeError('broken'))) as never });
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'x' });
    const s = await waitFor(actor, (x) => x.matches({ anonymous: 'failed' }));
    expect(s.context.loginError).toMatchObject({ kind: 'http', error: { status: 0, reason: 'network' } });
    expect(s.context.challengeToken).toBeNull();
  });

  it('a mobile OTP sign-in answered with a grant signs in, whatever the form was doing, and picks the user language', async () => {
    route = () => ({ status: 500, body: {} });
    const { actor, effects } = start();
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'x' });
    await waitFor(actor, (x) => x.matches({ anonymous: 'failed' }));
    actor.send({ type: 'session.otpAnswered', result: grant(admin, 8) });
    const s = actor.getSnapshot();
    expect(s.matches({ authenticated: 'active' })).toBe(true);
    expect(s.context).toMatchObject({ user: admin, accessToken: 'access-8', refreshToken: 'refresh-8', loginError: null, notice: null });
    expect(loadSession()).toEqual({ accessToken: 'access-8', refreshToken: 'refresh-8', user: admin });
    expect(effects.chooseLanguage).toHaveBeenCalledWith('english');
    expect(effects.navigate).toHaveBeenCalledWith('/');
  });

  it('a mobile OTP sign-in answered with a 2FA challenge asks for the code with that challenge', async () => {
    route = () => ({ status: 401, body: {} });
    const { actor } = start();
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'x' });
    await waitFor(actor, (x) => x.matches({ anonymous: 'failed' }));
    actor.send({ type: 'session.otpAnswered', result: { twoFactorRequired: true, challengeToken: 'c-9' } as never });
    const s = actor.getSnapshot();
    expect(s.matches({ anonymous: 'secondFactor' })).toBe(true);
    expect(s.context).toMatchObject({ challengeToken: 'c-9', loginError: null, accessToken: null });
  });

  it('goes back to the password form when the person leaves the code step', async () => {
    route = () => ({ status: 200, body: { twoFactorRequired: true, challengeToken: 'c-1' } });
    const { actor } = start();
    actor.send({ type: 'session.login', email: 'a@b.in', password: 'x' });
    const s = await waitFor(actor, (x) => x.matches({ anonymous: 'secondFactor' }));
    s.children.loginTwoFactor!.send({ type: 'loginCode.cancel' } as never);
    const back = await waitFor(actor, (x) => x.matches({ anonymous: 'idle' }));
    expect(back.context.challengeToken).toBeNull();
  });
});

describe('logout', () => {
  it.each([200, 500])('tells the server (answer %i), then forgets the session and goes to /login', async (status) => {
    route = () => ({ status, body: {} });
    saveSession(grant(farmer, 1));
    const { actor, effects } = start(storedFarmer());
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches({ authenticated: 'loggingOut' })).toBe(true);
    await waitFor(actor, (s) => s.matches('anonymous'));

    const [call] = api!.calls('/auth/logout');
    expect(call.body).toEqual({ refreshToken: 'refresh-1' });
    expect(call.authorization).toBe('Bearer access-1');
    expect(loadSession()).toEqual({ accessToken: null, refreshToken: null, user: null });
    expect(actor.getSnapshot().context).toMatchObject({ user: null, accessToken: null, notice: null });
    expect(effects.disconnectSocket).toHaveBeenCalled();
    expect(effects.navigate).toHaveBeenLastCalledWith('/login');
  });

  it("ends the session on the server with the token another tab rotated to, not the stale one this tab holds", async () => {
    route = () => ({ status: 200, body: {} });
    const { actor } = start(storedFarmer());
    saveSession({ accessToken: 'access-5', refreshToken: 'refresh-5', user: farmer }); // another tab refreshed
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(api!.calls('/auth/logout').map((c) => c.body)).toEqual([{ refreshToken: 'refresh-5' }]);
  });

  it('signs out when another tab of the browser signs out (the stored session is removed)', async () => {
    route = () => ({ status: 200, body: {} });
    saveSession(grant(farmer, 1));
    const { actor, effects } = start(storedFarmer());
    // Another tab's change to an unrelated key, or to the tokens it refreshed, changes nothing here.
    window.dispatchEvent(new StorageEvent('storage', { key: 'shetmitra.prefs', newValue: null, storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'refreshToken', newValue: 'refresh-2', storageArea: localStorage }));
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);

    clearSession();
    window.dispatchEvent(new StorageEvent('storage', { key: 'refreshToken', newValue: null, storageArea: localStorage }));
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(api!.calls('/auth/logout').map((c) => c.body)).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(effects.navigate).toHaveBeenLastCalledWith('/login');
    expect(effects.disconnectSocket).toHaveBeenCalled();
  });

  it('a session with no refresh token signs out on this device without calling the server', async () => {
    route = () => ({ status: 200, body: {} });
    const { actor, effects } = start({ stored: { accessToken: 'access-1', refreshToken: null, user: farmer } });
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(api!.calls('/auth/logout')).toEqual([]);
    expect(effects.navigate).toHaveBeenLastCalledWith('/login');
  });

  it('stops lending the token to the HTTP client once logged out', async () => {
    route = () => ({ status: 200, body: {} });
    const { actor } = start(storedFarmer());
    await http.get('/whoami');
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    await http.get('/whoami');
    expect(api!.calls('/whoami').map((c) => c.authorization)).toEqual(['Bearer access-1', undefined]);
    // Signed out, a 401 is the caller's answer as it is: there is no session to refresh.
    route = () => ({ status: 401, body: {} });
    await expect(http.get('/whoami')).rejects.toMatchObject({ status: 401 });
    expect(api!.calls('/auth/refresh-token')).toEqual([]);
  });
});

describe('refresh on 401', () => {
  /** /probe accepts only the refreshed token; /auth/refresh-token answers `refreshStatus` after a pause. */
  function protectedApi(refreshStatus: number) {
    route = (req) => {
      if (req.path === '/api/v1/auth/refresh-token') {
        return refreshStatus === 200
          ? { status: 200, body: { accessToken: 'access-2', refreshToken: 'refresh-2' }, delayMs: 30 }
          : { status: refreshStatus, body: { statusCode: refreshStatus, code: 'X', error: 'nope', message: 'nope' }, delayMs: 30 };
      }
      // The boot-time profile check answers without a token check here; its own refresh is tested under boot.
      if (req.path === '/api/v1/auth/profile') return { status: 200, body: { user: farmer, fields: [] } };
      return req.authorization === 'Bearer access-2' ? { status: 200, body: { ok: req.path } } : { status: 401, body: {} };
    };
  }

  it('makes exactly one refresh for concurrent 401s, then retries each request once with the new token', async () => {
    protectedApi(200);
    const { actor, effects } = start(storedFarmer());
    const answers = await Promise.all(['/probe/a', '/probe/b', '/probe/c'].map((p) => http.get<{ ok: string }>(p)));

    expect(answers.map((a) => a.ok)).toEqual(['/api/v1/probe/a', '/api/v1/probe/b', '/api/v1/probe/c']);
    const refreshes = api!.calls('/auth/refresh-token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].body).toEqual({ refreshToken: 'refresh-1' });
    expect(refreshes[0].authorization).toBeUndefined();
    for (const p of ['/probe/a', '/probe/b', '/probe/c']) {
      expect(api!.calls(p).map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    }
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(loadSession()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', user: farmer });
    expect(effects.connectSocket).toHaveBeenLastCalledWith('access-2');
  });

  it('retries only once: a second 401 after the refresh is the caller’s error', async () => {
    route = (req) =>
      req.path === '/api/v1/auth/refresh-token' ? { status: 200, body: { accessToken: 'access-2', refreshToken: 'refresh-2' } } : { status: 401, body: {} };
    start(storedFarmer());
    await expect(http.get('/probe')).rejects.toMatchObject({ status: 401 });
    expect(api!.calls('/probe')).toHaveLength(2);
    expect(api!.calls('/auth/refresh-token')).toHaveLength(1);
  });

  it('ends the session when the refresh fails: tokens and user cleared, /login with the expiry notice', async () => {
    protectedApi(401);
    saveSession(grant(farmer, 1));
    const { actor, effects } = start(storedFarmer());
    const results = await Promise.allSettled(['/probe/a', '/probe/b'].map((p) => http.get(p)));

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(HttpError);
    expect(api!.calls('/auth/refresh-token')).toHaveLength(1);
    const s = actor.getSnapshot();
    expect(s.matches({ anonymous: 'idle' })).toBe(true);
    expect(s.context).toMatchObject({ user: null, accessToken: null, refreshToken: null, notice: 'sessionExpired' });
    expect(loadSession()).toEqual({ accessToken: null, refreshToken: null, user: null });
    expect(effects.navigate).toHaveBeenCalledWith('/login');
    expect(effects.disconnectSocket).toHaveBeenCalled();
  });

  it.each([503, 429])('keeps the session when the refresh is answered %i: the request fails, the next 401 tries again', async (status) => {
    protectedApi(status);
    saveSession(grant(farmer, 1));
    const { actor, effects } = start(storedFarmer());
    await expect(http.get('/probe/a')).rejects.toMatchObject({ status: 401 });
    expect(api!.calls('/auth/refresh-token')).toHaveLength(1);
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', notice: null });
    expect(loadSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', user: farmer });
    expect(effects.navigate).not.toHaveBeenCalledWith('/login');

    // The server is back: the next request still carries the session's token, its 401 refreshes and it goes through.
    protectedApi(200);
    await expect(http.get('/probe/b')).resolves.toBeDefined();
    expect(api!.calls('/probe/b').map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('refreshes with the refresh token another tab of the browser rotated to, not the retired one this tab holds', async () => {
    protectedApi(200);
    const { actor } = start(storedFarmer());
    saveSession({ accessToken: 'access-5', refreshToken: 'refresh-5', user: farmer }); // another tab refreshed
    await expect(http.get('/probe')).resolves.toBeDefined();
    expect(api!.calls('/auth/refresh-token').map((c) => c.body)).toEqual([{ refreshToken: 'refresh-5' }]);
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('ends the session at once when there is no refresh token', async () => {
    protectedApi(200);
    const { actor, effects } = start({ stored: { accessToken: 'access-1', refreshToken: null, user: farmer } });
    await expect(http.get('/probe')).rejects.toMatchObject({ status: 401 });
    expect(api!.calls('/auth/refresh-token')).toHaveLength(0);
    expect(actor.getSnapshot().context.notice).toBe('sessionExpired');
    expect(effects.navigate).toHaveBeenCalledWith('/login');
  });
});

describe('the language chosen', () => {
  it('is recorded on this device and on the profile, once; choosing the one already recorded sends nothing', async () => {
    route = (req) => (req.method === 'PATCH' && req.path === '/api/v1/auth/profile' ? { status: 200, body: {} } : { status: 404 });
    saveSession(grant(farmer, 1));
    const { actor } = start(storedFarmer());
    const was = actor.getSnapshot().context.user!.preferredLanguage;
    actor.send({ type: 'session.languageChosen', language: was });
    const other = was === 'hindi' ? 'english' : 'hindi';
    actor.send({ type: 'session.languageChosen', language: other });
    await vi.waitFor(() => expect(api!.calls('/auth/profile').filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(api!.calls('/auth/profile').filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ preferredLanguage: other }]);
    expect(actor.getSnapshot().context.user!.preferredLanguage).toBe(other);
    expect(loadSession().user?.preferredLanguage).toBe(other);
  });

  it('a profile that cannot be saved is logged; the choice still holds on this device', async () => {
    route = (req) => (req.method === 'PATCH' ? { status: 500, body: { statusCode: 500, message: 'down' } } : { status: 404 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actor } = start(storedFarmer());
    const other = actor.getSnapshot().context.user!.preferredLanguage === 'hindi' ? 'english' : 'hindi';
    actor.send({ type: 'session.languageChosen', language: other });
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('could not save the language to the profile', expect.objectContaining({ status: 500 })));
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.user!.preferredLanguage).toBe(other);
  });

  it('signed out, a language chosen on the sign-in page is nobody’s to record', async () => {
    const { actor } = start();
    actor.send({ type: 'session.languageChosen', language: 'hindi' });
    await new Promise((r) => setTimeout(r, 50));
    expect(api!.calls('/auth/profile')).toEqual([]);
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});
