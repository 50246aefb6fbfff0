/** Generated path tests over the NDVI registration statechart, driven through the land report screen. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { ndviRegistrationMachine } from '@/machines/ndviRegistration.machine';
import { summariseNdvi } from '../../server/src/domain/land/ndviSummary';
import type { NdviTimeseriesResponse } from '@/services/land';
import { NDVI } from './fixtures/landReport';
import { renderLandReport } from './landReport.support';
import { startApiServer } from '../support/apiServer';
import { deferred, describeModel, modelPaths, serializeWith } from '../support/modelHarness';

// The summary as the server computes it: the screen prints the server's rounding, the same numbers as the PDF.
const { latest, average30d } = summariseNdvi(NDVI);
const SERIES: NdviTimeseriesResponse = { fieldId: 'ndvi-1', ndvi: NDVI, summary: { latest, average30d }, estimated: true, source: 'crop-calendar-estimate' };
const EVENTS: AnyEventObject[] = [
  { type: 'ndvi.fetch', lat: '', lon: '73.86' },
  { type: 'ndvi.fetch', lat: '18.52', lon: '73.86' },
  { type: 'ndvi.fetch', lat: '19.1', lon: '74.7' },
  { type: 'xstate.done.actor.register', output: 'ndvi-1' },
  { type: 'xstate.error.actor.register', error: new Error('Field registration failed') },
  { type: 'xstate.done.actor.timeseries', output: SERIES },
  { type: 'xstate.error.actor.timeseries', error: new Error('Service temporarily unavailable') },
];
const paths = modelPaths(ndviRegistrationMachine, {
  events: EVENTS,
  serializeState: serializeWith((c: { registration: { lat: number } | null }) => c.registration?.lat ?? null),
});

const fetchButton = () => screen.getByRole('button', { name: /Fetch(ing)? NDVI/ });
const ASSERT: Record<string, () => void> = {
  idle: () => {
    expect(fetchButton()).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Satellite vegetation index (NDVI)' })).toBeNull();
  },
  registering: () => expect(screen.getByRole('button', { name: 'Fetching NDVI…' })).toBeDisabled(),
  fetching: () => expect(screen.getByRole('button', { name: 'Fetching NDVI…' })).toBeDisabled(),
  ready: () => {
    expect(screen.getByTestId('ndvi-latest').textContent).toBe('27 Aug 2026: 0.6422 Aug 2026: 0.6117 Aug 2026: 0.58');
    expect(screen.getByTestId('ndvi-average')).toHaveTextContent('30-day average: 0.59');
    expect(screen.getByRole('img', { name: 'NDVI trend, scale 0 to 1' })).toBeInTheDocument();
    expect(screen.getByText(/not measured by satellite/)).toBeInTheDocument();
  },
  failed: () => {
    expect(fetchButton()).toBeEnabled();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  },
};

describeModel('NDVI registration model', {
  paths,
  events: EVENTS,
  machine: ndviRegistrationMachine,
  states: Object.keys(ASSERT),
  render: () => {
    const pending = { register: deferred<string>(), series: deferred<NdviTimeseriesResponse>() };
    const registered: string[] = [];
    const logic = ndviRegistrationMachine.provide({
      actors: {
        register: fromPromise(({ input }: { input: { lat: number; lon: number } }) => {
          registered.push(`${input.lat},${input.lon}`);
          return (pending.register = deferred<string>()).promise;
        }),
        timeseries: fromPromise(() => (pending.series = deferred<NdviTimeseriesResponse>()).promise),
      },
    });
    renderLandReport({ ndvi: logic });
    const registrations = new Map<string, string>();
    let lastCoords = '';
    const exec: Record<string, (e: AnyEventObject) => unknown> = {
      'xstate.init': () => {},
      'ndvi.fetch': (e) => {
        fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: e.lat } });
        fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: e.lon } });
        lastCoords = `${Number(e.lat)},${Number(e.lon)}`;
        fireEvent.click(fetchButton());
        if (e.lat === '') expect(screen.getByRole('alert')).toHaveTextContent('Please fill in latitude and longitude');
      },
      'xstate.done.actor.register': (e) => act(async () => (registrations.set(lastCoords, e.output), pending.register.resolve(e.output))),
      'xstate.error.actor.register': async (e) => {
        await act(async () => pending.register.reject(e.error));
        expect(screen.getByRole('alert')).toHaveTextContent('Error while fetching NDVI: Field registration failed');
      },
      'xstate.done.actor.timeseries': async (e) => {
        await act(async () => pending.series.resolve(e.output));
        expect(screen.getByRole('alert')).toHaveTextContent('NDVI data received!');
      },
      'xstate.error.actor.timeseries': async (e) => {
        await act(async () => pending.series.reject(e.error));
        expect(screen.getByRole('alert')).toHaveTextContent(`Error while fetching NDVI: ${e.error.message}`);
      },
    };
    return {
      exec,
      check: (step) => ASSERT[String(step.state.value)](),
      // Registered at most once per coordinate pair that was successfully registered.
      done: () => {
        for (const coords of registrations.keys()) expect(registered.filter((r) => r === coords).length).toBe(1);
      },
    };
  },
});

describe('NDVI registration against the API', () => {
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const fetchAt = (lat: string, lon: string) => {
    type('Latitude', lat);
    type('Longitude', lon);
    fireEvent.click(fetchButton());
  };
  const alertSays = (text: string) => waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));

  it('registers a field once per coordinate pair, fetches its timeseries, and fetches again after a result or a failure', async () => {
    const registrations: { fieldId: string }[] = [{ fieldId: 'ndvi-1' }, { fieldId: '' }, { fieldId: 'ndvi-2' }];
    const series: number[] = [200, 503, 200, 200];
    const api = await startApiServer(({ method, path }) => {
      if (method === 'POST' && path === '/api/v1/ndvi/register-field') return { status: 200, body: { success: true, ...registrations.shift() } };
      if (path === '/api/v1/ndvi/timeseries') {
        const status = series.shift()!;
        return status === 200 ? { status, body: SERIES } : { status, body: { statusCode: status, error: 'Service Unavailable', message: 'Service temporarily unavailable' } };
      }
      return { status: 404 };
    });
    try {
      renderLandReport();
      const registered = () => api.calls('/ndvi/register-field').map((r) => r.body);
      const fetched = () => api.calls('/ndvi/timeseries').map((r) => r.query.fieldId);
      fetchAt('18.52', '73.86');
      await alertSays('NDVI data received!');
      expect(screen.getByTestId('ndvi-average')).toHaveTextContent('30-day average: 0.59');
      expect(registered()).toEqual([{ lat: 18.52, lon: 73.86, radius: 500, name: 'My Farm' }]);
      expect(fetched()).toEqual(['ndvi-1']);
      // Another latitude on the same longitude is another field: registered again (the server gives no id: failed).
      fetchAt('19.1', '73.86');
      await alertSays('Error while fetching NDVI: Field registration failed');
      expect(fetchButton()).toBeEnabled();
      expect(registered()).toHaveLength(2);
      // Back to the registered pair after the failure: its id is reused, only the timeseries is asked for (and fails).
      fetchAt('18.52', '73.86');
      await alertSays('Error while fetching NDVI:');
      expect(fetchButton()).toBeEnabled();
      expect(registered()).toHaveLength(2);
      expect(fetched()).toEqual(['ndvi-1', 'ndvi-1']);
      // Another longitude on the same latitude: registered again.
      fetchAt('18.52', '74.7');
      await alertSays('NDVI data received!');
      expect(registered().at(-1)).toEqual({ lat: 18.52, lon: 74.7, radius: 500, name: 'My Farm' });
      expect(fetched()).toEqual(['ndvi-1', 'ndvi-1', 'ndvi-2']);
      // The same pair again after a result: no registration, the timeseries again.
      fireEvent.click(fetchButton());
      await waitFor(() => expect(fetched()).toEqual(['ndvi-1', 'ndvi-1', 'ndvi-2', 'ndvi-2']));
      await waitFor(() => expect(fetchButton()).toBeEnabled());
      expect(registered()).toHaveLength(3);
    } finally {
      await api.close();
    }
  });

  it('a report generated without NDVI sends no readings and does not call them estimated', async () => {
    const api = await startApiServer(() => ({ status: 503 }));
    try {
      const { container } = renderLandReport();
      for (const [name, value] of [['ph', '6.8'], ['nitrogen', '250'], ['phosphorus', '20'], ['potassium', '180']])
        fireEvent.change(container.querySelector(`input[name="${name}"]`)!, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
      await waitFor(() => expect(api.calls('/land/report')).toHaveLength(1));
      expect(api.calls('/land/report')[0].body).toMatchObject({ ndvi: [], ndviEstimated: false });
    } finally {
      await api.close();
    }
  });
});
