import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { profileMachine } from '@/machines/profile.machine';
import type { Profile, ProfileDraft } from '@/machines/profile.machine';
import type { SendOrQueued } from '@/machines/outbox.machine';
import { ProfileView } from './ProfileView';
import { storyProfile, storySession } from './storyFixtures';

const save = fn<(draft: ProfileDraft) => Promise<SendOrQueued<{ user: Profile }>>>();
const logic = profileMachine.provide({
  actors: {
    loadProfile: fromPromise(async () => ({ user: storyProfile, fields: [{ _id: 'f1', fieldId: 'FLD202601AAA', name: 'शिरूर मळा 1' }] })),
    saveProfile: fromPromise(({ input }) => save(input)),
  },
});

const meta = {
  title: 'Account/ProfileView',
  component: ProfileView,
  args: { logic },
  parameters: { session: storySession, route: '/profile' },
  beforeEach: () => {
    save.mockReset().mockImplementation(async (d) => ({ sent: { user: { ...storyProfile, ...d, phoneNumber: d.phoneNumber || null } as Profile } }));
  },
} satisfies Meta<typeof ProfileView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EditAndSave: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: mr['profile.edit'] }));
    const name = canvas.getByLabelText(mr['profile.name']);
    await userEvent.clear(name);
    await userEvent.click(canvas.getByRole('button', { name: mr['profile.save'] }));
    await expect(canvas.getByText(mr['profile.error.nameRequired'])).toBeInTheDocument();
    await userEvent.type(name, 'रमेश स. पाटील');
    await expect(canvas.queryByText(mr['profile.error.nameRequired'])).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: mr['profile.save'] }));
    await waitFor(() => expect(canvas.getByText(mr['profile.saved'])).toBeInTheDocument());
    await expect(save).toHaveBeenCalledWith(expect.objectContaining({ name: 'रमेश स. पाटील', pincode: '412210' }));
  },
};

export const CancelRestores: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: mr['profile.edit'] }));
    await userEvent.type(canvas.getByLabelText(mr['profile.pincode']), '9');
    await userEvent.click(canvas.getByRole('button', { name: mr['account.cancel'] }));
    await expect(canvas.getByText('412210')).toBeInTheDocument();
    await expect(save).not.toHaveBeenCalled();
  },
};

export const LoadFailed: Story = {
  args: { logic: profileMachine.provide({ actors: { loadProfile: fromPromise(async () => Promise.reject(new Error('offline'))) } }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(mr['profile.loadFailed'])).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: mr['account.retry'] })).toBeEnabled();
  },
};
