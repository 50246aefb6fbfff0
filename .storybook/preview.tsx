/**
 * Every story renders inside react-intl (locale from the toolbar, Marathi by default), wouter on a
 * memory location (parameters.route) and, when parameters.session is set, the session actor.
 */
import type { Decorator, Preview } from '@storybook/react-vite';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import en from '../src/i18n/messages/en.json';
import hi from '../src/i18n/messages/hi.json';
import mr from '../src/i18n/messages/mr.json';
import { INTL_TAG, isLocale, type Locale } from '../src/i18n/locales';
import { SessionContext } from '../src/machines/session.context';
import { sessionMachine, type SessionInput } from '../src/machines/session.machine';
import '../src/app/styles.css';

const CATALOGS: Record<Locale, Record<string, string>> = { mr, en, hi };

export type SessionParameter = { logic?: typeof sessionMachine; input?: SessionInput };

const withProviders: Decorator = (Story, { globals, parameters }) => {
  const locale: Locale = isLocale(globals.locale) ? globals.locale : 'mr';
  const route = (parameters.route as string | undefined) ?? '/';
  const [path, search = ''] = route.split('?');
  const location = memoryLocation({ path, searchPath: search });
  const session = parameters.session as SessionParameter | undefined;
  const story = (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Story />
    </Router>
  );
  return (
    <IntlProvider locale={INTL_TAG[locale]} messages={CATALOGS[locale]}>
      {session ? (
        <SessionContext.Provider logic={session.logic ?? sessionMachine} options={{ input: session.input ?? { stored: null } }}>
          {story}
        </SessionContext.Provider>
      ) : (
        story
      )}
    </IntlProvider>
  );
};

const preview: Preview = {
  decorators: [withProviders],
  initialGlobals: { locale: 'mr' },
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: { icon: 'globe', items: [{ value: 'mr', title: 'मराठी' }, { value: 'en', title: 'English' }, { value: 'hi', title: 'हिंदी' }] },
    },
  },
  parameters: { layout: 'fullscreen' },
  // Many stories hand their view an XState machine as the `logic` arg. A machine is not JSON (it refers to itself):
  // with its type declared, Storybook does not walk it to infer a control (that walk warned "cycle in arg" once
  // per story render, thousands of lines in a test run), and it gets no control, which it could not use anyway.
  argTypes: { logic: { control: false, type: { name: 'other', value: 'XState machine' } } },
};

export default preview;
