import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { AppProviders } from '@/app/AppProviders';
import { IntlRoot } from '@/i18n/IntlRoot';
import { UpdatePrompt } from '@/views/ui/UpdatePrompt';
import '@/app/fonts.css';
import '@/app/styles.css';

createRoot(document.getElementById('root')!).render(
  <IntlRoot>
    <AppProviders>
      <App />
      {/* Registers the service worker for everyone and asks before a new version takes over. */}
      <UpdatePrompt />
    </AppProviders>
  </IntlRoot>,
);
