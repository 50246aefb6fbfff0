/**
 * The one way tests render a view: react-intl with a real catalog, wouter on a memory location (wouter README:
 * "How do I configure the router to render a specific route in tests?") and, when asked, the session actor.
 *
 *   renderView(<InboxLink logic={logic} />, { session: 'farmer' });          // signed in, effects stubbed
 *   renderView(<ChangePasswordDialog … />, { locale: 'mr' });               // Marathi catalog
 *   const { location } = renderView(<LoginForm />, { path: '/login?next=/fields', session: {} });
 *   location.history                                                       // where the screen sent the reader
 */
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback } from 'xstate';
import { INTL_TAG, type Locale } from '@/i18n/locales';
import { SessionContext } from '@/machines/session.context';
import { sessionMachine, type SessionInput } from '@/machines/session.machine';
import { CATALOGS } from './catalogs';

export type MemoryLocation = ReturnType<typeof memoryLocation>;
export type SignedInRole = 'farmer' | 'coordinator' | 'admin';

export function testLocation(path = '/') {
  const [pathname, search = ''] = path.split('?');
  return memoryLocation({ path: pathname, searchPath: search, record: true });
}

const users = {
  farmer: { _id: 'u-farmer', name: 'Ramesh Patil', email: 'farmer@t.in', role: 'farmer', preferredLanguage: 'english' },
  coordinator: { _id: 'u-coord', name: 'Sunil Pawar', email: 'coord@t.in', role: 'coordinator', preferredLanguage: 'english' },
  admin: { _id: 'u-admin', name: 'Asha Admin', email: 'admin@t.in', role: 'admin', preferredLanguage: 'english' },
} as const;

/** A signed-in session whose effects (socket, storage, navigation, language) are not under test. */
const signedIn = sessionMachine.provide({
  actions: { connectSocket: () => {}, disconnectSocket: () => {}, persistSession: () => {}, persistUser: () => {}, forgetSession: () => {}, navigate: () => {}, chooseLanguage: () => {} },
  actors: { authBridge: fromCallback(() => () => {}) },
});

export type RenderOptions = {
  path?: string;
  /** A memory location the test made itself (e.g. so the session's navigate action can use it). */
  location?: MemoryLocation;
  /** The catalog (default English, so assertions read plainly). */
  locale?: Locale;
  /** The Intl tag the provider formats with (default the app's tag for `locale`, e.g. 'en-IN' for a tools screen). */
  intlLocale?: string;
  /** `false`: no catalog, the messages' English defaults (the staff screens' English equals them). */
  catalog?: boolean;
  /**
   * A session around the view: a role signs in with a stored session and stubbed effects; an object gives the
   * machine (`logic`, default the real one) and its `input` (default no stored session).
   */
  session?: SignedInRole | { logic?: typeof sessionMachine; input?: SessionInput };
};

export function renderView(ui: ReactElement, { path = '/', location = testLocation(path), locale = 'en', intlLocale, catalog = true, session }: RenderOptions = {}) {
  const tree = (tag: string, children: ReactNode) => {
    const routed = (
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    );
    const withSession =
      session === undefined ? (
        routed
      ) : typeof session === 'string' ? (
        <SessionContext.Provider logic={signedIn} options={{ input: { stored: { accessToken: 'test-token', refreshToken: 'test-refresh', user: users[session] as never } } }}>
          {routed}
        </SessionContext.Provider>
      ) : (
        <SessionContext.Provider logic={session.logic ?? sessionMachine} options={{ input: session.input ?? { stored: null } }}>
          {routed}
        </SessionContext.Provider>
      );
    return (
      <IntlProvider locale={tag} messages={catalog ? CATALOGS[locale] : undefined} defaultLocale={catalog ? 'mr' : 'en'} onError={() => {}}>
        {withSession}
      </IntlProvider>
    );
  };
  const tag = intlLocale ?? (catalog ? INTL_TAG[locale] : 'en');
  const result = render(tree(tag, ui));
  /** The reader switches the formatting locale (the catalog stays, so assertions keep reading plainly). */
  const rerenderIn = (otherTag: string) => result.rerender(tree(otherTag, ui));
  return { ...result, location, rerenderIn };
}
