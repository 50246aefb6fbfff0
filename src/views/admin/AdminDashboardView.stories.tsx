import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { ZERO_STATS } from '@/machines/dashboard.machine';
import { sessionMachine } from '@/machines/session.machine';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import { storyAlert, storyDashboard } from '@/views/dashboard/dashboardStoryFixtures';
import { AdminDashboardView } from './AdminDashboardView';

const session = { logic: sessionMachine.provide({ actors: storySessionActors }), input: signedIn(demoUser('admin')) };
const LOADED = {
  stats: { ...ZERO_STATS, coordinators: 3, farmers: 128, activeFields: 96, totalFields: 110, alerts: 14 },
  farmers: [],
  alerts: [storyAlert(1), storyAlert(2, { severity: 'minor', messageParams: { field: 'नदी शेत', value: 24, threshold: 25 }, fieldName: 'नदी शेत' })],
  fields: [],
  pins: [],
};

// The embedded tables and the yield panel load through their own machines (their stories are their own);
// here they meet no server and show their own failure, which is not this story's business.
const meta = {
  title: 'Admin/AdminDashboardView',
  component: AdminDashboardView,
  args: { logic: storyDashboard(async () => LOADED) },
  parameters: { session, route: '/' },
} satisfies Meta<typeof AdminDashboardView>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const statValue = (canvas: Canvas, key: keyof typeof mr) =>
  [...canvas.getByRole('main').querySelectorAll('.stat')].find((x) => x.querySelector('.stat-label')!.textContent === mr[key])!.querySelector('.stat-value');

/** The four stats from /admin/overview, quick actions, the embedded sections and Recent Alerts in Marathi. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: mr['route.adminDashboard'] })).toBeInTheDocument();
    await expect(canvas.getByRole('main')).toHaveAttribute('aria-busy', 'false');
    await expect(statValue(canvas, 'adminDashboard.coordinators')).toHaveTextContent(/^3$/);
    await expect(statValue(canvas, 'adminDashboard.farmers')).toHaveTextContent(/^128$/);
    await expect(statValue(canvas, 'adminDashboard.activeFields')).toHaveTextContent(/^96$/);
    await expect(statValue(canvas, 'adminDashboard.recentAlerts')).toHaveTextContent(/^14$/);
    const actions = within(canvas.getByRole('region', { name: mr['dashboard.quickActions'] })).getAllByRole('button').map((b) => b.textContent);
    await expect(actions).toEqual([mr['roleLinks.addCoordinator'], mr['roleLinks.addFarmer'], mr['dashboard.analytics'], mr['dashboard.alerts'], mr['route.notificationLog'], mr['route.audit']]);
    for (const key of ['adminDashboard.coordinators', 'adminDashboard.farmers', 'dashboard.fieldMonitoring'] as const) {
      await expect(canvas.getAllByRole('region', { name: mr[key] })[0]).toBeInTheDocument();
    }
    const alerts = within(canvas.getAllByRole('region', { name: mr['dashboard.recentAlerts'] })[0]).getAllByRole('listitem');
    await expect(alerts).toHaveLength(2);
    await expect(alerts[1]).toHaveTextContent(mr['alert.moisture.low'].replace('{field}', 'नदी शेत').replace('{value}', '24').replace('{threshold}', '25'));
    await expect(alerts[1]).toHaveTextContent(mr['dashboard.severity.minor']);
  },
};

/** A failed overview: every stat 0 and no alerts. */
export const LoadFailed: Story = {
  args: { logic: storyDashboard(() => Promise.reject(new Error('500'))) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['dashboard.noAlerts'])).toBeInTheDocument();
    for (const key of ['adminDashboard.coordinators', 'adminDashboard.farmers', 'adminDashboard.activeFields', 'adminDashboard.recentAlerts'] as const) {
      await expect(statValue(canvas, key)).toHaveTextContent(/^0$/);
    }
  },
};
