/**
 * Issue 14: charts readable on phones and maps that open on their pins. The chart parts measured here
 * (tick counts, a single reading in words) and the map's pure parts (camera for pins, typed coordinates);
 * tests/e2e/phoneLayout.e2e.ts checks the drawn sizes in chromium at 360 px.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import mr from '@/i18n/messages/mr.json';
import { SensorTimelineChart } from '@/views/charts/SensorTimelineChart';
import { atMost, labelWidth, tickCount } from '@/views/charts/useChartWidth';
import { cameraFor, parseCoordinates, SINGLE_PIN_ZOOM } from '@/views/map/pinBounds';

describe('chart ticks', () => {
  it('fit the width they are given: fewer labels on a phone, at most the maximum on a desktop', () => {
    const time = labelWidth('00:00');
    expect(tickCount(256, time)).toBeLessThanOrEqual(5);
    expect(tickCount(256, time) * (time + 16)).toBeLessThanOrEqual(256);
    expect(tickCount(1200, time, 8)).toBe(8);
    expect(tickCount(40, time)).toBe(2);
    expect(atMost([1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([1, 4, 7]);
  });
});

describe('the 7-day timeline', () => {
  const wrap = (ui: React.ReactNode) => render(<IntlProvider locale="mr" messages={mr}>{ui}</IntlProvider>);

  it('says a single reading in words with its value, instead of drawing a lone dot', () => {
    wrap(<SensorTimelineChart type="moisture" unitLabel="ओलावा (%)" readings={[{ timestamp: '2026-11-25T09:30:00Z', value: 30.25 }]} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText(/ओलावा \(%\): आतापर्यंत एकच नोंद आहे — 30.3/)).toBeInTheDocument();
  });

  it('draws two or more readings as a line in real pixels (no shrinking viewBox), with labels of at least 11 px', () => {
    const { container } = wrap(
      <SensorTimelineChart
        type="moisture"
        unitLabel="ओलावा (%)"
        readings={Array.from({ length: 7 * 24 }, (_, i) => ({ timestamp: new Date(Date.UTC(2026, 10, 18) + i * 3600_000).toISOString(), value: 30 + (i % 10) }))}
      />,
    );
    const svg = screen.getByRole('img', { name: 'ओलावा (%)' });
    const [, , w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    expect([Number(svg.getAttribute('width')), Number(svg.getAttribute('height'))]).toEqual([w, h]);
    const sizes = [...container.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
  });
});

describe('map camera', () => {
  it('fits every pin (their bounding box) and opens one pin at a field-sized zoom', () => {
    expect(cameraFor([])).toBeNull();
    expect(cameraFor([{ lat: 18.5, lng: 73.8 }])).toEqual({ kind: 'point', latitude: 18.5, longitude: 73.8, zoom: SINGLE_PIN_ZOOM });
    expect(cameraFor([{ lat: 18.5, lng: 73.8 }, { lat: 20.1, lng: 74.2 }, { lat: 19, lng: 72.9 }, { lat: Number.NaN, lng: 1 }])).toEqual({
      kind: 'bounds',
      bounds: [[72.9, 18.5], [74.2, 20.1]],
    });
  });
});

describe('typed coordinates', () => {
  it('accept decimal degrees (a comma for the point too) and name what is wrong with each box', () => {
    expect(parseCoordinates(' 18.5204 ', '73,8567')).toEqual({ position: { lat: 18.5204, lng: 73.8567 } });
    expect(parseCoordinates('-90', '180')).toEqual({ position: { lat: -90, lng: 180 } });
    expect(parseCoordinates('', '')).toEqual({ errors: { lat: 'latMissing', lng: 'lngMissing' } });
    expect(parseCoordinates('18°N', '1e3')).toEqual({ errors: { lat: 'latNumber', lng: 'lngNumber' } });
    expect(parseCoordinates('90.5', '-181')).toEqual({ errors: { lat: 'latRange', lng: 'lngRange' } });
  });
});
