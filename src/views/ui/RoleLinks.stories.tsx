import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { sessionMachine } from '@/machines/session.machine';
import type { Role } from '../../../contracts/common';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import { RoleLinks } from './RoleLinks';

const as = (role: Role) => ({
  logic: sessionMachine.provide({ actors: storySessionActors }),
  input: signedIn(demoUser(role)),
});

const linkTargets = (canvas: { queryAllByRole: (role: 'link') => HTMLElement[] }) =>
  canvas.queryAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

const meta = { title: 'UI/RoleLinks', component: RoleLinks } satisfies Meta<typeof RoleLinks>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Superadmin: Story = {
  parameters: { session: as('superadmin') },
  play: async ({ canvas }) => {
    await expect(linkTargets(canvas)).toEqual([
      [mr['roleLinks.addAdmin'], '/add-admin'],
      [mr['roleLinks.addCoordinator'], '/add-coordinator'],
      [mr['roleLinks.addFarmer'], '/add-farmer'],
    ]);
  },
};

export const Admin: Story = {
  parameters: { session: as('admin') },
  play: async ({ canvas }) => {
    await expect(linkTargets(canvas)).toEqual([
      [mr['roleLinks.addCoordinator'], '/add-coordinator'],
      [mr['roleLinks.addFarmer'], '/add-farmer'],
    ]);
  },
};

export const Coordinator: Story = {
  parameters: { session: as('coordinator') },
  play: async ({ canvas }) => {
    await expect(linkTargets(canvas)).toEqual([[mr['roleLinks.addFarmer'], '/add-farmer']]);
  },
};

export const Farmer: Story = {
  parameters: { session: as('farmer') },
  play: async ({ canvas }) => {
    await expect(linkTargets(canvas)).toEqual([]);
  },
};
