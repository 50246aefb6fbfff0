/**
 * Renders a view the way the app does: react-intl with a real catalog, wouter on a memory location
 * (wouter README: "How do I configure the router to render a specific route in tests?") and, when
 * asked, the session actor with the test's own implementations.
 */
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { INTL_TAG, type Locale } from '@/i18n/locales';
import { SessionContext } from '@/machines/session.context';
import { sessionMachine, type SessionInput } from '@/machines/session.machine';
import { CATALOGS } from './catalogs';

export type ProviderOptions = {
  path?: string;
  /** A memory location the test made itself (e.g. so the session's navigate action can use it). */
  location?: MemoryLocation;
  locale?: Locale;
  /** Wrap in the session actor; `logic` defaults to the real machine, `input` to no stored session. */
  session?: { logic?: typeof sessionMachine; input?: SessionInput };
};

export type MemoryLocation = ReturnType<typeof memoryLocation>;

export function testLocation(path = '/') {
  const [pathname, search = ''] = path.split('?');
  return memoryLocation({ path: pathname, searchPath: search, record: true });
}

export function renderWithProviders(ui: ReactElement, { path = '/', location = testLocation(path), locale = 'en', session }: ProviderOptions = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    const routed = (
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    );
    return (
      <IntlProvider locale={INTL_TAG[locale]} messages={CATALOGS[locale]}>
        {session ? (
          <SessionContext.Provider logic={session.logic ?? sessionMachine} options={{ input: session.input ?? { stored: null } }}>
            {routed}
          </SessionContext.Provider>
        ) : (
          routed
        )}
      </IntlProvider>
    );
  }
  return { ...render(ui, { wrapper: Wrapper }), location };
}
