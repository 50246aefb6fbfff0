import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { ZERO_STATS } from '@/machines/dashboard.machine';
import type { FieldRow } from '../../../contracts/fields';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import { sessionMachine } from '@/machines/session.machine';
import { storyFieldRow } from '../fields/fieldStoryFixtures';
import { storyFarmer } from '../people/peopleStoryFixtures';
import { storyAlert, storyDashboard } from '@/views/dashboard/dashboardStoryFixtures';
import { CoordinatorDashboardView } from './CoordinatorDashboardView';

const coordinator = demoUser('coordinator', { name: 'सुनील पवार' });
const session = { logic: sessionMachine.provide({ actors: storySessionActors }), input: signedIn(coordinator) };
const FIELD: FieldRow = storyFieldRow(1, { fieldName: 'उत्तर शेत', farmerName: 'रमेश पाटील', crop: 'soybean', status: 'warning' });
const LOADED = {
  stats: { ...ZERO_STATS, farmers: 12, activeFields: 7, totalFields: 9, alerts: 4, averageYield: 81.5 },
  farmers: [storyFarmer(1), storyFarmer(2)],
  alerts: [storyAlert(1), storyAlert(2, { severity: 'major', messageParams: { field: 'नदी शेत', value: 22, threshold: 25 }, fieldName: 'नदी शेत' })],
  fields: [FIELD],
  pins: [],
};

const meta = {
  title: 'Coordinator/CoordinatorDashboardView',
  component: CoordinatorDashboardView,
  args: { logic: storyDashboard(async () => LOADED) },
  parameters: { session, route: '/coordinator-dashboard' },
} satisfies Meta<typeof CoordinatorDashboardView>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const stat = (canvas: Canvas, key: keyof typeof mr) =>
  [...canvas.getByRole('main').querySelectorAll('.stat')].find((x) => x.querySelector('.stat-label')!.textContent === mr[key]) as HTMLElement;
const panel = (canvas: Canvas, key: keyof typeof mr) => canvas.getByRole('region', { name: mr[key] });

/** Greeting, the four stats, each panel with its preview, alerts in Marathi from their message keys. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['coordinatorDashboard.welcome'].replace('{name}', 'सुनील पवार'))).toBeInTheDocument();
    await expect(canvas.getByRole('main')).toHaveAttribute('aria-busy', 'false');
    await expect(stat(canvas, 'coordinatorDashboard.myFarmers')).toHaveTextContent('12');
    await expect(stat(canvas, 'coordinatorDashboard.activeFields')).toHaveTextContent(`7${mr['coordinatorDashboard.ofTotal'].replace('{total}', '9')}`);
    await expect(stat(canvas, 'coordinatorDashboard.alertsWeek')).toHaveTextContent('4');
    await expect(stat(canvas, 'coordinatorDashboard.avgYield')).toHaveTextContent('81.5%');
    await expect(within(panel(canvas, 'coordinatorDashboard.myFarmers')).getAllByRole('listitem')).toHaveLength(2);
    const alerts = within(panel(canvas, 'dashboard.recentAlerts')).getAllByRole('listitem');
    await expect(alerts[0]).toHaveTextContent(mr['alert.moisture.low'].replace('{field}', 'उत्तर शेत').replace('{value}', '18').replace('{threshold}', '25'));
    await expect(alerts[0]).toHaveTextContent(mr['dashboard.severity.critical']);
    await expect(alerts[1]).toHaveTextContent(mr['dashboard.severity.major']);
    await expect(panel(canvas, 'dashboard.recentAlerts')).not.toHaveTextContent('stored english text');
    await expect(within(panel(canvas, 'coordinatorDashboard.fieldList')).getByRole('listitem')).toHaveTextContent(`उत्तर शेत · रमेश पाटील${mr['crop.soybean']}`);
    await expect(within(panel(canvas, 'dashboard.quickActions')).getAllByRole('button')).toHaveLength(4);
  },
};

/** A failed load: every stat 0 and every list empty (spec section 8). */
export const LoadFailed: Story = {
  args: { logic: storyDashboard(() => Promise.reject(new Error('500'))) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['dashboard.noAlerts'])).toBeInTheDocument();
    for (const key of ['coordinatorDashboard.myFarmers', 'coordinatorDashboard.alertsWeek'] as const) await expect(stat(canvas, key).querySelector('.stat-value')).toHaveTextContent(/^0$/);
    await expect(stat(canvas, 'coordinatorDashboard.avgYield').querySelector('.stat-value')).toHaveTextContent('0%');
    await expect(within(panel(canvas, 'coordinatorDashboard.myFarmers')).queryAllByRole('listitem')).toHaveLength(0);
    await expect(within(panel(canvas, 'coordinatorDashboard.fieldList')).queryAllByRole('listitem')).toHaveLength(0);
  },
};

/** No field has a harvest recorded: Avg Yield says so instead of showing a 0 % yield. */
export const NoHarvestYet: Story = {
  args: { logic: storyDashboard(async () => ({ ...LOADED, stats: { ...LOADED.stats, averageYield: null } })) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['coordinatorDashboard.welcome'].replace('{name}', 'सुनील पवार'))).toBeInTheDocument();
    await expect(stat(canvas, 'coordinatorDashboard.avgYield').querySelector('.stat-value')).toHaveTextContent(/^--$/);
    await expect(stat(canvas, 'coordinatorDashboard.avgYield')).toHaveTextContent(mr['coordinatorDashboard.noHarvestYet']);
    await expect(stat(canvas, 'coordinatorDashboard.myFarmers')).toHaveTextContent('12');
  },
};

export const Loading: Story = {
  args: { logic: storyDashboard(() => new Promise(() => {})) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  },
};
