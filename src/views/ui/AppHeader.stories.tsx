import type { Meta, StoryObj } from '@storybook/react-vite';
import { defineMessages } from 'react-intl';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { sessionMachine } from '@/machines/session.machine';
import { prefs } from '@/stores/prefs';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import { AppHeader } from './AppHeader';

const m = defineMessages({ admin: { id: 'route.adminDashboard', defaultMessage: 'Admin Dashboard' } });

const logoutFn = fn<(input: { refreshToken: string | null; userId: string | null }) => Promise<void>>();
const navigate = fn<(to: string) => void>();

const ADMIN = demoUser('admin', { name: 'Anil Deshmukh' });
const session = {
  logic: sessionMachine.provide({
    actors: { logout: fromPromise(({ input }) => logoutFn(input)), ...storySessionActors },
    actions: { navigate: (_, { to }) => navigate(to) },
  }),
  input: signedIn(ADMIN),
};

const meta = {
  title: 'UI/AppHeader',
  component: AppHeader,
  parameters: { session },
  beforeEach: () => {
    logoutFn.mockReset().mockResolvedValue(undefined);
    navigate.mockReset();
    const before = prefs.locale;
    return () => {
      prefs.locale = before;
    };
  },
} satisfies Meta<typeof AppHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('शेतमित्र')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: mr['header.profile'] })).toHaveAttribute('href', '/profile');
    await userEvent.click(canvas.getByRole('button', { name: mr['header.logout'] }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    await expect(logoutFn).toHaveBeenCalledWith({ refreshToken: 'refresh-1', userId: ADMIN._id });
  },
};

export const AdminSubtitle: Story = {
  args: { subtitle: m.admin },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(mr['route.adminDashboard'])).toBeInTheDocument();
  },
};

export const SwitchesLanguage: Story = {
  play: async ({ canvas }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: mr['language.label'] }), 'hi');
    await expect(prefs.locale).toBe('hi');
  },
};
