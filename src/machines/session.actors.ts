/**
 * The session machine's actors with their real implementations (services), named in setup({ actors }).
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import * as auth from '@/services/auth';
import { setAuthBridge } from '@/services/http';
import { newestRefreshToken, onSessionClearedElsewhere } from '@/services/sessionStore';
import type { HeldSession } from '@/services/sharedRefresh';

export const loginActor = fromPromise<auth.LoginResult, { email: string; password: string }>(({ input, signal }) =>
  auth.login(input.email, input.password, signal),
);

/**
 * One refresh, shared with the browser's other tabs (services/sharedRefresh, loaded with the first refresh: not in the
 * first page's JavaScript, budget).
 */
export const refreshTokensActor = fromPromise<auth.TokenPair, HeldSession>(async ({ input, signal }) =>
  (await import('@/services/sharedRefresh')).refreshShared(input, signal),
);

/** The signed-in user as the server knows them now (role, name or language may have changed since). */
export const loadProfileActor = fromPromise<auth.ProfileResponse>(({ signal }) => auth.fetchProfile(signal));

/**
 * Saves the language chosen in the header to the profile. Fire and forget: the promise never rejects,
 * a failure is logged (the choice still holds on this device and is sent again with the next change).
 */
export const saveLanguageActor = fromPromise<void, { language: auth.Language }>(async ({ input, signal }) => {
  try {
    await auth.saveLanguage(input.language, signal);
  } catch (error) {
    console.error('could not save the language to the profile', error);
  }
});

/** Ends the session on the server with the newest token of this browser, so a token another tab rotated still ends it. */
export const logoutActor = fromPromise<unknown, { refreshToken: string | null; userId: string | null }>(async ({ input, signal }) => {
  const refreshToken = newestRefreshToken(input);
  if (refreshToken) await auth.logout(refreshToken, signal);
});

/** Tells the auth bridge that the session holds a new access token (or none). */
export type BridgeEvent = { type: 'bridge.tokens'; accessToken: string | null };

/**
 * Lives exactly as long as the session is authenticated. It lends the HTTP client the current token and,
 * on a 401, asks the machine for one refresh (`session.refresh`); every caller waiting meanwhile gets the
 * same answer. Leaving the authenticated state answers them with null (the session is over).
 */
export const authBridgeActor = fromCallback<BridgeEvent, { accessToken: string | null }, EventObject>(
  ({ input, sendBack, receive }) => {
    let token = input.accessToken;
    let waiting: { promise: Promise<string | null>; resolve: (t: string | null) => void } | null = null;
    setAuthBridge({
      getAccessToken: () => token,
      refresh: () => {
        if (waiting) return waiting.promise;
        let resolve!: (t: string | null) => void;
        const promise = new Promise<string | null>((r) => (resolve = r));
        waiting = { promise, resolve };
        // May end the session synchronously (no refresh token), which answers `promise` with null.
        sendBack({ type: 'session.refresh' });
        return promise;
      },
    });
    receive((event) => {
      token = event.accessToken;
      waiting?.resolve(token);
      waiting = null;
    });
    // The tabs of a browser share one session: when another tab signs out, this one does too.
    const stopListening = onSessionClearedElsewhere(() => sendBack({ type: 'session.logout' }));
    return () => {
      stopListening();
      waiting?.resolve(null);
      waiting = null;
      setAuthBridge({ getAccessToken: () => null, refresh: async () => null });
    };
  },
);
