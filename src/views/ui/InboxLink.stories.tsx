import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { inboxBadgeMachine } from '@/machines/inboxBadge.machine';
import { InboxLink } from './InboxLink';

/** The last stand-in socket's way to push a new unread count. */
let push: ((unread: number) => void) | null = null;
/** The badge machine with the count read once (`count`: a number, or never answered) and a socket the story pushes on. */
const badge = (count: number | null) =>
  inboxBadgeMachine.provide({
    actors: {
      loadUnread: fromPromise(() => (count === null ? new Promise<number>(() => {}) : Promise.resolve(count))),
      recallUnread: fromPromise(async () => null) as never,
      watchUnread: fromCallback(({ sendBack }) => {
        push = (unread) => sendBack({ type: 'inbox.unreadChanged', unread });
        return () => (push = null);
      }) as never,
      watchConnection: fromCallback(() => () => {}) as never,
    },
  });

const meta = {
  title: 'UI/InboxLink',
  component: InboxLink,
  args: { logic: badge(3) },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof InboxLink>;
export default meta;
type Story = StoryObj<typeof meta>;

const unreadLabel = (n: number) => mr['header.messages.unread'].replace(/.*other \{(.*)\}\}$/, '$1').replace('#', String(n));

/** The count not known yet: the link says Messages, with no badge. */
export const Loading: Story = {
  args: { logic: badge(null) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: mr['header.messages'] })).toHaveAttribute('href', '/messages');
    await expect(canvas.queryByTestId('unread-count')).toBeNull();
  },
};

/** Three unread: the badge shows 3 and the link's name says so. */
export const Unread: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: unreadLabel(3) })).toBeInTheDocument();
    await expect(canvas.getByTestId('unread-count')).toHaveTextContent(/^3$/);
  },
};

/** More than 99: the badge says 99+, the name the whole count. */
export const Many: Story = {
  args: { logic: badge(120) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: unreadLabel(120) })).toBeInTheDocument();
    await expect(canvas.getByTestId('unread-count')).toHaveTextContent(/^99\+$/);
  },
};

/** A pushed count replaces the shown one; none unread leaves no badge. */
export const PushedToNone: Story = {
  play: async ({ canvas }) => {
    await canvas.findByTestId('unread-count');
    push!(0);
    await waitFor(() => expect(canvas.queryByTestId('unread-count')).toBeNull());
    await expect(canvas.getByRole('link')).toHaveAccessibleName(mr['header.messages.unread'].replace(/^.*=0 \{([^}]*)\}.*$/, '$1'));
  },
};
