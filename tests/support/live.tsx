/**
 * Rendering for the live-data screens: English catalog, a memory router, and a signed-in session of
 * the given role (the session machine booted from a stored session; the socket connection stubbed).
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback } from 'xstate';
import en from '@/i18n/messages/en.json';
import { SessionContext } from '@/machines/session.context';
import { sessionMachine } from '@/machines/session.machine';

export type LiveRole = 'farmer' | 'coordinator' | 'admin';

const users = {
  farmer: { _id: 'u-farmer', name: 'Ramesh Patil', email: 'farmer@t.in', role: 'farmer', preferredLanguage: 'english' },
  coordinator: { _id: 'u-coord', name: 'Sunil Pawar', email: 'coord@t.in', role: 'coordinator', preferredLanguage: 'english' },
  admin: { _id: 'u-admin', name: 'Asha Admin', email: 'admin@t.in', role: 'admin', preferredLanguage: 'english' },
} as const;

const session = sessionMachine.provide({
  actions: { connectSocket: () => {}, disconnectSocket: () => {}, persistSession: () => {}, forgetSession: () => {}, navigate: () => {}, chooseLanguage: () => {} },
  actors: { authBridge: fromCallback(() => () => {}) },
});

export function renderLive(ui: ReactNode, role: LiveRole, path = '/') {
  const location = memoryLocation({ path, record: true });
  const { hook } = location;
  const result = render(
    <IntlProvider locale="en" messages={en} onError={() => {}}>
      <Router hook={hook}>
        <SessionContext.Provider logic={session} options={{ input: { stored: { accessToken: 'test-token', refreshToken: 'test-refresh', user: users[role] as never } } }}>
          {ui}
        </SessionContext.Provider>
      </Router>
    </IntlProvider>,
  );
  /** `location.history` records where the screen sent the reader. */
  return { ...result, location };
}

export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
}
