/** The staff model tests render with English defaults (the catalogs' English equals the defaults). */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';

export { deferred, type Deferred } from '../../support/deferred';

export function renderEn(ui: ReactElement) {
  return render(
    <IntlProvider locale="en" defaultLocale="en" onError={() => {}}>
      {ui}
    </IntlProvider>,
  );
}
