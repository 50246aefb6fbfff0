import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadMoreRoutes } from '@/app/App';
import { AppProviders } from '@/app/AppProviders';
import { IntlRoot } from '@/i18n/IntlRoot';
import { loadCatalog } from '@/i18n/catalogs';
import { DEFAULT_LOCALE } from '@/i18n/locales';
import { warmIntl } from '@/i18n/warmIntl';
import { isStaff } from '@/machines/roles';
import { loadSession } from '@/services/sessionStore';
import { lazyRetry } from '@/shared/lazyRetry';
import { whenPageLoaded } from '@/shared/pageIdle';
import { prefs } from '@/stores/prefs';
// The farmer home's first paint (the home switch, the farmer home, the header and its parts) is in this entry chunk,
// not in chunks of its own (issue 17's 100 KB: gzip compresses each file alone, and every chunk boundary costs
// import/export and preload lists); index.html preloaded those chunks on every page anyway. The router's lazy views
// find them here (shared/lazyRetry).
import { loadStaffHome } from '@/views/home/HomeView';
import '@/views/farmer/FarmerHomeView';
import '@/app/fonts.css';
import '@/app/styles.css';

// The service worker's registration and its 'new version' prompt come once the page has loaded (not at idle + 3 s: a
// first visit that goes offline seconds later must have it); the precache downloads in the worker (docs/offline.md).
const UpdatePrompt = lazyRetry(() => import('@/views/ui/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

function WhenPageIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => void whenPageLoaded().then(() => setIdle(true)), []);
  return idle ? children : null;
}

// A signed-in staff member opening / lands on a dashboard: its chunk downloads beside the catalog.
if (window.location.pathname === '/' && isStaff(loadSession().user?.role)) {
  loadStaffHome().catch(() => undefined);
} else if (window.location.pathname !== '/' && window.location.pathname !== '/login') {
  // Any other screen is in the route table's second part: it downloads beside the catalog too.
  loadMoreRoutes().catch(() => undefined);
}

// The first render is a transition: React renders it in slices and yields between them, so a slow phone's main
// thread has no single long task for the whole tree (total blocking time).
const render = () =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <IntlRoot>
        <AppProviders>
          <App />
          {/* Registers the service worker for everyone and asks before a new version takes over. */}
          <WhenPageIdle>
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          </WhenPageIdle>
        </AppProviders>
      </IntlRoot>,
    ),
  );

// The first paint is in the person's language: its catalog (Marathi is preloaded by index.html) comes
// first. Should it fail (offline without a cached copy), Marathi, else the messages' own defaults.
warmIntl(prefs.locale);
loadCatalog(prefs.locale)
  .catch(() => loadCatalog(DEFAULT_LOCALE))
  .catch(() => undefined)
  .finally(render);
