import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { notificationSettingsMachine, type NotificationSettings, type PushCheck } from '@/machines/notificationSettings.machine';
import { NotificationSettingsCard } from './NotificationSettingsCard';

const all = { inApp: true, push: true, sms: true, email: false };
const SETTINGS: NotificationSettings = {
  channels: { alertRaised: all, alertAssigned: all, alertEscalated: all, message: { inApp: true, push: false, sms: false, email: false } },
  quietHours: { enabled: true, start: '22:00', end: '06:00' },
};

const save = fn(async ({ input }: { input: NotificationSettings }) => input);
const enablePush = fn(async () => {});

/** The card's machine with fixed answers: the saved settings (or a failure) and what this device supports. */
const settings = (push: Partial<PushCheck>, load: () => Promise<NotificationSettings> = async () => SETTINGS) =>
  notificationSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(load),
      saveSettings: fromPromise(save),
      checkPush: fromPromise(async () => ({ support: 'default', serverEnabled: true, publicKey: 'BKey', subscribed: false, ...push }) as PushCheck),
      enablePush: fromPromise(enablePush),
      disablePush: fromPromise(async () => {}),
    },
  });

const meta = { title: 'Account/NotificationSettingsCard', component: NotificationSettingsCard, globals: { locale: 'mr' } } satisfies Meta<typeof NotificationSettingsCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Marathi: the choices per kind, a change is saved whole; push is off on this device and can be turned on. */
export const ChooseAndSave: Story = {
  args: { logic: settings({}) },
  play: async ({ canvas }) => {
    const messages = within(await canvas.findByRole('group', { name: mr['notificationSettings.kind.message'] }));
    await expect(canvas.getByRole('button', { name: mr['notificationSettings.save'] })).toBeDisabled();
    await userEvent.click(messages.getByRole('checkbox', { name: mr['notificationSettings.channel.email'] }));
    await userEvent.click(canvas.getByRole('button', { name: mr['notificationSettings.save'] }));
    await expect(await canvas.findByText(mr['notificationSettings.saved'])).toBeInTheDocument();
    await expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ input: expect.objectContaining({ channels: expect.objectContaining({ message: { inApp: true, push: false, sms: false, email: true } }) }) }),
    );
    await expect(canvas.getByText(mr['notificationSettings.push.off'])).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: mr['notificationSettings.push.enable'] }));
    await expect(await canvas.findByText(mr['notificationSettings.push.on'])).toBeInTheDocument();
    await expect(enablePush).toHaveBeenCalled();
  },
};

/** Marathi: notifications are blocked for the site in this browser: the card says how to allow them. */
export const PushBlocked: Story = {
  args: { logic: settings({ support: 'denied' }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['notificationSettings.push.denied'])).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: mr['notificationSettings.push.enable'] })).toBeNull();
  },
};

/** Marathi: the preferences could not be loaded; Retry is offered. */
export const LoadFailed: Story = {
  args: { logic: settings({ support: 'unsupported' }, () => Promise.reject(new Error('offline'))) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['notificationSettings.loadFailed'])).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: mr['notificationSettings.retry'] })).toBeEnabled();
    await expect(canvas.getByText(mr['notificationSettings.push.unsupported'])).toBeInTheDocument();
  },
};
