import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { DeliveryLogContext } from '@/machines/deliveryLog.context';
import { deliveryLogMachine } from '@/machines/deliveryLog.machine';
import type { DeliveryItem } from '../../../contracts/notifications';
import type { DeliveryFilters } from '@/machines/deliveryLog.machine';
import { DeliveryLog } from './DeliveryLog';

const DELIVERIES: DeliveryItem[] = [
  {
    _id: '00000000-0000-4000-8000-0000000000d1',
    notificationId: null,
    recipient: { _id: '00000000-0000-4000-8000-0000000000f1', name: 'रमेश पाटील' },
    channel: 'sms',
    kind: 'alertRaised',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-25T09:12:00.000Z',
    updatedAt: '2026-11-25T09:12:05.000Z',
  },
  {
    _id: '00000000-0000-4000-8000-0000000000d2',
    notificationId: null,
    recipient: { _id: '00000000-0000-4000-8000-0000000000f2', name: 'सविता जाधव' },
    channel: 'email',
    kind: 'alertEscalated',
    status: 'failed',
    attempts: 3,
    lastError: 'mailbox unavailable',
    createdAt: '2026-11-25T08:40:00.000Z',
    updatedAt: '2026-11-25T08:55:00.000Z',
  },
];

const load = fn(async ({ input }: { input: DeliveryFilters & { page: number } }) => ({
  items: DELIVERIES.filter((d) => !input.status || d.status === input.status),
  totalPages: 1,
}));
const download = fn();
const log = (loader: typeof load | (() => Promise<never>) = load) =>
  deliveryLogMachine.provide({
    actors: { load: fromPromise(loader), exportAll: fromPromise(async () => new Blob(['recipient\n'], { type: 'text/csv' })) },
    actions: { download: (_, p: { name: string; data: Blob | string }) => download(p.name) },
  });

function Log({ logic }: { logic: typeof deliveryLogMachine }) {
  return (
    <DeliveryLogContext.Provider logic={logic}>
      <DeliveryLog />
    </DeliveryLogContext.Provider>
  );
}

const meta = { title: 'Admin/DeliveryLog', component: Log, globals: { locale: 'mr' } } satisfies Meta<typeof Log>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Marathi: the deliveries with their status, and a status filter asks the server for that status only. */
export const Deliveries: Story = {
  args: { logic: log() },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('cell', { name: 'रमेश पाटील' })).toBeInTheDocument();
    await expect(canvas.getByText('mailbox unavailable')).toBeInTheDocument();
    await expect(canvas.getByText(mr['deliveryLog.status.failed'], { selector: '.badge' })).toBeInTheDocument();
    await userEvent.selectOptions(canvas.getByLabelText(mr['deliveryLog.status']), 'sent');
    await expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ input: expect.objectContaining({ status: 'sent', page: 1 }) }));
    await expect(await canvas.findByText(mr['deliveryLog.status.sent'], { selector: '.badge' })).toBeInTheDocument();
    await expect(canvas.queryByRole('cell', { name: 'सविता जाधव' })).toBeNull();
  },
};

/** Marathi: no deliveries yet. */
export const Empty: Story = {
  args: { logic: deliveryLogMachine.provide({ actors: { load: fromPromise(async () => ({ items: [] as DeliveryItem[], totalPages: 1 })) } }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['deliveryLog.empty'])).toBeInTheDocument();
  },
};

/** Marathi: the log could not be loaded. */
export const LoadFailed: Story = {
  args: { logic: log(() => Promise.reject(new Error('offline'))) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['deliveryLog.loadFailed'])).toBeInTheDocument();
  },
};
