import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { InboxContext } from '@/machines/inbox.context';
import { inboxMachine } from '@/machines/inbox.machine';
import type { InboxMessage } from '../../../contracts/messages';
import { Inbox } from './InboxView';

const MESSAGES: InboxMessage[] = [
  {
    _id: 'm-1',
    subject: 'उद्या पाणी सोडू नका',
    message: 'पावसाचा अंदाज आहे. उद्या सकाळी पाणी सोडू नका.',
    senderName: 'सुनील पवार',
    createdAt: '2026-11-25T09:12:00.000Z',
    readAt: null,
  },
  {
    _id: 'm-2',
    subject: 'खताची मात्रा',
    message: 'युरिया एकरी २५ किलो.',
    senderName: 'सुनील पवार',
    createdAt: '2026-11-24T06:00:00.000Z',
    readAt: '2026-11-24T07:00:00.000Z',
  },
];

const markRead = fn(async (): Promise<unknown> => ({}));
/** The inbox with a fixed page (or a failure), no socket. */
const inbox = (load: () => Promise<{ items: InboxMessage[]; totalPages: number; unread: number }>) =>
  inboxMachine.provide({ actors: { load: fromPromise(load), markRead: fromPromise(markRead), watchMessages: fromCallback(() => () => {}) } });

function InboxStory({ logic }: { logic: typeof inboxMachine }) {
  return (
    <InboxContext.Provider logic={logic}>
      <Inbox />
    </InboxContext.Provider>
  );
}

const meta = { title: 'Farmer/InboxView', component: InboxStory, globals: { locale: 'mr' } } satisfies Meta<typeof InboxStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Marathi: the coordinator's messages, one unread; opening it shows the text and marks it read. */
export const Messages: Story = {
  args: { logic: inbox(async () => ({ items: MESSAGES, totalPages: 1, unread: 1 })) },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /उद्या पाणी सोडू नका/ }));
    const dialog = within(canvas.getByRole('dialog', { name: 'उद्या पाणी सोडू नका' }));
    await expect(dialog.getByText('पावसाचा अंदाज आहे. उद्या सकाळी पाणी सोडू नका.')).toBeInTheDocument();
    await expect(markRead).toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: mr['inbox.close'] }));
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

/** Marathi: no messages yet. */
export const Empty: Story = {
  args: { logic: inbox(async () => ({ items: [], totalPages: 1, unread: 0 })) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['inbox.empty'])).toBeInTheDocument();
  },
};

/** Marathi: the messages could not be loaded. */
export const LoadFailed: Story = {
  args: { logic: inbox(() => Promise.reject(new Error('offline'))) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(mr['inbox.failed']);
  },
};
