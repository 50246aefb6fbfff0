/**
 * Starts the session actor with the app's effects: navigation through wouter, storage in local
 * storage (the session, and on sign-out the offline copies too), the locale in the prefs store and the socket connection.
 */
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { localeOf } from '@/i18n/locales';
import { SessionContext } from '@/machines/session.context';
import { sessionMachine } from '@/machines/session.machine';
import { clearSession, loadSession, saveSession, saveUser } from '@/services/sessionStore';
import { whenPageLoaded } from '@/shared/pageIdle';
import { setLocale } from '@/stores/prefs';
import { NotificationCentreProvider } from './NotificationCentreProvider';
import { OutboxProvider } from './OutboxProvider';

/**
 * The socket client (socket.io's loader and the reconnect logic) comes once the page has loaded: nothing of the
 * first paint listens to the server (the farmer home's live feed starts after it too), and it is not in the
 * first load's JavaScript (issue 17). One promise, so the session's connects and disconnects keep their order.
 */
let socketModule: Promise<typeof import('@/services/socket')> | null = null;
const socket = () => (socketModule ??= whenPageLoaded().then(() => import('@/services/socket')));

export function AppProviders({ children, storage = localStorage }: { children: ReactNode; storage?: Storage }) {
  const [, navigate] = useLocation();
  // wouter keeps `navigate` stable across renders (useEvent), so the machine may hold on to it.
  const [logic] = useState(() =>
    sessionMachine.provide({
      actions: {
        navigate: (_, { to }) => navigate(to),
        persistSession: (_, session) => saveSession(session, storage),
        persistUser: (_, { user }) => saveUser(user, storage),
        // A shared phone: what the person saw offline goes with their session.
        forgetSession: () => {
          clearSession(storage);
          // idb loads with the screens that keep copies; not part of the first screen's JavaScript.
          void import('@/services/offlineCache').then(({ forgetAll }) => forgetAll());
          // The record of which refresh token replaced which (tokens the server has revoked by now) goes too.
          void import('@/services/tokenRotations').then(({ forgetRotations }) => forgetRotations());
        },
        chooseLanguage: (_, { language }) => setLocale(localeOf(language)),
        connectSocket: (_, { token }) => void socket().then((s) => s.connectSocket(token)),
        disconnectSocket: () => void socket().then((s) => s.disconnectSocket()),
      },
    }),
  );
  const [stored] = useState(() => loadSession(storage));
  return (
    <SessionContext.Provider logic={logic} options={{ input: { stored } }}>
      <NotificationCentreProvider>
        <OutboxProvider>{children}</OutboxProvider>
      </NotificationCentreProvider>
    </SessionContext.Provider>
  );
}
