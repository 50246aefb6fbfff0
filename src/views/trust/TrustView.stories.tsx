import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { sessionMachine } from '@/machines/session.machine';
import { trustMachine, type TrustFigures } from '@/machines/trust.machine';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import { TrustView } from './TrustView';
import { TRUST_EMPTY, TRUST_FIGURES } from './trustFixtures';

const session = {
  logic: sessionMachine.provide({ actors: storySessionActors }),
  input: signedIn(demoUser('farmer')),
};
const withFigures = (f: TrustFigures) => trustMachine.provide({ actors: { load: fromPromise(async () => f) } });

const meta = { title: 'Trust/TrustView', component: TrustView, parameters: { session, route: '/trust' } } satisfies Meta<typeof TrustView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  args: { logic: withFigures(TRUST_FIGURES) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: mr['trust.tab.overview'] })).toHaveAttribute('aria-selected', 'true');
    await expect(await canvas.findByText('91.4')).toBeInTheDocument();
    await expect(canvas.getByText('99.9%')).toBeInTheDocument();
    await expect(canvas.getByText('82%')).toBeInTheDocument();
    await expect(canvas.getByText(mr['trust.demo'])).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
  },
};

export const OtherTabs: Story = {
  args: { logic: withFigures(TRUST_FIGURES) },
  play: async ({ canvas }) => {
    await canvas.findByText('91.4');
    await userEvent.click(canvas.getByRole('tab', { name: mr['trust.tab.security'] }));
    await expect(canvas.getByText('12.5%')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: mr['trust.tab.transparency'] }));
    await expect(canvas.getByText(mr['trust.kept.never'])).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: mr['trust.tab.community'] }));
    await expect(canvas.getByText('14')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: mr['trust.tab.socialImpact'] }));
    await expect(canvas.getByText('75%')).toBeInTheDocument();
  },
};

export const NothingMeasuredYet: Story = {
  args: { logic: withFigures(TRUST_EMPTY) },
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByText(mr['trust.notMeasured'])).length).toBeGreaterThanOrEqual(3);
  },
};
