import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { gpsMappingMachine, type FieldLocation, type GpsLoaded, type NewLocation, type Position, type Station, type Surroundings } from '@/machines/gpsMapping.machine';
import { sessionMachine } from '@/machines/session.machine';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import { GpsFieldMappingView } from './GpsFieldMappingView';

const session = { logic: sessionMachine.provide({ actors: storySessionActors }), input: signedIn(demoUser('coordinator')) };

const loc = (id: string, name: string, lng: number, lat: number, extra: Partial<FieldLocation> = {}): FieldLocation => ({
  _id: `g-${id}`, fieldId: id, name, status: 'active', location: { type: 'Point', coordinates: [lng, lat] },
  area: { value: 2.5, unit: 'acres' }, elevation: { value: 560, unit: 'meters' }, soilType: 'loam', irrigationType: 'drip',
  metadata: { village: 'वाघोली', district: 'पुणे' }, accuracy: 95, lastSurvey: { date: '2026-11-20T08:00:00.000Z', method: 'mobile_gps' }, ...extra,
});
const station = (n: number): Station => ({
  _id: `s-${n}`, stationId: `ST-${n}`, name: `केंद्र ${n}`, location: { type: 'Point', coordinates: [73.9 + n / 100, 18.5] },
  temperature: 28 + n, humidity: 60, observedAt: null, distanceKm: n * 3,
});
const CHOICES = [{ _id: 'f-3', fieldId: 'FLD000003CCC', name: 'टेकडी शेत', farmerId: 'u-1', lat: null, lng: null }];
const LOADED: GpsLoaded = { locations: [loc('f-1', 'उत्तर शेत', 73.91, 18.58), loc('f-2', 'नदी शेत', 73.95, 18.6, { soilType: 'clay' })], fields: CHOICES, stats: { totalFields: 2, totalArea: 5, avgElevation: 560 } };
const AROUND: Surroundings = { nearby: [1, 2, 3, 4].map((n) => ({ ...loc(`n-${n}`, `जवळचे शेत ${n}`, 73.9, 18.5), distanceKm: n })), stations: [1, 2, 3, 4].map(station) };
const DEVICE: Position = { longitude: 73.9, latitude: 18.57 };

const add = fn<(draft: NewLocation) => Promise<FieldLocation>>();
const gps = (o: { load?: () => Promise<GpsLoaded>; locate?: () => Promise<Position>; around?: Surroundings } = {}) =>
  gpsMappingMachine.provide({
    actors: {
      load: fromPromise(o.load ?? (async () => LOADED)),
      locate: fromPromise(o.locate ?? (async () => DEVICE)),
      survey: fromPromise(async () => o.around ?? AROUND),
      add: fromPromise(({ input }) => add(input)),
      update: fromPromise(async () => loc('f-1', 'उत्तर शेत', 73.9, 18.57)),
    },
  });

const meta = {
  title: 'Fields/GpsFieldMappingView',
  component: GpsFieldMappingView,
  args: { logic: gps() },
  parameters: { session, route: '/gps-field-mapping' },
  beforeEach: () => {
    add.mockReset().mockImplementation(async (d) => loc(d.fieldId, d.name, d.coordinates[0], d.coordinates[1]));
  },
} satisfies Meta<typeof GpsFieldMappingView>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const statValue = (canvas: Canvas, key: keyof typeof mr) =>
  [...canvas.getByRole('main').querySelectorAll('.stat')].find((x) => x.querySelector('.stat-label')!.textContent === mr[key])!.querySelector('.stat-value');

/** Totals, the device position, 'Your Fields', and the first three nearby fields and stations. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('उत्तर शेत')).toBeInTheDocument();
    await expect(statValue(canvas, 'gps.stat.fields')).toHaveTextContent(/^2$/);
    await expect(statValue(canvas, 'gps.stat.area')).toHaveTextContent(/^5$/);
    await expect(statValue(canvas, 'gps.stat.elevation')).toHaveTextContent(/^560$/);
    await waitFor(() => expect(statValue(canvas, 'gps.stat.stations')).toHaveTextContent(/^4$/));
    await expect(canvas.getByText(mr['gps.position.device'].replace('{lat}', '18.57').replace('{lng}', '73.9'))).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: `${mr['gps.updateGps']}: नदी शेत` })).toBeEnabled();
    await expect(canvas.getByText('जवळचे शेत 3')).toBeInTheDocument();
    await expect(canvas.queryByText('जवळचे शेत 4')).toBeNull();
    await expect(canvas.getByText('केंद्र 3')).toBeInTheDocument();
    await expect(canvas.queryByText('केंद्र 4')).toBeNull();
  },
};

/** Nothing mapped, location refused: the fallback position and every empty text. */
export const EmptyWithFallback: Story = {
  args: { logic: gps({ load: async () => ({ locations: [], fields: CHOICES, stats: null }), locate: () => Promise.reject(new Error('denied')), around: { nearby: [], stations: [] } }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['gps.empty.title'])).toBeInTheDocument();
    await expect(canvas.getByText(mr['gps.stat.unknown'])).toBeInTheDocument();
    await expect(statValue(canvas, 'gps.stat.fields')).toHaveTextContent('--');
    await expect(await canvas.findByText(mr['gps.position.fallback'].replace('{lat}', '19.076').replace('{lng}', '72.8777'))).toBeInTheDocument();
    await expect(await canvas.findByText(mr['gps.nearby.empty'])).toBeInTheDocument();
    await expect(canvas.getByText(mr['gps.stations.empty'])).toBeInTheDocument();
  },
};

export const FetchFailed: Story = {
  args: { logic: gps({ load: () => Promise.reject(new Error('500')) }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['gps.fetchFailed']);
  },
};

/** Add Field Location: an incomplete form is refused with its message; a complete one is sent and confirmed. */
export const AddLocation: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText('उत्तर शेत');
    await userEvent.click(canvas.getByRole('button', { name: mr['gps.add.open'] }));
    const dialog = within(await canvas.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: mr['gps.add.save'] }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(mr['gps.add.invalid']);
    await expect(add).not.toHaveBeenCalled();
    const form = canvas.getByRole('dialog');
    await userEvent.selectOptions(form.querySelector('[name="fieldId"]') as HTMLSelectElement, 'f-3');
    await userEvent.type(form.querySelector('[name="name"]') as HTMLInputElement, 'टेकडी शेत');
    await userEvent.click(dialog.getByRole('button', { name: mr['gps.add.save'] }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(mr['gps.added']);
    // The position found is the default for a new location.
    await expect(add).toHaveBeenCalledWith(expect.objectContaining({ fieldId: 'f-3', name: 'टेकडी शेत', coordinates: [73.9, 18.57] }));
  },
};

/** View Details of a mapped field. */
export const Details: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: `${mr['gps.viewDetails']}: उत्तर शेत` }));
    const dialog = await canvas.findByRole('dialog');
    await expect(dialog).toHaveTextContent(`${mr['gps.details.title']}: उत्तर शेत`);
    await expect(dialog).toHaveTextContent(`${mr['gps.details.accuracy']}95%`);
    await userEvent.click(within(dialog).getByRole('button', { name: mr['gps.close'] }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

/** View Map draws maplibre (WebGL): browser only. */
export const ViewMap: Story = {
  tags: ['skip-jsdom'],
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: mr['gps.map.open'] }));
    await expect(await canvas.findByRole('dialog')).toHaveTextContent(mr['gps.map.title']);
  },
};
