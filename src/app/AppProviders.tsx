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
import { connectSocket, disconnectSocket } from '@/services/socket';
import { setLocale } from '@/stores/prefs';
import { NotificationCentreProvider } from './NotificationCentreProvider';
import { OutboxProvider } from './OutboxProvider';

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
        },
        chooseLanguage: (_, { language }) => setLocale(localeOf(language)),
        connectSocket: (_, { token }) => connectSocket(token),
        disconnectSocket: () => disconnectSocket(),
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
