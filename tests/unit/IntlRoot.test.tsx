/** The locale comes from the prefs store; Marathi by default, other catalogs loaded on demand. */
import { act, render, screen } from '@testing-library/react';
import { defineMessages, useIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { IntlRoot } from '@/i18n/IntlRoot';
import { prefs, setLocale } from '@/stores/prefs';

const m = defineMessages({ loading: { id: 'app.loading', defaultMessage: 'Loading…' } });

function Probe() {
  const intl = useIntl();
  return <p>{intl.formatMessage(m.loading)}</p>;
}

afterEach(() => {
  prefs.locale = 'mr';
});

describe('IntlRoot', () => {
  it('speaks Marathi by default and switches language when the preference changes', async () => {
    render(
      <IntlRoot>
        <Probe />
      </IntlRoot>,
    );
    expect(screen.getByText('लोड होत आहे…')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('mr');

    act(() => setLocale('en'));
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(JSON.parse(localStorage.getItem('shetmitra.prefs')!)).toEqual({ locale: 'en' });

    act(() => setLocale('hi'));
    expect(await screen.findByText('लोड हो रहा है…')).toBeInTheDocument();
    await expect.poll(() => document.documentElement.lang).toBe('hi');
  });
});
