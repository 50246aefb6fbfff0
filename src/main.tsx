import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { AppProviders } from '@/app/AppProviders';
import { IntlRoot } from '@/i18n/IntlRoot';
import { loadCatalog } from '@/i18n/catalogs';
import { DEFAULT_LOCALE } from '@/i18n/locales';
import { prefs } from '@/stores/prefs';
import '@/app/styles.css';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <IntlRoot>
      <AppProviders>
        <App />
      </AppProviders>
    </IntlRoot>,
  );

// The first paint is in the person's language: its catalog (Marathi is preloaded by index.html) comes
// first. Should it fail (offline without a cached copy), Marathi, else the messages' own defaults.
loadCatalog(prefs.locale)
  .catch(() => loadCatalog(DEFAULT_LOCALE))
  .catch(() => undefined)
  .finally(render);
