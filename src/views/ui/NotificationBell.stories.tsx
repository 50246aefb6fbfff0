import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { notificationCentreMachine, type NotificationItem, type NotificationPage } from '@/machines/notificationCentre.machine';
import { NotificationBell } from './NotificationBell';

const at = (hoursAgo: number) => new Date(Date.UTC(2026, 2, 5, 9, 30) - hoursAgo * 3600e3).toISOString();
const note = (id: number, over: Partial<NotificationItem>): NotificationItem => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  kind: 'alertRaised',
  messageKey: 'alert.moisture.low',
  params: { field: 'उत्तर शेत', value: 18, threshold: 25 },
  alertId: null,
  messageId: null,
  link: '/alerts',
  createdAt: at(id),
  readAt: null,
  ...over,
});
const PAGE: NotificationPage = {
  items: [
    note(1, {}),
    note(2, {
      kind: 'alertAssigned',
      messageKey: 'notifications.text.alertAssigned',
      params: { field: 'दक्षिण शेत', alertKey: 'alert.temperature.high', value: 39, threshold: 35, alert: 'High temperature in दक्षिण शेत: 39°C (threshold 35°C)' },
    }),
    note(3, { kind: 'message', messageKey: 'notifications.text.message', params: { sender: 'सुनील पवार', subject: 'उद्या पाणी' }, link: '/messages', readAt: at(0) }),
  ],
  unread: 2,
  page: 1,
  totalPages: 1,
};

const markRead = fn<(id: string) => Promise<{ unread: number }>>();
const centre = (load: () => Promise<NotificationPage>) =>
  notificationCentreMachine.provide({
    actors: {
      loadPage: fromPromise(load),
      // The badge's count at start comes from the same story data (the list itself waits for the bell to open).
      loadCount: fromPromise(async () => ({ unread: (await load()).unread })),
      markRead: fromPromise<{ unread: number }, { id: string }>(({ input }) => markRead(input.id)),
      markAllRead: fromPromise(async () => ({ unread: 0 })),
      watchNotifications: fromCallback(() => () => {}),
    },
  });

const meta = {
  title: 'UI/NotificationBell',
  component: NotificationBell,
  decorators: [
    (Story) => (
      <header className="app-header" style={{ justifyContent: 'flex-end' }}>
        <Story />
      </header>
    ),
  ],
  beforeEach: () => {
    markRead.mockReset().mockResolvedValue({ unread: 1 });
  },
} satisfies Meta<typeof NotificationBell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithUnread: Story = {
  args: { logic: centre(async () => PAGE) },
  play: async ({ canvas }) => {
    const bell = await canvas.findByRole('button', { name: 'अधिसूचना, 2 न वाचलेल्या' });
    await userEvent.click(bell);
    const panel = within(canvas.getByRole('region', { name: mr['notifications.title'] }));
    await expect(panel.getByText('शेत दक्षिण शेत वरील सूचना तुमच्याकडे सोपवली: शेत दक्षिण शेत मध्ये तापमान जास्त: 39°C (मर्यादा 35°C)')).toBeInTheDocument();
    await userEvent.click(panel.getAllByRole('button', { name: mr['notifications.markRead'] })[0]);
    await waitFor(() => expect(markRead).toHaveBeenCalledWith(PAGE.items[0]._id));
    await expect(await canvas.findByRole('button', { name: 'अधिसूचना, 1 न वाचलेली' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { logic: centre(async () => ({ items: [], unread: 0, page: 1, totalPages: 1 })) },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'अधिसूचना, एकही न वाचलेली नाही' }));
    await expect(canvas.getByText(mr['notifications.empty'])).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { logic: centre(() => Promise.reject(new Error('offline'))) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: mr['notifications.bell'] }));
    await expect(await canvas.findByText(mr['notifications.loadFailed'])).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: mr['notifications.retry'] })).toBeInTheDocument();
  },
};
