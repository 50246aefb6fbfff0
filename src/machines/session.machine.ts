/**
 * The session: boot from the stored tokens and user, log in, refresh once on a 401 (shared by every
 * concurrent 401), log out. Effects that belong to the app (navigate, storage, locale, socket) are
 * actions provided at the root by AppProviders; tests provide their own.
 *
 * Second login step (2FA): the login actor may answer a TwoFactorChallenge instead of a SessionGrant;
 * then `anonymous.secondFactor` runs the loginTwoFactor machine (code form), whose signed-in output is
 * taken like a grant from the login actor, and whose 'cancelled' output goes back to the password form.
 * A mobile OTP sign-in (`session.otpAnswered`) is answered the same way: signed in, or the second step.
 */
import { assign, sendTo, setup, spawnChild } from 'xstate';
import { isSessionGrant, type Language, type LoginResult, type SessionGrant, type TokenPair, type User } from '@/services/auth';
import { HttpError } from '@/services/http';
import type { StoredSession } from '@/services/sessionStore';
import { loginTwoFactorMachine, type LoginTwoFactorOutput } from './loginTwoFactor.machine';
import { authBridgeActor, loadProfileActor, loginActor, logoutActor, refreshTokensActor, saveLanguageActor } from './session.actors';

export type { LoginResult };
export type LoginFailure = { kind: 'invalidCredentials' } | { kind: 'http'; error: HttpError };
/** Why the user is looking at the login screen, when it is not their own choice. */
export type SessionNotice = 'sessionExpired' | null;

export type SessionContext = {
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
  loginError: LoginFailure | null;
  notice: SessionNotice;
  /** Between a right password and the second factor (two-factor accounts only). */
  challengeToken: string | null;
};

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string }
  /** A sign-in the login form finished itself (mobile OTP): tokens, or the two-factor challenge. */
  | { type: 'session.otpAnswered'; result: LoginResult }
  | { type: 'session.logout' }
  /** Sent by the auth bridge when a request got a 401. */
  | { type: 'session.refresh' }
  /** The header's language switcher: a signed-in user's choice is their profile's preferredLanguage. */
  | { type: 'session.languageChosen'; language: Language };

export type SessionInput = { stored: StoredSession | null };

const ANONYMOUS = { user: null, accessToken: null, refreshToken: null } as const;

function toLoginFailure(error: unknown): LoginFailure {
  if (error instanceof HttpError) {
    // The login endpoint answers 400 or 401 for wrong credentials; the spec shows one message for both.
    if (error.status === 400 || error.status === 401) return { kind: 'invalidCredentials' };
    return { kind: 'http', error };
  }
  return { kind: 'http', error: new HttpError(0, 'network') };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: loginActor,
    refreshTokens: refreshTokensActor,
    logout: logoutActor,
    authBridge: authBridgeActor,
    loadProfile: loadProfileActor,
    loginTwoFactor: loginTwoFactorMachine,
    saveLanguage: saveLanguageActor,
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    persistSession: (_, _params: TokenPair & { user: User | null }) => {},
    /**
     * Stores the user record only, beside the stored tokens: the profile check and a language choice change no
     * token, and another tab may have rotated the tokens while they ran (writing this tab's pair back would store
     * a refresh token the server has already retired, and the next refresh with it would end the session).
     */
    persistUser: (_, _params: { user: User }) => {},
    forgetSession: () => {},
    chooseLanguage: (_, _params: { language: Language }) => {},
    connectSocket: (_, _params: { token: string }) => {},
    disconnectSocket: () => {},
  },
  guards: {
    hasStoredSession: ({ context }) => Boolean(context.accessToken && context.user),
    hasRefreshToken: ({ context }) => Boolean(context.refreshToken),
    isSessionGranted: (_, params: { result: LoginResult }) => isSessionGrant(params.result),
    isTwoFactorChallenge: (_, params: { result: LoginResult }) => !isSessionGrant(params.result),
    secondFactorPassed: (_, params: { output: LoginTwoFactorOutput<unknown> }) => params.output.status === 'signedIn',
    /** The server refused the refresh token itself (unknown, expired, revoked, reused). Not a dropped connection, 429 or 5xx. */
    refreshRefused: (_, params: { error: unknown }) => params.error instanceof HttpError && [400, 401, 403].includes(params.error.status),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const stored = input.stored;
    const complete = stored?.accessToken && stored.user;
    return {
      ...(complete ? { user: stored.user, accessToken: stored.accessToken, refreshToken: stored.refreshToken } : ANONYMOUS),
      loginError: null,
      notice: null,
      challengeToken: null,
    };
  },
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasStoredSession', target: 'authenticated' }, { target: 'anonymous' }],
    },
    anonymous: {
      initial: 'idle',
      on: {
        // Whatever the screen was doing, a finished sign-in from the OTP form wins.
        'session.otpAnswered': [
          {
            guard: { type: 'isSessionGranted', params: ({ event }) => ({ result: event.result }) },
            target: '#session.authenticated',
            actions: [
              assign(({ event }) => {
                const grant = event.result as SessionGrant;
                return { user: grant.user, accessToken: grant.accessToken, refreshToken: grant.refreshToken, notice: null, loginError: null };
              }),
              { type: 'persistSession', params: ({ event }) => event.result as SessionGrant },
              { type: 'chooseLanguage', params: ({ event }) => ({ language: (event.result as SessionGrant).user.preferredLanguage }) },
              { type: 'navigate', params: { to: '/' } },
            ],
          },
          {
            target: '.secondFactor',
            actions: assign({ loginError: null, challengeToken: ({ event }) => (event.result as { challengeToken: string }).challengeToken }),
          },
        ],
      },
      states: {
        idle: { on: { 'session.login': 'submitting' } },
        submitting: {
          entry: assign({ loginError: null }),
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'session.login' }>;
              return { email: e.email.trim(), password: e.password };
            },
            onDone: [
              {
                guard: { type: 'isSessionGranted', params: ({ event }) => ({ result: event.output }) },
                target: '#session.authenticated',
                actions: [
                  assign(({ event }) => {
                    const grant = event.output as SessionGrant;
                    return { user: grant.user, accessToken: grant.accessToken, refreshToken: grant.refreshToken, notice: null };
                  }),
                  { type: 'persistSession', params: ({ event }) => event.output as SessionGrant },
                  { type: 'chooseLanguage', params: ({ event }) => ({ language: (event.output as SessionGrant).user.preferredLanguage }) },
                  { type: 'navigate', params: { to: '/' } },
                ],
              },
              {
                guard: { type: 'isTwoFactorChallenge', params: ({ event }) => ({ result: event.output }) },
                target: 'secondFactor',
                actions: assign({ challengeToken: ({ event }) => (event.output as { challengeToken: string }).challengeToken }),
              },
            ],
            onError: { target: 'failed', actions: assign({ loginError: ({ event }) => toLoginFailure(event.error) }) },
          },
        },
        secondFactor: {
          invoke: {
            id: 'loginTwoFactor',
            src: 'loginTwoFactor',
            input: ({ context }) => ({ challengeToken: context.challengeToken! }),
            onDone: [
              {
                guard: { type: 'secondFactorPassed', params: ({ event }) => ({ output: event.output }) },
                target: '#session.authenticated',
                actions: [
                  assign(({ event }) => {
                    const grant = (event.output as { session: SessionGrant }).session;
                    return { user: grant.user, accessToken: grant.accessToken, refreshToken: grant.refreshToken, notice: null, challengeToken: null };
                  }),
                  { type: 'persistSession', params: ({ event }) => (event.output as { session: SessionGrant }).session },
                  {
                    type: 'chooseLanguage',
                    params: ({ event }) => ({ language: (event.output as { session: SessionGrant }).session.user.preferredLanguage }),
                  },
                  { type: 'navigate', params: { to: '/' } },
                ],
              },
              { target: 'idle', actions: assign({ challengeToken: null }) },
            ],
            onError: { target: 'failed', actions: assign({ challengeToken: null, loginError: ({ event }) => toLoginFailure(event.error) }) },
          },
        },
        failed: { on: { 'session.login': 'submitting' } },
      },
    },
    authenticated: {
      entry: { type: 'connectSocket', params: ({ context }) => ({ token: context.accessToken! }) },
      invoke: [
        // First, so the profile request below already goes out with the token.
        { id: 'authBridge', src: 'authBridge', input: ({ context }) => ({ accessToken: context.accessToken }) },
        {
          // Check the session with the server and take its current user record: after a boot from storage
          // this is the first call, so an expired access token is refreshed (or the session ends) right away.
          id: 'loadProfile',
          src: 'loadProfile',
          onDone: {
            actions: [
              assign({ user: ({ event }) => event.output.user }),
              { type: 'persistUser', params: ({ event }) => ({ user: event.output.user }) },
            ],
          },
          // The stored user stays; a 401 that could not be refreshed has already ended the session.
          onError: { actions: [] },
        },
      ],
      initial: 'active',
      states: {
        active: {
          on: {
            'session.refresh': [
              { guard: 'hasRefreshToken', target: 'refreshing' },
              { target: '#session.expired' },
            ],
            'session.logout': 'loggingOut',
            // Recorded here and on the server, so the user's other devices open in the same language. The
            // request is fire and forget: its failure is logged by the actor, never a reason to sign out.
            'session.languageChosen': {
              guard: ({ context, event }) => Boolean(context.user) && context.user!.preferredLanguage !== event.language,
              actions: [
                assign({ user: ({ context, event }) => ({ ...context.user!, preferredLanguage: event.language }) }),
                { type: 'persistUser', params: ({ context }) => ({ user: context.user! }) },
                spawnChild('saveLanguage', { input: ({ event }) => ({ language: (event as { language: Language }).language }) }),
              ],
            },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({ refreshToken: context.refreshToken!, userId: context.user?._id ?? null }),
            onDone: {
              target: 'active',
              actions: [
                assign({ accessToken: ({ event }) => event.output.accessToken, refreshToken: ({ event }) => event.output.refreshToken }),
                { type: 'persistSession', params: ({ context }) => ({ accessToken: context.accessToken!, refreshToken: context.refreshToken!, user: context.user }) },
                sendTo('authBridge', ({ context }) => ({ type: 'bridge.tokens' as const, accessToken: context.accessToken })),
                { type: 'connectSocket', params: ({ context }) => ({ token: context.accessToken! }) },
              ],
            },
            onError: [
              { guard: { type: 'refreshRefused', params: ({ event }) => ({ error: event.error }) }, target: '#session.expired' },
              // A dropped connection on a rural network, a rate limit or a server error is no reason to sign the
              // user out: the session stays, the waiting request fails as it is, and the next 401 tries again.
              { target: 'active', actions: sendTo('authBridge', ({ context }) => ({ type: 'bridge.tokens' as const, accessToken: context.accessToken })) },
            ],
          },
        },
        loggingOut: {
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ refreshToken: context.refreshToken, userId: context.user?._id ?? null }),
            // Whatever the server says, this device forgets the session.
            onDone: { target: '#session.anonymous' },
            onError: { target: '#session.anonymous' },
          },
          exit: ['disconnectSocket', 'forgetSession', assign({ ...ANONYMOUS, notice: null }), { type: 'navigate', params: { to: '/login' } }],
        },
      },
    },
    /** A refresh failed or was impossible: clear everything and ask the user to log in again. */
    expired: {
      entry: ['disconnectSocket', 'forgetSession', assign({ ...ANONYMOUS, notice: 'sessionExpired' }), { type: 'navigate', params: { to: '/login' } }],
      always: 'anonymous',
    },
  },
});

export type SessionMachine = typeof sessionMachine;
