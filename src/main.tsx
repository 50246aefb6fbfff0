import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { AppProviders } from '@/app/AppProviders';
import { IntlRoot } from '@/i18n/IntlRoot';
import '@/app/styles.css';

createRoot(document.getElementById('root')!).render(
  <IntlRoot>
    <AppProviders>
      <App />
    </AppProviders>
  </IntlRoot>,
);
