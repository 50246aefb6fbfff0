import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { forgotPasswordMachine } from '@/machines/forgotPassword.machine';
import { ForgotPasswordView } from './ForgotPasswordView';

const send = fn<(email: string) => Promise<unknown>>();

const meta = {
  title: 'Account/ForgotPasswordView',
  component: ForgotPasswordView,
  args: { logic: forgotPasswordMachine.provide({ actors: { sendResetLink: fromPromise(({ input }) => send(input)) } }) },
  parameters: { route: '/forgot-password' },
  beforeEach: () => {
    send.mockReset().mockResolvedValue({ success: true });
  },
} satisfies Meta<typeof ForgotPasswordView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SendsTheSameAnswer: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: mr['forgot.send'] }));
    await expect(canvas.getByText(mr['account.email.required'])).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText(mr['forgot.email']), 'ramesh@example.in');
    await userEvent.click(canvas.getByRole('button', { name: mr['forgot.send'] }));
    await expect(await canvas.findByText(mr['forgot.sent'])).toBeInTheDocument();
    await expect(send).toHaveBeenCalledWith('ramesh@example.in');
  },
};

export const SendFailed: Story = {
  play: async ({ canvas }) => {
    send.mockRejectedValue(new Error('offline'));
    await userEvent.type(canvas.getByLabelText(mr['forgot.email']), 'ramesh@example.in');
    await userEvent.click(canvas.getByRole('button', { name: mr['forgot.send'] }));
    await expect(await canvas.findByText(mr['forgot.failed'])).toBeInTheDocument();
  },
};
