/** Generated path tests over the decision-support statechart (with its parallel weather/insights), driven on the real view. */
import { act, fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { fdssMachine } from '@/machines/fdss.machine';
import { FdssContext } from '@/machines/fdss.context';
import type { FieldChoice, Insight, WeatherNow } from '@/services/fdss';
import { FarmDecisionSupport } from '@/views/tools/fdss/FarmDecisionSupport';
import { deferred, describeModel, leafValues, modelPaths, renderView } from '../support/modelHarness';

const FIELDS: FieldChoice[] = [
  { _id: 'a1', fieldId: 'FLD000001ABC', name: 'North plot' },
  { _id: 'a2', fieldId: 'FLD000002XYZ', name: 'River plot' },
];
const WEATHER: WeatherNow = { temperature: 29.4, humidity: 71, rainChance: 40, rainMmNext48h: 3, maxTemperatureNext3d: 32, estimated: true, source: 'seasonal-estimate', at: '2026-07-15T06:00:00Z' };
const INSIGHTS: Insight[] = [
  { id: 'irrigate-now', type: 'alert', priority: 'high', message: { english: 'Irrigate today.', marathi: 'आजच पाणी द्या.', hindi: 'आज ही सिंचाई करें।' }, basis: { moisture: 18 }, timestamp: '2026-07-15T06:00:00.000Z' },
  { id: 'no-spray', type: 'recommendation', priority: 'low', message: { english: 'Postpone spraying.', marathi: 'फवारणी पुढे ढकला.', hindi: 'छिड़काव टालें।' }, basis: { rainChance: 75 }, timestamp: '2026-07-15T06:00:00.000Z' },
];

const EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadFields', output: FIELDS },
  { type: 'xstate.done.actor.loadFields', output: [] },
  { type: 'xstate.error.actor.loadFields', error: new Error('offline') },
  { type: 'fdss.fieldChosen', fieldId: 'FLD000002XYZ' },
  { type: 'xstate.done.actor.loadWeather', output: WEATHER },
  { type: 'xstate.error.actor.loadWeather', error: new Error('503') },
  { type: 'xstate.done.actor.loadInsights', output: INSIGHTS },
  { type: 'xstate.done.actor.loadInsights', output: [] },
  { type: 'xstate.error.actor.loadInsights', error: new Error('503') },
];
const paths = modelPaths(fdssMachine, { events: EVENTS });

const weatherHeading = () => screen.queryByRole('heading', { name: 'Weather' });
const ASSERT: Record<string, () => void> = {
  loadingFields: () => expect(screen.getByRole('status')).toHaveTextContent('Loading fields…'),
  noFields: () => {
    expect(screen.getByText('No fields available. Please contact the administrator.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  },
  'ready.choosing': () => {
    expect(screen.getByText('Please choose a field')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'North plot (FLD000001ABC)' })).toBeInTheDocument();
  },
  'ready.field.weather.loading': () => expect(screen.getByText('Loading weather…')).toBeInTheDocument(),
  'ready.field.weather.shown': () => {
    expect(screen.getByTestId('weather-temperature')).toHaveTextContent('29.4 °C');
    expect(screen.getByTestId('weather-humidity')).toHaveTextContent('71 %');
    expect(screen.getByTestId('weather-rain')).toHaveTextContent('40 %');
    expect(screen.getByText(/no live forecast/)).toBeInTheDocument();
  },
  'ready.field.weather.cleared': () => expect(weatherHeading()).toBeNull(),
  'ready.field.insights.loading': () => expect(screen.getByText('Loading advice…')).toBeInTheDocument(),
  'ready.field.insights.shown': () => {
    const items = screen.queryAllByRole('listitem');
    if (items.length === 0) return expect(screen.getByText('No insights available')).toBeInTheDocument();
    expect(items[0]).toHaveAttribute('data-priority', 'high');
    expect(items[0]).toHaveTextContent('Irrigate today.');
    expect(screen.getByRole('img', { name: 'Alert' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Recommendation' })).toBeInTheDocument();
    // Indian English medium date and short time (spec), on the app's 24-hour clock: no AM/PM.
    expect(items[0].querySelector('time')).toHaveTextContent(
      new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(INSIGHTS[0].timestamp)),
    );
    expect(items[0].querySelector('time')?.textContent).not.toMatch(/[AP]M/i);
  },
  // Spec: on advice failure the insights are cleared and the loading message stays.
  'ready.field.insights.failed': () => {
    expect(screen.getByText('Loading advice…')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  },
};

describeModel('decision support model', {
  paths,
  events: EVENTS,
  machine: fdssMachine,
  states: Object.keys(ASSERT),
  render: () => {
    const pending = { fields: deferred<FieldChoice[]>(), weather: deferred<WeatherNow>(), insights: deferred<Insight[]>() };
    const asked: string[] = [];
    const logic = fdssMachine.provide({
      actors: {
        loadFields: fromPromise(() => (pending.fields = deferred<FieldChoice[]>()).promise),
        loadWeather: fromPromise(({ input }: { input: { fieldId: string } }) => (asked.push(input.fieldId), (pending.weather = deferred<WeatherNow>()).promise)),
        loadInsights: fromPromise(() => (pending.insights = deferred<Insight[]>()).promise),
      },
      actions: { logError: () => {} },
    });
    renderView(
      <FdssContext.Provider logic={logic}>
        <FarmDecisionSupport />
      </FdssContext.Provider>,
    );
    return {
      exec: {
        'xstate.init': () => {},
        'xstate.done.actor.loadFields': (e: AnyEventObject) => act(async () => pending.fields.resolve(e.output)),
        'xstate.error.actor.loadFields': (e: AnyEventObject) => act(async () => pending.fields.reject(e.error)),
        // The user picks a field other than the one shown.
        'fdss.fieldChosen': () => {
          const select = screen.getByRole('combobox') as HTMLSelectElement;
          const other = [...select.options].filter((o) => o.value && o.value !== select.value).at(-1)!;
          fireEvent.change(select, { target: { value: other.value } });
        },
        'xstate.done.actor.loadWeather': (e: AnyEventObject) => act(async () => pending.weather.resolve(e.output)),
        'xstate.error.actor.loadWeather': (e: AnyEventObject) => act(async () => pending.weather.reject(e.error)),
        'xstate.done.actor.loadInsights': (e: AnyEventObject) => act(async () => pending.insights.resolve(e.output)),
        'xstate.error.actor.loadInsights': (e: AnyEventObject) => act(async () => pending.insights.reject(e.error)),
      },
      check: (step) => {
        for (const leaf of leafValues(step.state.value)) ASSERT[leaf]();
        if (step.event.type === 'xstate.error.actor.loadFields') {
          // Spec: three sample plots, plot1 selected, and its advice is asked for.
          expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Plot 1 (plot1)', 'Plot 2 (plot2)', 'Plot 3 (plot3)']);
          expect(screen.getByRole('combobox')).toHaveValue('plot1');
          expect(asked.at(-1)).toBe('plot1');
        }
      },
    };
  },
});
