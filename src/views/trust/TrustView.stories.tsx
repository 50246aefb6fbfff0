import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { fromCallback } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { sessionMachine } from '@/machines/session.machine';
import { demoUser, signedIn } from '@/views/storyFixtures';
import { TrustView } from './TrustView';

const session = {
  logic: sessionMachine.provide({ actors: { authBridge: fromCallback(() => () => {}) } }),
  input: signedIn(demoUser('farmer')),
};

const meta = { title: 'Trust/TrustView', component: TrustView, parameters: { session, route: '/trust' } } satisfies Meta<typeof TrustView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: mr['trust.tab.overview'] })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByText('98.5')).toBeInTheDocument();
    await expect(canvas.getByText('99.9%')).toBeInTheDocument();
    await expect(canvas.getByText('4.5 / 5')).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
  },
};

export const OtherTabsAreEmpty: Story = {
  play: async ({ canvas }) => {
    for (const tab of ['trust.tab.security', 'trust.tab.transparency', 'trust.tab.community', 'trust.tab.socialImpact'] as const) {
      await userEvent.click(canvas.getByRole('tab', { name: mr[tab] }));
      await expect(canvas.getByRole('tabpanel')).toHaveTextContent(mr['trust.noContent']);
      await expect(canvas.queryByText('98.5')).not.toBeInTheDocument();
    }
  },
};
