import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { FieldMonitoringContext } from '@/machines/fieldMonitoring.context';
import { fieldMonitoringMachine } from '@/machines/fieldMonitoring.machine';
import type { FieldDetail } from '../../../contracts/fields';
import { SERIES_COLOUR } from '../charts/SensorTimelineChart';
import { FieldMonitoring } from './FieldMonitoring';
import { storyFieldRow } from './fieldStoryFixtures';

const ROW = storyFieldRow(1, { fieldName: 'उत्तर शेत', owner: { name: 'रमेश पाटील' }, crop: 'wheat', area: 2.5 });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const FULL: FieldDetail = {
  _id: ROW._id,
  fieldId: ROW.fieldId,
  name: 'उत्तर शेत',
  status: 'alert',
  owner: { _id: '00000000-0000-4000-8000-000000000004', name: 'रमेश पाटील' },
  location: {
    coordinates: { lat: 18.52, lng: 73.85 },
    address: { state: 'महाराष्ट्र', district: 'पुणे', village: 'वडगाव', pincode: '412101', fullAddress: null },
    area: { value: 2.5, unit: 'acres' },
  },
  currentCrop: { name: 'wheat', variety: 'लोकवन', plantedDate: '2026-10-20', expectedHarvest: '2027-02-15', status: 'growing', yield: { expected: 18, actual: null, unit: 'quintal' } },
  soilInfo: { type: 'black', ph: 6.8, organicMatter: 1.2, nitrogen: 140, phosphorus: 22, potassium: 180, lastTested: '2026-09-01' },
  irrigation: { type: 'drip', automation: true, schedule: { frequency: 'daily', duration: 45, timeSlots: ['06:00', '18:00'] } },
  sensors: [{ sensorId: 'UTT-M-1', type: 'moisture', status: 'active' }],
  cropHistory: [{ crop: 'soybean', variety: 'JS-335', season: 'kharif', plantedDate: '2026-06-20', harvestedDate: '2026-10-05', yield: 9.5, yieldUnit: 'quintal', notes: 'चांगले पीक' }],
  financial: {
    investment: { seeds: 3200, fertilizers: 4500, pesticides: 1500, labor: 6000, irrigation: 800, other: 0 },
    revenue: { expected: 42000, actual: 39000 },
    profit: 23000,
  },
  notes: [{ content: 'ठिबक नळी तपासा', author: 'सुनील पवार', createdAt: '2026-11-01T08:00:00.000Z' }],
  lastSensorData: { moisture: 18.2, temperature: 31, timestamp: hoursAgo(1) },
};
const BARE: FieldDetail = { ...FULL, soilInfo: null, irrigation: null as unknown as FieldDetail['irrigation'], cropHistory: [], financial: null, notes: [] };
const TIMELINE = {
  sensors: [
    { type: 'moisture', readings: Array.from({ length: 24 }, (_, i) => ({ timestamp: hoursAgo(24 * 6 - i * 6), value: 30 - i * 0.5 })) },
    { type: 'temperature', readings: Array.from({ length: 24 }, (_, i) => ({ timestamp: hoursAgo(24 * 6 - i * 6), value: 24 + (i % 6) })) },
  ],
};

const logicWith = (detail: () => Promise<FieldDetail>, timeline: () => Promise<typeof TIMELINE>) =>
  fieldMonitoringMachine.provide({
    actors: {
      load: fromPromise(async () => ({ items: [ROW], totalPages: 1 })),
      loadDetail: fromPromise(detail) as never,
      loadTimeline: fromPromise(timeline) as never,
      watchReadings: fromCallback(() => () => {}) as never,
    },
  });

/** Field Details, opened from its card the way a user opens it. */
function Details({ logic }: { logic: typeof fieldMonitoringMachine }) {
  return (
    <FieldMonitoringContext.Provider logic={logic} options={{ input: { actorRole: 'coordinator' } }}>
      <FieldMonitoring />
    </FieldMonitoringContext.Provider>
  );
}

const open = async (canvas: ReturnType<typeof within>) => {
  await userEvent.click(await canvas.findByRole('button', { name: `${mr['fields.viewDetails']}: उत्तर शेत` }));
  return within(await canvas.findByRole('dialog', { name: mr['fields.details'] }, { timeout: 10_000 }));
};
const region = (d: ReturnType<typeof within>, key: keyof typeof mr) => d.getByRole('region', { name: mr[key] });

const meta = {
  title: 'Fields/FieldDetailsModal',
  component: Details,
  args: { logic: logicWith(async () => FULL, async () => TIMELINE) },
} satisfies Meta<typeof Details>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every section filled, in Marathi, and one chart per sensor type in its colour. */
export const FullDetail: Story = {
  play: async ({ canvas }) => {
    const d = await open(canvas);
    await expect(await d.findByRole('heading', { level: 3, name: 'उत्तर शेत' })).toBeInTheDocument();
    const dialog = d.getByRole('heading', { level: 3, name: 'उत्तर शेत' }).closest('[role="dialog"]') as HTMLElement;
    await expect(dialog).toHaveTextContent(`${mr['fields.owner']}रमेश पाटील`);
    await expect(dialog).toHaveTextContent(`${mr['fields.cropType']}${mr['crop.wheat']}`);
    await expect(dialog).toHaveTextContent(`${mr['fields.area']}2.5 ${mr['field.unit.acres']}`);
    const soil = region(d, 'fields.soil');
    await expect(soil).toHaveTextContent(`${mr['fields.soilType']}${mr['field.soil.black']}`);
    await expect(soil).toHaveTextContent(`${mr['fields.ph']}6.8`);
    await expect(soil).toHaveTextContent(`${mr['fields.potassium']}180`);
    const irrigation = region(d, 'fields.irrigation');
    await expect(irrigation).toHaveTextContent(`${mr['fields.irrigationType']}${mr['field.irrigation.drip']}`);
    await expect(irrigation).toHaveTextContent(`${mr['fields.automation']}${mr['fields.yes']}`);
    await expect(irrigation).toHaveTextContent(mr['fields.scheduleValue'].replace('{frequency}', mr['fields.frequency.daily']).replace('{duration}', '45'));
    const history = region(d, 'fields.cropHistory');
    await expect(history).toHaveTextContent(mr['crop.soybean']);
    await expect(history).toHaveTextContent(`9.5 ${mr['field.yield.quintal']}`);
    await expect(history).toHaveTextContent('चांगले पीक');
    const money = region(d, 'fields.financials');
    await expect(money).toHaveTextContent(`${mr['fields.seeds']}₹3,200`);
    await expect(money).toHaveTextContent(`${mr['fields.profit']}₹23,000`);
    await expect(region(d, 'fields.notes')).toHaveTextContent('ठिबक नळी तपासा — सुनील पवार');
    const timeline = region(d, 'fields.timeline');
    const moisture = await within(timeline).findByRole('img', { name: mr['fields.moistureAxis'] });
    const temperature = within(timeline).getByRole('img', { name: mr['fields.temperatureAxis'] });
    await expect(moisture.querySelector('path')).toHaveAttribute('stroke', SERIES_COLOUR.moisture);
    await expect(temperature.querySelector('path')).toHaveAttribute('stroke', SERIES_COLOUR.temperature);
    // Six days of readings, at most 8 time ticks.
    await expect(moisture.querySelectorAll('.visx-axis-bottom .visx-axis-tick').length).toBeLessThanOrEqual(8);
    await expect(moisture.querySelectorAll('.visx-axis-bottom .visx-axis-tick').length).toBeGreaterThan(1);
    // Close leaves the list.
    await userEvent.click(d.getByRole('button', { name: mr['fields.close'] }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

/** Nothing recorded: each section says so, and each sensor type says it has no data. */
export const EmptySections: Story = {
  args: { logic: logicWith(async () => BARE, async () => ({ sensors: [] })) },
  play: async ({ canvas }) => {
    const d = await open(canvas);
    await d.findByRole('heading', { level: 3, name: 'उत्तर शेत' });
    await expect(region(d, 'fields.soil')).toHaveTextContent(mr['fields.noSoil']);
    await expect(region(d, 'fields.irrigation')).toHaveTextContent(mr['fields.noIrrigation']);
    await expect(region(d, 'fields.cropHistory')).toHaveTextContent(mr['fields.noCropHistory']);
    await expect(region(d, 'fields.financials')).toHaveTextContent(mr['fields.noFinancials']);
    await expect(region(d, 'fields.notes')).toHaveTextContent(mr['fields.noNotes']);
    const timeline = region(d, 'fields.timeline');
    await waitFor(() => expect(timeline).toHaveTextContent(mr['fields.noData'].replace('{type}', mr['fields.moisture'].toLowerCase())));
    await expect(timeline).toHaveTextContent(mr['fields.noData'].replace('{type}', mr['fields.temperature'].toLowerCase()));
    await expect(within(timeline).queryByRole('img')).toBeNull();
  },
};

/** Both loads still running: both loading texts. */
export const Loading: Story = {
  args: { logic: logicWith(() => new Promise(() => {}), () => new Promise(() => {})) },
  play: async ({ canvas }) => {
    const d = await open(canvas);
    await expect(d.getByText(mr['fields.loadingDetails'])).toBeInTheDocument();
    await expect(region(d, 'fields.timeline')).toHaveTextContent(mr['fields.loadingSensors']);
  },
};

/** The field failed to load; the timeline still shows what it has. */
export const DetailFailed: Story = {
  args: { logic: logicWith(() => Promise.reject(new Error('500')), async () => TIMELINE) },
  play: async ({ canvas }) => {
    const d = await open(canvas);
    await expect(await d.findByRole('alert')).toHaveTextContent(mr['fields.detailsFailed']);
    await expect(d.queryByRole('region', { name: mr['fields.soil'] })).toBeNull();
    await expect(await within(region(d, 'fields.timeline')).findByRole('img', { name: mr['fields.moistureAxis'] })).toBeInTheDocument();
  },
};
