import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { FieldMonitoringContext } from '@/machines/fieldMonitoring.context';
import { fieldMonitoringMachine } from '@/machines/fieldMonitoring.machine';
import type { FieldDetail } from '../../../contracts/fields';
import { SERIES_COLOUR } from '../charts/SensorTimelineChart';
import { FieldMonitoring } from './FieldMonitoring';
import { hoursAgo, storyFieldDetail, storyFieldRow1 } from './fieldStoryFixtures';

const ROW = storyFieldRow1;
const FULL = storyFieldDetail;
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
