/**
 * Generated path tests (patterns.md R4): every path xstate/graph finds through the session statechart
 * is replayed on the real LoginView and AppHeader. Each event has an executor that does what causes
 * it (typing and clicking, the server answering, the HTTP client's 401), each state an assertion.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject, type EventObject } from 'xstate';
import { Route, Switch } from 'wouter';
import { loginTwoFactorMachine } from '@/machines/loginTwoFactor.machine';
import { SessionContext } from '@/machines/session.context';
import { sessionMachine, type SessionInput } from '@/machines/session.machine';
import type { Language, LoginResult, ProfileResponse, TokenPair } from '@/services/auth';
import { HttpError } from '@/services/http';
import { LoginView } from '@/views/auth/LoginView';
import { AppHeader } from '@/views/ui/AppHeader';
import { DEFAULT_LOCALE } from '@/i18n/locales';
import { setLocale } from '@/stores/prefs';
import { deferred, type Deferred } from '../support/deferred';
import { farmer, grant } from '../support/sessionFixtures';
import { describeModel, modelPaths, renderView, testLocation, variants } from '../support/modelHarness';

const CHALLENGE: LoginResult = { twoFactorRequired: true, challengeToken: 'challenge-1' };
const EVENTS = [
  { type: 'session.login', email: farmer.email, password: 'Secret123' },
  { type: 'session.logout' },
  { type: 'session.refresh' },
  { type: 'xstate.done.actor.login', output: grant(farmer, 1) },
  { type: 'xstate.done.actor.login', output: CHALLENGE },
  { type: 'xstate.error.actor.login', error: new HttpError(401, 'unauthorized') },
  { type: 'xstate.done.actor.loginTwoFactor', output: { status: 'signedIn', session: grant(farmer, 3) } },
  { type: 'xstate.done.actor.loginTwoFactor', output: { status: 'cancelled' } },
  { type: 'xstate.error.actor.loginTwoFactor', error: new Error('second step crashed') },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: new HttpError(0, 'network') },
  { type: 'xstate.done.actor.refreshTokens', output: { accessToken: 'access-2', refreshToken: 'refresh-2' } },
  { type: 'xstate.error.actor.refreshTokens', error: new HttpError(401, 'unauthorized') },
  { type: 'xstate.error.actor.refreshTokens', error: new HttpError(0, 'network') },
  { type: 'xstate.done.actor.loadProfile', output: { user: { ...farmer, name: 'सुनीता शिंदे' }, fields: [] } },
  // The login form's OTP tab finished a sign-in (tests/model/otpLogin.model.test.tsx drives that form).
  { type: 'session.otpAnswered', result: grant(farmer, 4) },
  { type: 'session.otpAnswered', result: CHALLENGE },
  // The header's language switcher. The test renders the English catalog, so the signed-in Marathi farmer
  // chooses English: what the real app would then show is exactly the catalog under test.
  { type: 'session.languageChosen', language: 'english' },
  // A failed session check changes nothing (the stored session stays), so it is no transition here;
  // tests/machines/session.test.ts covers it against a real server.
] as AnyEventObject[];

/** Traversal needs no real bridge: graph traversal must not touch the HTTP client. */
const traversable = sessionMachine.provide({ actors: { authBridge: fromCallback(() => () => {}) } });

const pathsFrom = (input: SessionInput) =>
  modelPaths(traversable, {
    input,
    events: EVENTS,
    serializeState: (s, e, prev) =>
      `${JSON.stringify(s.value)}|${e?.type}|${JSON.stringify(prev?.value)}|${JSON.stringify(e?.output ?? e?.result ?? null)}|${s.context.user?.preferredLanguage}`,
  });

const INPUTS: Record<string, SessionInput> = {
  'nothing stored': { stored: null },
  'a stored session': { stored: grant(farmer, 1) },
};

type Step = { event: AnyEventObject; state: { value: unknown } };

function harness(input: SessionInput) {
  const pending = {
    login: null as Deferred<LoginResult> | null,
    logout: null as Deferred<unknown> | null,
    refreshTokens: null as Deferred<TokenPair> | null,
    loadProfile: null as Deferred<ProfileResponse> | null,
    verifyLoginCode: null as Deferred<unknown> | null,
  };
  let bridgeSend: ((e: EventObject) => void) | null = null;
  let sessionRef: { send: (e: AnyEventObject) => void } | null = null;
  /** Holds the session actor, so a crash of the second-step child can be delivered as the runtime would. */
  function CaptureSession() {
    sessionRef = SessionContext.useActorRef() as never;
    return null;
  }
  const location = testLocation(input.stored ? '/' : '/login');
  // The device's display preference starts as it would on a new phone (prefs is a module-level store).
  setLocale(DEFAULT_LOCALE);
  /** What the session machine stored and what it sent to PATCH /auth/profile. */
  const persisted: Array<{ user: { preferredLanguage: string } | null }> = [];
  const savedLanguages: string[] = [];
  const logic = sessionMachine.provide({
    actors: {
      login: fromPromise(() => (pending.login = deferred<LoginResult>()).promise),
      logout: fromPromise(() => (pending.logout = deferred<unknown>()).promise),
      refreshTokens: fromPromise(() => (pending.refreshTokens = deferred<TokenPair>()).promise),
      loadProfile: fromPromise(() => (pending.loadProfile = deferred<ProfileResponse>()).promise),
      // The real actor never rejects (a failed save is logged); the test records what it would send.
      saveLanguage: fromPromise<void, { language: Language }>(async ({ input }) => void savedLanguages.push(input.language)),
      loginTwoFactor: loginTwoFactorMachine.provide({
        actors: { verifyLoginCode: fromPromise(() => (pending.verifyLoginCode = deferred<unknown>()).promise) },
      }),
      authBridge: fromCallback(({ sendBack }) => {
        bridgeSend = sendBack;
        return () => {
          bridgeSend = null;
        };
      }),
    },
    actions: {
      navigate: (_, { to }) => location.navigate(to),
      persistSession: (_, session) => void persisted.push(session as never),
      persistUser: (_, { user }) => void persisted.push({ user }),
    },
  });
  renderView(<>
    <CaptureSession />
    <Switch>
      <Route path="/login">
        <LoginView userAgent="Mozilla/5.0 (X11; Linux x86_64)" />
      </Route>
      <Route>
        <AppHeader />
        <main data-testid="signed-in" />
      </Route>
    </Switch>
    </>, { location, session: { logic, input } });
  const settle = (which: keyof typeof pending, how: (d: Deferred<unknown>) => void) =>
    act(async () => {
      const d = pending[which];
      if (!d) throw new Error(`no ${which} call is pending`);
      how(d as unknown as Deferred<unknown>);
    });

  const exec: Record<string, (e: AnyEventObject) => unknown> = {
    // The first render is the machine's start.
    'xstate.init': () => {},
    'session.login': (e) => {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: e.email } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: e.password } });
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    },
    'session.logout': () => fireEvent.click(screen.getByRole('button', { name: 'Logout' })),
    'session.languageChosen': (e) =>
      act(async () => {
        fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: e.language === 'english' ? 'en' : e.language } });
      }),
    // What the auth bridge does when the HTTP client got a 401.
    'session.refresh': () =>
      act(() => {
        if (!bridgeSend) throw new Error('the auth bridge is not running');
        bridgeSend({ type: 'session.refresh' });
      }),
    'xstate.done.actor.login': (e) => settle('login', (d) => d.resolve(e.output)),
    'xstate.error.actor.login': (e) => settle('login', (d) => d.reject(e.error)),
    // The second sign-in step: a code typed and accepted, or the person going back.
    'xstate.done.actor.loginTwoFactor': async (e) => {
      if (e.output.status === 'cancelled') return fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
      fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await settle('verifyLoginCode', (d) => d.resolve(e.output.session));
    },
    'xstate.error.actor.loginTwoFactor': (e) => act(() => sessionRef!.send(e)),
    // Sent by the login form once its OTP child signs in; the desktop login screen has no OTP tab.
    'session.otpAnswered': (e) => act(() => sessionRef!.send(e)),
    'xstate.done.actor.logout': () => settle('logout', (d) => d.resolve(undefined)),
    'xstate.error.actor.logout': (e) => settle('logout', (d) => d.reject(e.error)),
    'xstate.done.actor.refreshTokens': (e) => settle('refreshTokens', (d) => d.resolve(e.output)),
    'xstate.error.actor.refreshTokens': (e) => settle('refreshTokens', (d) => d.reject(e.error)),
    // The server answers the session check made on entering the signed-in state.
    'xstate.done.actor.loadProfile': (e) => settle('loadProfile', (d) => d.resolve(e.output)),
  };

  const submit = () => screen.queryByRole('button', { name: /^(Login|Logging in…)$/ });
  const assertState: Record<string, (step: Step) => void> = {
    '{"anonymous":"idle"}': (step) => {
      expect(location.history.at(-1)).toBe('/login');
      expect(screen.queryByTestId('signed-in')).not.toBeInTheDocument();
      expect(submit()).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      if (step.event.type === 'xstate.error.actor.refreshTokens' || step.event.type === 'session.refresh') {
        expect(screen.getByText('Session expired. Please log in again.')).toBeInTheDocument();
      }
    },
    '{"anonymous":"submitting"}': () => {
      expect(submit()).toBeDisabled();
      expect(submit()).toHaveTextContent('Logging in…');
    },
    '{"anonymous":"failed"}': (step) => {
      const expected = step.event.type === 'xstate.error.actor.loginTwoFactor' ? /Network error/ : /^Invalid email or password$/;
      expect(screen.getByRole('alert')).toHaveTextContent(expected);
      expect(submit()).toBeEnabled();
    },
    '{"anonymous":"secondFactor"}': () => {
      expect(submit()).toBeNull();
      expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
      expect(screen.queryByTestId('signed-in')).not.toBeInTheDocument();
    },
    '{"authenticated":"active"}': (step) => {
      expect(location.history.at(-1)).toBe('/');
      if (step.event.type === 'xstate.done.actor.loadProfile') {
        // The server's current record replaces the stored one (the header's profile link names the user).
        expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('title', 'सुनीता शिंदे');
      }
      expect(screen.getByTestId('signed-in')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
      if (step.event.type === 'session.languageChosen') {
        // Shown on this device, stored with the session, and sent to the profile once.
        expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
        expect(persisted.at(-1)?.user?.preferredLanguage).toBe('english');
        expect(savedLanguages).toEqual(['english']);
      }
      // A refresh lost to the network keeps the person signed in, on the screen they were on.
      if (step.event.type === 'xstate.error.actor.refreshTokens') expect(step.event.error).toMatchObject({ status: 0 });
    },
    '{"authenticated":"refreshing"}': () => {
      // The user keeps their screen while the token is renewed.
      expect(screen.getByTestId('signed-in')).toBeInTheDocument();
    },
    '{"authenticated":"loggingOut"}': () => {
      expect(screen.getByRole('button', { name: 'Logging out…' })).toBeDisabled();
    },
  };
  return { exec, assertState };
}

describeModel('session model', {
  paths: variants(Object.entries(INPUTS).map(([label, input]) => [`from ${label}`, input, pathsFrom(input)] as const)),
  events: EVENTS,
  // Every event of the machine is exercised by at least one generated path.
  machine: sessionMachine,
  states: ['anonymous.idle', 'anonymous.submitting', 'anonymous.failed', 'anonymous.secondFactor', 'authenticated.active', 'authenticated.refreshing', 'authenticated.loggingOut'],
  name: (p) => p.steps.map((s) => s.event.type).join(' → '),
  render: (path) => {
    const { exec, assertState } = harness(path.variant!.value as SessionInput);
    return {
      exec,
      check: (step) => {
        const check = assertState[JSON.stringify(step.state.value)];
        if (!check) throw new Error(`no assertion for ${JSON.stringify(step.state.value)}`);
        check(step as Step);
      },
    };
  },
});
