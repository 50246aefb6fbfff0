import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import en from '@/i18n/messages/en.json';
import mr from '@/i18n/messages/mr.json';
import { alertLifecycleMachine } from '@/machines/alertLifecycle.machine';
import { alertsListMachine } from '@/machines/alertsList.machine';
import { sessionMachine } from '@/machines/session.machine';
import type { AlertDetailResponse, AlertItem, TimelineEntry } from '../../../contracts/alerts';
import type { SendOrQueued } from '@/machines/outbox.machine';
import { AlertsView } from './AlertsView';

const sessionAs = (role: 'admin' | 'coordinator') => ({
  logic: sessionMachine.provide({ actors: { authBridge: fromCallback(() => () => {}) }, actions: { connectSocket: () => {} } }),
  input: { stored: { accessToken: 'a', refreshToken: 'r', user: { _id: 'u', name: 'Staff', email: 'staff@example.in', role, preferredLanguage: 'english' as const } } },
});
const alert = (id: string, over: Partial<AlertItem> = {}): AlertItem => ({
  _id: id,
  id,
  type: 'moisture',
  severity: 'critical',
  status: 'active_unack',
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
  count: 3,
  lastSeenAt: '2026-06-01T06:40:00.000Z',
  createdAt: '2026-06-01T06:30:00.000Z',
  updatedAt: '2026-06-01T06:30:00.000Z',
  resolvedAt: null,
  clearedBy: null,
  ...over,
});
const ALERTS = [
  alert('a1'),
  alert('a2', { type: 'temperature', severity: 'major', messageKey: 'alert.temperature.high', messageParams: { field: 'South plot', value: 39, threshold: 35 }, fieldName: 'South plot', farmer: 'Sita Shinde', value: 39, threshold: 35, read: true }),
];
const COORDINATORS = [{ _id: 'c1', name: 'Sunil Pawar' }];
const RAISED: TimelineEntry = { _id: 't1', kind: 'raised', actor: null, detail: { severity: 'critical', value: 12, threshold: 25 }, createdAt: '2026-06-01T06:30:00.000Z' };
const assign = fn(async ({ input }: { input: { id: string; coordinatorId?: string } }): Promise<AlertDetailResponse> => ({
  alert: { ...ALERTS[0], id: input.id, assignedTo: { _id: 'c1', name: 'Sunil Pawar' } },
  timeline: [RAISED, { _id: 't2', kind: 'assigned', actor: { _id: 'u', name: 'Staff' }, detail: { coordinatorId: 'c1', name: 'Sunil Pawar' }, createdAt: '2026-06-01T06:50:00.000Z' }],
}));
const markRead = fn(async () => ({ ok: true }));

const list = (opts: { failAck?: boolean } = {}) =>
  alertsListMachine.provide({
    actors: {
      load: fromPromise(async () => ({ items: ALERTS, totalPages: 1, unread: 1, coordinators: COORDINATORS })),
      alertSocket: fromCallback(() => () => {}),
      markRead: fromPromise(markRead) as never,
      alertLifecycle: alertLifecycleMachine.provide({
        actors: {
          load: fromPromise(async ({ input }: { input: { id: string } }) => ({ alert: ALERTS.find((a) => a.id === input.id)!, timeline: [RAISED] })),
          assign: fromPromise(assign),
          acknowledge: fromPromise(async (): Promise<SendOrQueued<AlertDetailResponse>> => {
            if (opts.failAck) throw new Error('500');
            return { sent: { alert: { ...ALERTS[0], status: 'active_ack' }, timeline: [RAISED] } };
          }),
        },
      }),
    },
  });

const meta = { title: 'Alerts/AlertsView', component: AlertsView, parameters: { route: '/alerts' }, globals: { locale: 'en' } } satisfies Meta<typeof AlertsView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Admin: assigning in the details shows the coordinator's name there and in the row, and on the timeline. */
export const AdminAssigns: Story = {
  args: { logic: list() },
  parameters: { session: sessionAs('admin') },
  play: async ({ canvas }) => {
    const row = (await canvas.findAllByRole('row'))[1];
    await userEvent.click(within(row).getByRole('button', { name: en['alerts.viewDetails'] }));
    const dialog = await canvas.findByRole('dialog');
    await userEvent.selectOptions(await within(dialog).findByLabelText(en['alerts.assignTo']), 'c1');
    await userEvent.click(within(dialog).getByRole('button', { name: en['alerts.assign'] }));
    await expect(await within(row).findByText('Assigned to Sunil Pawar')).toBeInTheDocument();
    await expect(await within(dialog).findByText('to Sunil Pawar')).toBeInTheDocument();
    await expect(assign).toHaveBeenCalledWith(expect.objectContaining({ input: { id: 'a1', coordinatorId: 'c1' } }));
  },
};

/** Admin: a failed acknowledge keeps the status and says so in the details. */
export const AdminAcknowledgeFails: Story = {
  args: { logic: list({ failAck: true }) },
  parameters: { session: sessionAs('admin') },
  play: async ({ canvas }) => {
    const row = (await canvas.findAllByRole('row'))[1];
    await userEvent.click(within(row).getByRole('button', { name: en['alerts.viewDetails'] }));
    const dialog = await canvas.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: en['alerts.acknowledge'] }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to acknowledge alert');
    await expect(within(dialog).getByTestId('alert-status')).toHaveTextContent(en['alerts.status.activeUnack']);
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

/** Marathi (the app's default): the admin's table with its Marathi headers and actions. */
export const AdminMarathi: Story = {
  args: { logic: list() },
  parameters: { session: sessionAs('admin') },
  globals: { locale: 'mr' },
  play: async ({ canvas }) => {
    const row = (await canvas.findAllByRole('row'))[1];
    await expect(within(row).getByRole('button', { name: mr['alerts.viewDetails'] })).toBeInTheDocument();
    await expect(canvas.getByRole('columnheader', { name: mr['alerts.col.actions'] })).toBeInTheDocument();
  },
};
