import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromCallback } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { appUpdateMachine, type WorkerCommand } from '@/machines/appUpdate.machine';
import { UpdatePrompt } from './UpdatePrompt';

/** What the page told the service worker (only 'activate', after the reader's click). */
const commands = fn<(command: WorkerCommand) => void>();
/** A stand-in worker that says at once (ready) or never (current) that a new version waits. */
const worker = (newVersion: boolean) =>
  appUpdateMachine.provide({
    actors: {
      appWorker: fromCallback<WorkerCommand>(({ sendBack, receive }) => {
        receive((c) => commands(c));
        if (newVersion) sendBack({ type: 'update.ready' });
      }),
    },
  });

const meta = {
  title: 'UI/UpdatePrompt',
  component: UpdatePrompt,
  args: { logic: worker(true) },
  parameters: { layout: 'padded' },
  beforeEach: () => void commands.mockReset(),
} satisfies Meta<typeof UpdatePrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No new version: nothing shows. */
export const Current: Story = {
  args: { logic: worker(false) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** A new version waits: the reader is asked; nothing is activated before they choose. */
export const Ready: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(mr['app.update.ready']);
    await expect(canvas.getByRole('button', { name: mr['app.update.accept'] })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: mr['app.update.later'] })).toBeInTheDocument();
    await expect(commands).not.toHaveBeenCalled();
  },
};

/** Update: the worker is told to activate and the prompt says it is updating, with no buttons left. */
export const Updating: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: mr['app.update.accept'] }));
    await expect(canvas.getByRole('status')).toHaveTextContent(mr['app.update.updating']);
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(commands).toHaveBeenCalledWith({ type: 'worker.activate' });
  },
};

/** Later: the prompt goes away until the next new version; nothing is activated. */
export const Dismissed: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: mr['app.update.later'] }));
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull());
    await expect(commands).not.toHaveBeenCalled();
  },
};
