import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { signInAccessMachine, type AccessAction, type AdminSignIn } from '@/machines/signInAccess.machine';
import { never, storyActors } from '@/views/storyFixtures';
import { SignInAccessDialog } from './SignInAccessDialog';
import { storyCoordinators } from './peopleStoryFixtures';

const PERSON = storyCoordinators[0];
/** A coordinator with two-factor on, two devices signed in, one address waiting after failed sign-ins. */
const DATA: AdminSignIn = {
  user: { _id: PERSON._id, name: PERSON.name, email: PERSON.email, role: 'coordinator' },
  activeSessions: 2,
  twoFactor: true,
  roleChoices: ['admin'],
  throttled: [{ ipAddress: '103.21.58.4', retryAt: '2026-11-26T06:15:00.000Z' }],
  history: [
    { _id: '00000000-0000-4000-8000-000000000601', timestamp: '2026-11-26T06:00:00.000Z', status: 'throttled', reason: null, ipAddress: '103.21.58.4', deviceType: 'mobile', retryAt: '2026-11-26T06:15:00.000Z', actorId: null },
    { _id: '00000000-0000-4000-8000-000000000602', timestamp: '2026-11-25T04:30:00.000Z', status: 'success', reason: null, ipAddress: '49.36.10.7', deviceType: 'mobile', retryAt: null, actorId: null },
  ],
};

const { mocks, actors, reset } = storyActors({
  load: async (_userId: string): Promise<AdminSignIn> => DATA,
  act: async (_input: { userId: string; action: AccessAction }): Promise<unknown> => ({ success: true }),
});
const { load, act } = mocks;

const meta = {
  title: 'People/SignInAccessDialog',
  component: SignInAccessDialog,
  args: { userId: PERSON._id, name: PERSON.name, onClose: fn(), logic: signInAccessMachine.provide({ actors }) },
  beforeEach: reset,
} satisfies Meta<typeof SignInAccessDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvas: HTMLElement) => within(within(canvas).getByRole('dialog', { name: mr['access.title'].replace('{name}', PERSON.name) }));
const button = (name: keyof typeof mr) => ({ name: mr[name] });

/** Loading: only the loading line; every action waits. */
export const Loading: Story = {
  beforeEach: () => void load.mockImplementation(never),
  play: async ({ canvasElement }) => {
    const d = dialog(canvasElement);
    await expect(d.getByRole('status')).toHaveTextContent(mr['access.loading']);
    await expect(d.getByRole('button', button('access.end'))).toBeDisabled();
    await expect(d.getByRole('button', button('access.close'))).toBeEnabled();
  },
};

/** Ready: role, two-factor, the waiting address, devices and recent events; the superadmin may make them admin. */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const d = dialog(canvasElement);
    await expect(await d.findByText(/103\.21\.58\.4 —/)).toBeInTheDocument();
    await expect(d.getByText(new RegExp(mr['access.role'].replace('{role}', mr['profile.role.coordinator'])))).toHaveTextContent(mr['access.twoFactorOn']);
    await expect(d.getByText(mr['access.sessions'].replace(/.*other \{(.*)#\}\}$/, '$1') + '2')).toBeInTheDocument();
    await expect(d.getAllByRole('listitem')).toHaveLength(3);
    await expect(d.getByRole('button', button('access.twoFactor'))).toBeEnabled();
    await expect(d.getByRole('button', button('access.makeAdmin'))).toBeEnabled();
    await expect(d.queryByRole('button', button('access.makeCoordinator'))).toBeNull();
    await expect(load).toHaveBeenCalledWith(PERSON._id);
  },
};

/** The history could not be read: the reason with Try again, which reads it. */
export const LoadFailedThenRetry: Story = {
  beforeEach: () => void load.mockRejectedValueOnce(new Error('offline')),
  play: async ({ canvasElement }) => {
    const d = dialog(canvasElement);
    await expect(await d.findByRole('alert')).toHaveTextContent(mr['access.loadFailed']);
    await expect(d.getByRole('button', button('access.invite'))).toBeDisabled();
    await userEvent.click(d.getByRole('button', button('access.retry')));
    await expect(await d.findByText(mr['access.recent'])).toBeInTheDocument();
    await expect(d.queryByRole('alert')).toBeNull();
  },
};

/** End all sessions: asked first, naming the person; Cancel sends nothing. */
export const ConfirmingThenCancel: Story = {
  play: async ({ canvasElement }) => {
    const d = dialog(canvasElement);
    await userEvent.click(await d.findByRole('button', button('access.end')));
    await expect(d.getByRole('alertdialog', button('access.end'))).toHaveTextContent(mr['access.confirmEnd'].replace('{name}', PERSON.name));
    await userEvent.click(within(d.getByRole('alertdialog')).getByRole('button', button('access.cancel')));
    await expect(d.queryByRole('alertdialog')).toBeNull();
    await expect(act).not.toHaveBeenCalled();
  },
};

/** Confirmed: the action is sent, the history is read again and the dialog says it was done. */
export const Done: Story = {
  play: async ({ canvasElement }) => {
    const d = dialog(canvasElement);
    await userEvent.click(await d.findByRole('button', button('access.clear')));
    await userEvent.click(d.getByRole('button', button('access.confirm')));
    await expect(await d.findByText(mr['access.doneClear'])).toBeInTheDocument();
    await expect(act).toHaveBeenCalledWith({ userId: PERSON._id, action: 'clear' });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  },
};

/** The action failed: the dialog stays, says so, and the actions are offered again. */
export const ActionFailed: Story = {
  beforeEach: () => void act.mockRejectedValue(new Error('offline')),
  play: async ({ canvasElement }) => {
    const d = dialog(canvasElement);
    await userEvent.click(await d.findByRole('button', button('access.invite')));
    await userEvent.click(d.getByRole('button', button('access.confirm')));
    await expect(await d.findByRole('alert')).toHaveTextContent(mr['access.actFailed']);
    await expect(d.getByRole('button', button('access.invite'))).toBeEnabled();
    await expect(load).toHaveBeenCalledTimes(1);
  },
};
