import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { analyticsMachine, type Analytics, type Period } from '@/machines/analytics.machine';
import { sessionMachine } from '@/machines/session.machine';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import { AnalyticsView } from './AnalyticsView';

const session = { logic: sessionMachine.provide({ actors: storySessionActors }), input: signedIn(demoUser('coordinator')) };
const DATA: Analytics = {
  totalFarmers: 42,
  totalFields: 57,
  averageYield: 78.4,
  yieldFields: 5,
  waterUsage: { current: 125000, change: 12.5, estimated: true },
  pestIssues: { current: 3, change: -25 },
  fieldHealth: { excellent: 20, good: 25, fair: 8, poor: 4 },
  cropDistribution: { soybean: 40, cotton: 35, onion: 25 },
};
const load = fn<(input: { period: Period }) => Promise<Analytics>>();

const meta = {
  title: 'Analytics/AnalyticsView',
  component: AnalyticsView,
  args: { logic: analyticsMachine.provide({ actors: { load: fromPromise(({ input }) => load(input)) } }) },
  parameters: { session, route: '/analytics' },
  beforeEach: () => {
    load.mockReset().mockResolvedValue(DATA);
  },
} satisfies Meta<typeof AnalyticsView>;
export default meta;
type Story = StoryObj<typeof meta>;

const statValue = (canvas: { getByRole: (r: 'main') => HTMLElement }, key: keyof typeof mr) =>
  [...canvas.getByRole('main').querySelectorAll('.stat')].find((x) => x.querySelector('.stat-label')!.textContent === mr[key])!.querySelector('.stat-value');

/** The month by default; the cards, both trends with their arrows, crops in Marathi; Apply asks for the chosen period. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText(mr['analytics.performanceTitle']);
    await expect(load).toHaveBeenCalledWith({ period: 'month' });
    await expect(statValue(canvas, 'analytics.totalFarmers')).toHaveTextContent(/^42$/);
    await expect(statValue(canvas, 'analytics.avgYield')).toHaveTextContent('78.4%');
    // The spec's 'Active Fields' card shows the total fields.
    await expect(statValue(canvas, 'analytics.activeFields')).toHaveTextContent(/^57$/);
    await expect(canvas.getByTestId('water')).toHaveTextContent(`▲ ${mr['analytics.change'].replace('{value}', '+12.5')}`);
    await expect(canvas.getByTestId('pests')).toHaveTextContent(`▼ ${mr['analytics.change'].replace('{value}', '-25')}`);
    for (const crop of ['crop.soybean', 'crop.cotton', 'crop.onion'] as const) await expect(canvas.getByText(mr[crop])).toBeInTheDocument();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: mr['analytics.period'] }), 'week');
    await userEvent.click(canvas.getByRole('button', { name: mr['analytics.apply'] }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ period: 'week' }));
    await userEvent.click(canvas.getByRole('button', { name: mr['analytics.export'] }));
    await expect(canvas.getByRole('status')).toHaveTextContent(mr['analytics.exportSoon']);
  },
};

export const Empty: Story = {
  beforeEach: () => {
    load.mockResolvedValue({ ...DATA, totalFarmers: 0, totalFields: 0, cropDistribution: {} });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['analytics.empty'])).toBeInTheDocument();
    await expect(canvas.queryByText(mr['analytics.performanceTitle'])).toBeNull();
  },
};

/** No field has a harvest recorded: the card says so instead of showing a 0 % yield. */
export const NoHarvestYet: Story = {
  beforeEach: () => {
    load.mockResolvedValue({ ...DATA, averageYield: 0, yieldFields: 0 });
  },
  play: async ({ canvas }) => {
    await canvas.findByText(mr['analytics.performanceTitle']);
    await expect(statValue(canvas, 'analytics.avgYield')).toHaveTextContent(/^--$/);
    await expect(statValue(canvas, 'analytics.avgYield')!.parentElement).toHaveTextContent(mr['analytics.noHarvestYet']);
    await expect(statValue(canvas, 'analytics.totalFields')).toHaveTextContent(/^57$/);
  },
};

export const Failed: Story = {
  beforeEach: () => {
    load.mockRejectedValue(new Error('500'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['analytics.failed']);
    await expect(canvas.getByText(mr['analytics.empty'])).toBeInTheDocument();
  },
};
