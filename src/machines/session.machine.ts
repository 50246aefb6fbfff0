/**
 * The session: boot from the stored tokens and user, log in, refresh once on a 401 (shared by every
 * concurrent 401), log out. Effects that belong to the app (navigate, storage, locale, socket) are
 * actions provided at the root by AppProviders; tests provide their own.
 *
 * Second login step (2FA): the login actor may answer a TwoFactorChallenge instead of a SessionGrant.
 * Today that branch ends in `failed`; the 2FA state goes in `anonymous` as a sibling of `submitting`,
 * entered from the `isTwoFactorChallenge` transition below (keep `challengeToken` in context), and on
 * success takes the same target and actions as the `isSessionGranted` transition (assign the grant,
 * persistSession, chooseLanguage, navigate '/').
 */
import { assign, sendTo, setup } from 'xstate';
import { isSessionGrant, type Language, type LoginResult, type SessionGrant, type TokenPair, type User } from '@/services/auth';
import { HttpError } from '@/services/http';
import type { StoredSession } from '@/services/sessionStore';
import { authBridgeActor, loginActor, logoutActor, refreshTokensActor } from './session.actors';

export type LoginFailure = { kind: 'invalidCredentials' } | { kind: 'twoFactorUnavailable' } | { kind: 'http'; error: HttpError };
/** Why the user is looking at the login screen, when it is not their own choice. */
export type SessionNotice = 'sessionExpired' | null;

export type SessionContext = {
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
  loginError: LoginFailure | null;
  notice: SessionNotice;
};

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string }
  | { type: 'session.logout' }
  /** Sent by the auth bridge when a request got a 401. */
  | { type: 'session.refresh' };

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
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    persistSession: (_, _params: TokenPair & { user: User | null }) => {},
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
    };
  },
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasStoredSession', target: 'authenticated' }, { target: 'anonymous' }],
    },
    anonymous: {
      initial: 'idle',
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
                target: 'failed',
                actions: assign({ loginError: { kind: 'twoFactorUnavailable' } }),
              },
            ],
            onError: { target: 'failed', actions: assign({ loginError: ({ event }) => toLoginFailure(event.error) }) },
          },
        },
        failed: { on: { 'session.login': 'submitting' } },
      },
    },
    authenticated: {
      entry: { type: 'connectSocket', params: ({ context }) => ({ token: context.accessToken! }) },
      invoke: { id: 'authBridge', src: 'authBridge', input: ({ context }) => ({ accessToken: context.accessToken }) },
      initial: 'active',
      states: {
        active: {
          on: {
            'session.refresh': [
              { guard: 'hasRefreshToken', target: 'refreshing' },
              { target: '#session.expired' },
            ],
            'session.logout': 'loggingOut',
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({ refreshToken: context.refreshToken! }),
            onDone: {
              target: 'active',
              actions: [
                assign({ accessToken: ({ event }) => event.output.accessToken, refreshToken: ({ event }) => event.output.refreshToken }),
                { type: 'persistSession', params: ({ context }) => ({ accessToken: context.accessToken!, refreshToken: context.refreshToken!, user: context.user }) },
                sendTo('authBridge', ({ context }) => ({ type: 'bridge.tokens' as const, accessToken: context.accessToken })),
                { type: 'connectSocket', params: ({ context }) => ({ token: context.accessToken! }) },
              ],
            },
            onError: { target: '#session.expired' },
          },
        },
        loggingOut: {
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ refreshToken: context.refreshToken }),
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
