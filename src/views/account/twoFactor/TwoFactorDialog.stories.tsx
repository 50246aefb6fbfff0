import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { twoFactorMachine } from '@/machines/twoFactor.machine';
import { TwoFactorDialog } from './TwoFactorDialog';
import { storySetup } from '../storyFixtures';

const verify = fn<(code: string) => Promise<unknown>>();

const meta = {
  title: 'Account/TwoFactorDialog',
  component: TwoFactorDialog,
  args: {
    onClose: fn(),
    logic: twoFactorMachine.provide({
      actors: {
        loadStatus: fromPromise(async () => ({ isEnabled: false as boolean, backupCodesRemaining: 0 })),
        startSetup: fromPromise(async () => storySetup),
        verifyCode: fromPromise(({ input }) => verify(input)),
      },
    }),
  },
  beforeEach: () => {
    verify.mockReset().mockResolvedValue({ success: true });
  },
} satisfies Meta<typeof TwoFactorDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SetUpAndShowBackupCodes: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: mr['twoFactor.enable'] }));
    await expect(await canvas.findByTestId('totp-secret')).toHaveTextContent(storySetup.secret);
    await userEvent.click(canvas.getByRole('button', { name: mr['twoFactor.verify'] }));
    await expect(canvas.getByText(mr['twoFactor.codeRequired'])).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText(mr['twoFactor.code']), '123456');
    await expect(canvas.getByLabelText(mr['twoFactor.code'])).toHaveValue('123456');
    await userEvent.click(canvas.getByRole('button', { name: mr['twoFactor.verify'] }));
    await waitFor(() => expect(canvas.getByText(mr['twoFactor.enabled'])).toBeInTheDocument());
    await expect(canvas.getAllByRole('listitem')).toHaveLength(10);
    await expect(verify).toHaveBeenCalledWith('123456');
  },
};

export const WrongCode: Story = {
  play: async ({ canvas }) => {
    verify.mockRejectedValue(Object.assign(new Error('bad'), { status: 400 }));
    await userEvent.click(await canvas.findByRole('button', { name: mr['twoFactor.enable'] }));
    await userEvent.type(await canvas.findByLabelText(mr['twoFactor.code']), '000000');
    await userEvent.click(canvas.getByRole('button', { name: mr['twoFactor.verify'] }));
    await expect(await canvas.findByText(mr['twoFactor.invalidCode'])).toBeInTheDocument();
  },
};
