/**
 * The land report starts from the user's own field: a farmer opening it finds the form filled from their first
 * field (location, coordinates, the last soil test) and can pick another field or none. Staff pick a field themselves; a failed load leaves the form empty and says so.
 * The two calls (GET /fields, GET /fields/:id) are faked at the machine's actors; the screen is the real one.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { landFieldsMachine, prefillFrom } from '@/machines/landFields.machine';
import { LandFieldsContext } from '@/machines/landFields.context';
import { NdviContext } from '@/machines/ndviRegistration.context';
import { ndviRegistrationMachine } from '@/machines/ndviRegistration.machine';
import type { FieldChoice, FieldDetail } from '@/services/fields';
import { LandReportFromField } from '@/views/tools/LandReportView';
import { renderView } from '../support/modelHarness';

const choice = (id: string, name: string): FieldChoice => ({ _id: id, fieldId: `FLD-${id}`, name, farmerId: 'farmer-1', lat: null, lng: null });
const detail = (over: { soil?: Partial<NonNullable<FieldDetail['soilInfo']>> | null; village?: string | null; lat?: number | null; lng?: number | null }) =>
  ({
    location: {
      coordinates: { lat: over.lat ?? null, lng: over.lng ?? null },
      address: { state: 'Maharashtra', district: 'Pune', village: over.village ?? null, pincode: null, fullAddress: null },
      area: { value: 2.5, unit: 'acres' },
    },
    soilInfo: over.soil === null ? null : { type: 'black', ph: null, organicMatter: null, nitrogen: null, phosphorus: null, potassium: null, lastTested: null, ...over.soil },
  }) as unknown as FieldDetail;

const DETAILS: Record<string, FieldDetail> = {
  a: detail({ soil: { ph: 7.4, nitrogen: 260, phosphorus: 18.5, potassium: 310, organicMatter: 0.8 }, village: 'Shirur', lat: 18.8268, lng: 74.3735 }),
  b: detail({ soil: null, village: null, lat: 19.1, lng: 74.7 }),
};

function renderFor(opts: { autoPick: boolean; failList?: boolean }) {
  const calls: string[] = [];
  const fields = landFieldsMachine.provide({
    actors: {
      loadList: fromPromise(async () => {
        calls.push('list');
        if (opts.failList) throw new Error('offline');
        return [choice('a', 'Upper plot'), choice('b', 'River plot')];
      }),
      loadField: fromPromise(async ({ input }: { input: string }) => (calls.push(`field ${input}`), DETAILS[input])),
    },
  });
  renderView(<NdviContext.Provider logic={ndviRegistrationMachine}>
      <LandFieldsContext.Provider logic={fields} options={{ input: { autoPick: opts.autoPick } }}>
        <LandReportFromField />
      </LandFieldsContext.Provider>
    </NdviContext.Provider>);
  return { calls };
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const form = () => ({
  ph: value('pH (6.0 – 8.0 is usual)'),
  nitrogen: value('Nitrogen N (kg/ha)'),
  phosphorus: value('Phosphorus P (kg/ha)'),
  potassium: value('Potassium K (kg/ha)'),
  organicMatter: value('Organic matter (%)'),
  location: value('Location (village, district)'),
  lat: value('Latitude'),
  lon: value('Longitude'),
});
const EMPTY = { ph: '', nitrogen: '', phosphorus: '', potassium: '', organicMatter: '', location: '', lat: '', lon: '' };

describe('land report: starts from the user\'s field', () => {
  it('maps a field to the form: only what is recorded', () => {
    expect(prefillFrom(DETAILS.a)).toEqual({ ph: '7.4', nitrogen: '260', phosphorus: '18.5', potassium: '310', organicMatter: '0.8', location: 'Shirur, Pune', lat: '18.8268', lon: '74.3735' });
    expect(prefillFrom(DETAILS.b)).toEqual({ location: 'Pune', lat: '19.1', lon: '74.7' });
  });

  it('a farmer finds the form filled from their first field, and can pick another or none', async () => {
    const { calls } = renderFor({ autoPick: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your field…');
    await screen.findByLabelText('Field');
    expect(calls).toEqual(['list', 'field a']);
    expect((screen.getByLabelText('Field') as HTMLSelectElement).value).toBe('a');
    expect(form()).toEqual({ ph: '7.4', nitrogen: '260', phosphorus: '18.5', potassium: '310', organicMatter: '0.8', location: 'Shirur, Pune', lat: '18.8268', lon: '74.3735' });
    expect(screen.getByText(/Filled in from the field Upper plot/)).toBeInTheDocument();

    // The farmer corrects a value; it is theirs to change.
    fireEvent.change(screen.getByLabelText('pH (6.0 – 8.0 is usual)'), { target: { value: '7.1' } });
    expect(form().ph).toBe('7.1');

    await act(async () => fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'b' } }));
    await screen.findByText(/Filled in from the field River plot/);
    expect(calls).toEqual(['list', 'field a', 'field b']);
    expect(form()).toEqual({ ...EMPTY, location: 'Pune', lat: '19.1', lon: '74.7' });

    await act(async () => fireEvent.change(screen.getByLabelText('Field'), { target: { value: '' } }));
    expect(form()).toEqual(EMPTY);
    expect(screen.queryByText(/Filled in from the field/)).toBeNull();
  });

  it('staff see their fields to pick from, and an empty form until they pick', async () => {
    const { calls } = renderFor({ autoPick: false });
    await screen.findByLabelText('Field');
    expect(calls).toEqual(['list']);
    expect(form()).toEqual(EMPTY);
  });

  it('a failed load leaves the form empty and says so', async () => {
    renderFor({ autoPick: true, failList: true });
    await screen.findByText('Your field could not be loaded. Please type the values from your soil health card.');
    expect(screen.queryByLabelText('Field')).toBeNull();
    expect(form()).toEqual(EMPTY);
  });
});
