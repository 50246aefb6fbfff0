import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { changePasswordMachine } from '@/machines/changePassword.machine';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const submit = fn<(input: { currentPassword: string; newPassword: string }) => Promise<unknown>>();
const onClose = fn();

const meta = {
  title: 'Account/ChangePasswordDialog',
  component: ChangePasswordDialog,
  args: {
    onClose,
    logic: changePasswordMachine.provide({
      actors: { submitChange: fromPromise(({ input }) => submit(input)), successTimer: fromPromise(async () => {}) },
    }),
  },
  beforeEach: () => {
    submit.mockReset().mockResolvedValue({ success: true });
    onClose.mockReset();
  },
} satisfies Meta<typeof ChangePasswordDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RulesInMarathi: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(mr['account.password.new']), 'abc');
    await userEvent.click(canvas.getByRole('button', { name: mr['password.change.submit'] }));
    await expect(canvas.getByText(mr['account.password.currentRequired'])).toBeInTheDocument();
    await expect(canvas.getByText(mr['account.password.tooShort'])).toBeInTheDocument();
    await expect(submit).not.toHaveBeenCalled();
  },
};

export const ChangesAndCloses: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(mr['account.password.current']), 'Juna2025Pass');
    await userEvent.type(canvas.getByLabelText(mr['account.password.new']), 'Naveen2026Pass');
    await userEvent.type(canvas.getByLabelText(mr['account.password.confirm']), 'Naveen2026Pass');
    await userEvent.click(canvas.getByRole('button', { name: mr['password.change.submit'] }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await expect(submit).toHaveBeenCalledWith(expect.objectContaining({ currentPassword: 'Juna2025Pass', newPassword: 'Naveen2026Pass' }));
  },
};
