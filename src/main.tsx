import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { AppProviders } from '@/app/AppProviders';
import { IntlRoot } from '@/i18n/IntlRoot';
import { loadCatalog } from '@/i18n/catalogs';
import { DEFAULT_LOCALE } from '@/i18n/locales';
import { prefs } from '@/stores/prefs';
import '@/app/fonts.css';
import '@/app/styles.css';

// The service worker's registration and its 'new version' prompt come after the first paint (farmer budget).
const UpdatePrompt = lazy(() => import('@/views/ui/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <IntlRoot>
      <AppProviders>
        <App />
        {/* Registers the service worker for everyone and asks before a new version takes over. */}
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      </AppProviders>
    </IntlRoot>,
  );

// The first paint is in the person's language: its catalog (Marathi is preloaded by index.html) comes
// first. Should it fail (offline without a cached copy), Marathi, else the messages' own defaults.
loadCatalog(prefs.locale)
  .catch(() => loadCatalog(DEFAULT_LOCALE))
  .catch(() => undefined)
  .finally(render);
