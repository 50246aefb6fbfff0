import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { advancedAnalyticsMachine, type AdvancedAnalytics, type FieldChoice, type Range } from '@/machines/advancedAnalytics.machine';
import { sessionMachine } from '@/machines/session.machine';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import { AdvancedAnalyticsView } from './AdvancedAnalyticsView';

const session = { logic: sessionMachine.provide({ actors: storySessionActors }), input: signedIn(demoUser('coordinator')) };
const FIELDS: FieldChoice[] = [
  { _id: 'f-1', fieldId: 'FLD000001AAA', name: 'उत्तर शेत', farmerId: 'u-1', lat: null, lng: null },
  { _id: 'f-2', fieldId: 'FLD000002BBB', name: 'नदी शेत', farmerId: 'u-2', lat: null, lng: null },
];
const FULL: AdvancedAnalytics = {
  field: { _id: 'f-1', fieldId: 'FLD000001AAA', name: 'उत्तर शेत' },
  range: '7d',
  from: '2026-11-14T00:00:00.000Z',
  to: '2026-11-21T00:00:00.000Z',
  sensorTrends: [
    {
      type: 'moisture', readings: 8, average: 29.13, min: 21, max: 50, latest: 21, latestAt: '2026-11-20T23:00:00.000Z', change: -21.5,
      series: [{ bucket: '2026-11-15', average: 50, readings: 1 }, { bucket: '2026-11-20', average: 23.5, readings: 6 }],
    },
  ],
  crop: {
    cropName: 'soybean', variety: 'JS 335', status: 'growing', plantedDate: '2026-06-20', expectedHarvest: '2026-10-15',
    yieldExpected: 20, yieldActual: 15, yieldUnit: 'quintal', achievedPercent: 75,
    history: [{ crop: 'chana', season: 'rabi', harvestedDate: '2026-03-10', yield: 12, yieldUnit: 'quintal' }],
  },
  soil: { soilType: 'black', ph: 6.8, organicMatter: null, nitrogen: 240, phosphorus: 18, potassium: 300, lastTested: '2026-06-01', sensorPh: null },
  financial: {
    costs: { seeds: 4000, fertilizers: 6000, pesticides: 0, labor: 10000, irrigation: 0, other: 0 },
    totalCost: 20000, revenueExpected: 90000, revenueActual: null, profit: 70000, profitBasis: 'expected',
  },
  insights: [
    {
      id: 'irrigate-now', type: 'alert', priority: 'high', basis: {}, timestamp: '2026-11-21T00:00:00.000Z',
      message: { english: 'Soil moisture is 21 %, below the 25 % limit. Irrigate today.', marathi: 'ओलावा 21 %, मर्यादेपेक्षा कमी. आज पाणी द्या.', hindi: 'नमी कम' },
    },
  ],
  weatherEstimated: true,
  recommendations: [],
};
const BARE: AdvancedAnalytics = {
  ...FULL,
  sensorTrends: [],
  crop: { ...FULL.crop, cropName: null, variety: null, yieldExpected: null, yieldActual: null, achievedPercent: null, history: [] },
  soil: { soilType: null, ph: null, organicMatter: null, nitrogen: null, phosphorus: null, potassium: null, lastTested: null, sensorPh: null },
  financial: null,
  insights: [],
};

const load = fn<(input: { fieldId: string; range: Range }) => Promise<AdvancedAnalytics>>();
const logic = (fields: () => Promise<FieldChoice[]> = async () => FIELDS) =>
  advancedAnalyticsMachine.provide({ actors: { fields: fromPromise(fields), load: fromPromise(({ input }) => load(input)) } });

const meta = {
  title: 'Analytics/AdvancedAnalyticsView',
  component: AdvancedAnalyticsView,
  args: { logic: logic() },
  parameters: { session, route: '/advanced-analytics' },
  beforeEach: () => {
    load.mockReset().mockResolvedValue(FULL);
  },
} satisfies Meta<typeof AdvancedAnalyticsView>;
export default meta;
type Story = StoryObj<typeof meta>;

const card = (canvas: ReturnType<typeof within>, key: keyof typeof mr) => canvas.getByRole('heading', { name: mr[key] }).closest('article') as HTMLElement;

/** The four cards from the field's records, crops in Marathi, the Marathi insight, a report and the range change. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: mr['adv.crop.title'] });
    await expect(load).toHaveBeenCalledWith({ fieldId: 'f-1', range: '7d' });
    await expect(card(canvas, 'adv.crop.title')).toHaveTextContent(mr['crop.soybean']);
    await expect(card(canvas, 'adv.crop.title')).toHaveTextContent(mr['adv.crop.achieved'].replace('{percent}', '75'));
    await expect(card(canvas, 'adv.sensors.title')).toHaveTextContent(mr['adv.sensor.moisture']);
    await expect(canvas.getByText('ओलावा 21 %, मर्यादेपेक्षा कमी. आज पाणी द्या.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: `${mr['adv.viewReport']}: ${mr['adv.crop.title']}` }));
    const report = await canvas.findByRole('dialog');
    await expect(report).toHaveTextContent(mr['crop.chana']);
    await userEvent.click(within(report).getByRole('button', { name: mr['adv.close'] }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: mr['adv.range'] }), '30d');
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ fieldId: 'f-1', range: '30d' }));
  },
};

/** Nothing recorded: each card says so honestly. */
export const NothingRecorded: Story = {
  beforeEach: () => {
    load.mockResolvedValue(BARE);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['adv.sensors.none'])).toBeInTheDocument();
    await expect(canvas.getByText(mr['adv.crop.none'])).toBeInTheDocument();
    await expect(canvas.getByText(mr['adv.soil.none'])).toBeInTheDocument();
    await expect(canvas.getByText(mr['adv.money.none'])).toBeInTheDocument();
    await expect(canvas.getByText(mr['adv.insights.none'])).toBeInTheDocument();
  },
};

/** The analytics fail: the message and Retry, which asks again. */
export const FailedWithRetry: Story = {
  beforeEach: () => {
    load.mockRejectedValueOnce(new Error('500')).mockResolvedValue(FULL);
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(mr['adv.failed']);
    await userEvent.click(within(alert).getByRole('button', { name: mr['adv.retry'] }));
    await expect(await canvas.findByRole('heading', { name: mr['adv.crop.title'] })).toBeInTheDocument();
    await expect(load).toHaveBeenCalledTimes(2);
  },
};

export const NoFields: Story = {
  args: { logic: logic(async () => []) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['adv.noFields'])).toBeInTheDocument();
    await expect(load).not.toHaveBeenCalled();
  },
};
