/** The farmer home's tiles and sensor notice say how old each value is and never show an old one as current. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import en from '@/i18n/messages/en.json';
import mr from '@/i18n/messages/mr.json';
import type { LatestReading } from '@/machines/farmerHome.machine';
import { ReadingTiles } from '@/views/farmer/ReadingTiles';
import { SilentSensors } from '@/views/farmer/SilentSensors';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ago = (min: number) => new Date(NOW - min * 60_000).toISOString();
const LATEST: LatestReading = {
  moisture: 35, temperature: 28, timestamp: ago(12), moistureAt: ago(180), temperatureAt: ago(12), staleAfterMinutes: 120,
  silentSensors: [{ sensorId: 'SM-MS-1', type: 'moisture', lastSeenAt: ago(180) }],
};
const inLanguage = (locale: string, messages: Record<string, string>, ui: React.ReactNode) =>
  render(<IntlProvider locale={locale} messages={messages} onError={() => {}}>{ui}</IntlProvider>);

describe('reading tiles', () => {
  it('mark a value older than the offline limit as an old reading, with its age', () => {
    inLanguage('en', en, <ReadingTiles latest={LATEST} now={NOW} />);
    const moisture = screen.getByTestId('tile-moisture');
    expect(moisture).toHaveAttribute('data-stale', 'true');
    expect(moisture).toHaveClass('tile-stale');
    expect(moisture).toHaveTextContent('35%Old reading · 3 hours ago');
    const temperature = screen.getByTestId('tile-temperature');
    expect(temperature).not.toHaveAttribute('data-stale');
    expect(temperature).toHaveClass('tile-good');
    expect(temperature).toHaveTextContent('28°C12 minutes ago');
    expect(temperature.querySelector('time')).toHaveAttribute('dateTime', ago(12));
  });

  it('speak Marathi in a Marathi screen', () => {
    inLanguage('mr-IN', mr, <ReadingTiles latest={LATEST} now={NOW} />);
    expect(screen.getByTestId('tile-moisture')).toHaveTextContent('जुनी नोंद · 3 तासांपूर्वी');
    expect(screen.getByTestId('tile-temperature')).toHaveTextContent('12 मिनिटांपूर्वी');
  });

  it('show no age without a value', () => {
    inLanguage('en', en, <ReadingTiles latest={null} now={NOW} />);
    expect(screen.getByTestId('tile-moisture')).toHaveTextContent(/^Soil moisture--$/);
    expect(screen.getByTestId('tile-moisture').querySelector('.tile-age')).toBeInTheDocument();
  });
});

describe('silent sensors', () => {
  it('name the sensor that stopped reporting and when it last did', () => {
    inLanguage('mr-IN', mr, <SilentSensors latest={LATEST} now={NOW} />);
    expect(screen.getByRole('status')).toHaveTextContent('ओलावा सेन्सर SM-MS-1 कडून माहिती येत नाही: शेवटची नोंद 3 तासांपूर्वी. कृपया सेन्सर तपासा.');
  });

  it('say nothing when every sensor reports', () => {
    const { container } = inLanguage('en', en, <SilentSensors latest={{ ...LATEST, silentSensors: [] }} now={NOW} />);
    expect(container).toBeEmptyDOMElement();
  });
});
