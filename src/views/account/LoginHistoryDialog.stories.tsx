import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { loginHistoryMachine } from '@/machines/loginHistory.machine';
import type { LoginHistoryEntry } from '../../../contracts/account';
import { LoginHistoryDialog } from './LoginHistoryDialog';
import { storyHistory } from './storyFixtures';

const load = fn<() => Promise<{ history: LoginHistoryEntry[] }>>();
const revoke = fn<(sessionId: string) => Promise<unknown>>();

const meta = {
  title: 'Account/LoginHistoryDialog',
  component: LoginHistoryDialog,
  args: {
    onClose: fn(),
    logic: loginHistoryMachine.provide({
      actors: { loadHistory: fromPromise(() => load()), revokeSession: fromPromise(({ input }) => revoke(input)) },
    }),
  },
  beforeEach: () => {
    load.mockReset().mockResolvedValue({ history: storyHistory });
    revoke.mockReset().mockResolvedValue({ success: true });
  },
} satisfies Meta<typeof LoginHistoryDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FilterAndRevoke: Story = {
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(3));
    await userEvent.selectOptions(canvas.getByLabelText(mr['history.filter']), 'lastWeek');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.selectOptions(canvas.getByLabelText(mr['history.filter']), 'suspicious');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { expanded: false })[0]);
    await expect(canvas.getByText('203.0.113.9')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: mr['history.report'] })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: mr['history.revoke'] }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await expect(revoke).toHaveBeenCalledWith('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
  },
};

export const Empty: Story = {
  args: { logic: loginHistoryMachine.provide({ actors: { loadHistory: fromPromise(async () => ({ history: [] as LoginHistoryEntry[] })) } }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['history.empty'])).toBeInTheDocument();
  },
};
