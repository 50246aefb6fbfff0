import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { resetPasswordMachine } from '@/machines/resetPassword.machine';
import { ResetPasswordView } from './ResetPasswordView';

const submit = fn<(input: { token: string; newPassword: string }) => Promise<unknown>>();

const meta = {
  title: 'Account/ResetPasswordView',
  component: ResetPasswordView,
  args: { logic: resetPasswordMachine.provide({ actors: { submitReset: fromPromise(({ input }) => submit(input)) } }), token: 'tok_story_abcdefghijklmnop' },
  beforeEach: () => {
    submit.mockReset().mockResolvedValue({ success: true });
  },
} satisfies Meta<typeof ResetPasswordView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SetsANewPassword: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(mr['account.password.new']), 'Naveen2026Pass');
    await userEvent.type(canvas.getByLabelText(mr['account.password.confirm']), 'Naveen2026Pas');
    await userEvent.click(canvas.getByRole('button', { name: mr['reset.submit'] }));
    await expect(canvas.getByText(mr['account.password.mismatch'])).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText(mr['account.password.confirm']), 's');
    await userEvent.click(canvas.getByRole('button', { name: mr['reset.submit'] }));
    await expect(await canvas.findByText(mr['reset.done'])).toBeInTheDocument();
    await expect(submit).toHaveBeenCalledWith({ token: 'tok_story_abcdefghijklmnop', newPassword: 'Naveen2026Pass' });
  },
};

export const WithoutToken: Story = {
  args: { token: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(mr['reset.invalidLink'])).toBeInTheDocument();
  },
};
