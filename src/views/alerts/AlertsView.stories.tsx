import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import en from '@/i18n/messages/en.json';
import { alertLifecycleMachine } from '@/machines/alertLifecycle.machine';
import { alertsListMachine } from '@/machines/alertsList.machine';
import { sessionMachine } from '@/machines/session.machine';
import type { AlertItem } from '../../../contracts/alerts';
import { AlertsView } from './AlertsView';

const sessionAs = (role: 'admin' | 'coordinator') => ({
  logic: sessionMachine.provide({ actors: { authBridge: fromCallback(() => () => {}) }, actions: { connectSocket: () => {} } }),
  input: { stored: { accessToken: 'a', refreshToken: 'r', user: { _id: 'u', name: 'Staff', email: 'staff@example.in', role, preferredLanguage: 'english' as const } } },
});
const alert = (id: string, over: Partial<AlertItem> = {}): AlertItem => ({
  _id: id,
  id,
  type: 'moisture',
  severity: 'high',
  status: 'unacknowledged',
  message: 'Low soil moisture in North plot: 12% (threshold 25%)',
  messageKey: 'alert.moisture.low',
  messageParams: { field: 'North plot', value: 12, threshold: 25 },
  farmer: 'Ramesh Patil',
  farmerId: 'u1',
  fieldId: 'f1',
  fieldName: 'North plot',
  value: 12,
  threshold: 25,
  assignedTo: null,
  acknowledgedBy: null,
  read: false,
  createdAt: '2026-06-01T06:30:00.000Z',
  updatedAt: '2026-06-01T06:30:00.000Z',
  resolvedAt: null,
  ...over,
});
const ALERTS = [
  alert('a1'),
  alert('a2', { type: 'temperature', severity: 'medium', messageKey: 'alert.temperature.high', messageParams: { field: 'South plot', value: 39, threshold: 35 }, fieldName: 'South plot', farmer: 'Sita Shinde', value: 39, threshold: 35, read: true }),
];
const COORDINATORS = [{ _id: 'c1', name: 'Sunil Pawar' }];
const assign = fn(async ({ input }: { input: { id: string; coordinatorId: string } }): Promise<AlertItem> => ({ ...ALERTS[0], id: input.id, status: 'assigned' as const, assignedTo: { _id: 'c1', name: 'Sunil Pawar' } }));
const markRead = fn(async () => ({ ok: true }));

const list = (opts: { failAck?: boolean } = {}) =>
  alertsListMachine.provide({
    actors: {
      load: fromPromise(async () => ({ items: ALERTS, totalPages: 1, unread: 1, coordinators: COORDINATORS })),
      alertSocket: fromCallback(() => () => {}),
      markRead: fromPromise(markRead) as never,
      alertLifecycle: alertLifecycleMachine.provide({
        actors: {
          assign: fromPromise(assign),
          acknowledge: fromPromise(async (): Promise<AlertItem> => {
            if (opts.failAck) throw new Error('500');
            return { ...ALERTS[0], status: 'acknowledged' };
          }),
        },
      }),
    },
  });

const meta = { title: 'Alerts/AlertsView', component: AlertsView, parameters: { route: '/alerts' }, globals: { locale: 'en' } } satisfies Meta<typeof AlertsView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Admin: assigning shows the coordinator's name in the row at once. */
export const AdminAssigns: Story = {
  args: { logic: list() },
  parameters: { session: sessionAs('admin') },
  play: async ({ canvas }) => {
    const row = (await canvas.findAllByRole('row'))[1];
    await userEvent.selectOptions(within(row).getByLabelText(en['alerts.assignTo']), 'c1');
    await userEvent.click(within(row).getByRole('button', { name: en['alerts.assign'] }));
    await expect(await within(row).findByText('Assigned to Sunil Pawar')).toBeInTheDocument();
    await expect(assign).toHaveBeenCalledWith(expect.objectContaining({ input: { id: 'a1', coordinatorId: 'c1' } }));
  },
};

/** Admin: a failed acknowledge puts the row back and says so. */
export const AdminAcknowledgeFails: Story = {
  args: { logic: list({ failAck: true }) },
  parameters: { session: sessionAs('admin') },
  play: async ({ canvas }) => {
    const row = (await canvas.findAllByRole('row'))[1];
    await userEvent.click(within(row).getByRole('button', { name: en['alerts.acknowledge'] }));
    await expect(await within(row).findByRole('alert')).toHaveTextContent('Failed to acknowledge alert');
    await expect(within(row).getByRole('button', { name: en['alerts.acknowledge'] })).toBeInTheDocument();
  },
};

/** Coordinator: cards, details dialog, mark read lowers the count (never below 0). */
export const CoordinatorReads: Story = {
  args: { logic: list() },
  parameters: { session: sessionAs('coordinator') },
  play: async ({ canvas }) => {
    const count = await canvas.findByTestId('unread-count');
    await expect(count).toHaveTextContent('1 new');
    const first = canvas.getAllByRole('article')[0];
    await userEvent.click(within(first).getByRole('button', { name: en['alerts.viewDetails'] }));
    const dialog = await canvas.findByRole('dialog');
    await expect(within(dialog).getByText(en['alerts.details.title'])).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: en['alerts.markRead'] }));
    await expect(count).toHaveTextContent('0 new');
    await expect(markRead).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('columnheader', { name: en['alerts.col.actions'] })).toBeNull();
  },
};
