import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within, type MockInstance } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { buildInfoMachine, type BuildInfo } from '@/machines/buildInfo.machine';
import { never, storyActors } from '@/views/storyFixtures';
import { TestServerButton } from './TestServerButton';
import './account.css';

const BUILD: BuildInfo = { message: 'Code is up to date', version: '0.1.0', startedAt: '2026-11-27T02:00:00.000Z' };
const { mocks, actors, reset } = storyActors({ fetchBuildInfo: async (): Promise<BuildInfo> => BUILD });
/** The spec shows the server's answer in a browser alert; here the alert is a spy (a story cannot show a native one). */
let alert: MockInstance<(message?: unknown) => void>;

const meta = {
  title: 'Account/TestServerButton',
  component: TestServerButton,
  args: { logic: buildInfoMachine.provide({ actors }) },
  decorators: [
    (Story) => (
      <main className="page">
        <Story />
      </main>
    ),
  ],
  beforeEach: () => {
    reset();
    alert = spyOn(window, 'alert').mockImplementation(() => {});
    return () => alert.mockRestore();
  },
} satisfies Meta<typeof TestServerButton>;
export default meta;
type Story = StoryObj<typeof meta>;

const button = (canvas: ReturnType<typeof within>) => canvas.getByRole('button', { name: mr['profile.testServer'] });

/** Idle: the development-only button, ready; nothing is asked until it is pressed. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(button(canvas)).toBeEnabled();
    await expect(mocks.fetchBuildInfo).not.toHaveBeenCalled();
  },
};

/** Asking the server: the button is held until it answers. */
export const Asking: Story = {
  beforeEach: () => void mocks.fetchBuildInfo.mockImplementation(never),
  play: async ({ canvas }) => {
    await userEvent.click(button(canvas));
    await expect(button(canvas)).toBeDisabled();
    await expect(mocks.fetchBuildInfo).toHaveBeenCalledOnce();
    await expect(alert).not.toHaveBeenCalled();
  },
};

/** Answered: the build is shown (as JSON, in the alert) and the button can ask again. */
export const Answered: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(button(canvas));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(JSON.stringify(BUILD, null, 2)));
    await expect(button(canvas)).toBeEnabled();
  },
};

/** The server did not answer: the reason is shown instead, and the button can ask again. */
export const Failed: Story = {
  beforeEach: () => void mocks.fetchBuildInfo.mockRejectedValue(new Error('offline')),
  play: async ({ canvas }) => {
    await userEvent.click(button(canvas));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error: offline'));
    await expect(button(canvas)).toBeEnabled();
  },
};
