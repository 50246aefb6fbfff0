import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import { recommendationMachine } from '@/machines/recommendation.machine';
import { never, storyActors } from '@/views/storyFixtures';
import type { Recommendation, RecommendationStatus } from '../../../contracts/recommendations';
import { RecommendationCard } from './RecommendationCard';
import './recommendations.css';

const REC: Recommendation = {
  _id: 'r-1', fieldId: 'f-1', fieldName: 'उत्तर शेत', fieldCode: 'FLD000001AAA', cropName: 'Gram (chickpea)', season: 'rabi', status: 'pending',
  confidence: 82, expectedYield: 14, yieldUnit: 'quintal', plantingDate: '2026-11-28', marketConditions: { currentPrice: 56500 },
  riskFactors: [{ factor: 'मर रोगाचा धोका', severity: 'high' }],
  recommendations: [
    { description: 'पेरणीपूर्वी जमीन तयार करा', timeline: 'पेरणीपूर्वी', priority: 'medium', cost: 3000 },
    { description: 'बियाण्यास ट्रायकोडर्मा लावा', timeline: 'पेरणीच्या दिवशी', priority: 'high', cost: 0 },
  ],
  createdAt: '2026-11-21T10:00:00.000Z',
};

/** The server answers a status change with the recommendation as it now is. */
const { mocks, actors, reset } = storyActors({
  updateStatus: async ({ status }: { id: string; status: RecommendationStatus }): Promise<Recommendation> => ({ ...REC, status }),
});

const logic = recommendationMachine.provide({ actors });

/** One card in its own recommendation actor, as the page spawns one per recommendation. */
function RecommendationCardStory({ rec }: { rec: Recommendation }) {
  const actor = useActorRef(logic, { input: { rec } });
  return (
    <main className="page recs-page">
      <RecommendationCard actor={actor} />
    </main>
  );
}

const meta = {
  title: 'Recommendations/RecommendationCard',
  component: RecommendationCardStory,
  args: { rec: REC },
  beforeEach: reset,
} satisfies Meta<typeof RecommendationCardStory>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const card = (canvas: Canvas) => canvas.getByRole('article', { name: mr['crop.chana'] });
const status = (canvas: Canvas) => within(card(canvas)).getByTestId('rec-status');
const button = (canvas: Canvas, key: 'recs.card.approve' | 'recs.card.reject' | 'recs.card.implement') => within(card(canvas)).queryByRole('button', { name: mr[key] });
const buttons = (canvas: Canvas) => within(card(canvas)).queryAllByRole('button').map((b) => b.textContent);

/** Pending: the crop in Marathi, field, season, figures, risks and actions; Approve, Reject and Mark Implemented. */
export const Pending: Story = {
  play: async ({ canvas }) => {
    await expect(status(canvas)).toHaveTextContent(mr['recs.status.pending']);
    await expect(card(canvas)).toHaveTextContent(`उत्तर शेत · FLD000001AAA · ${mr['recs.season.rabi']}`);
    await expect(card(canvas)).toHaveTextContent('मर रोगाचा धोका');
    await expect(within(card(canvas)).getAllByRole('listitem')).toHaveLength(3);
    await expect(buttons(canvas)).toEqual([mr['recs.card.approve'], mr['recs.card.reject'], mr['recs.card.implement']]);
    await expect(card(canvas)).toHaveAttribute('aria-busy', 'false');
  },
};

/** Approving: the card is busy and every button held until the server answers. */
export const Approving: Story = {
  beforeEach: () => void mocks.updateStatus.mockImplementation(never),
  play: async ({ canvas }) => {
    await userEvent.click(button(canvas, 'recs.card.approve')!);
    await expect(card(canvas)).toHaveAttribute('aria-busy', 'true');
    for (const b of within(card(canvas)).getAllByRole('button')) await expect(b).toBeDisabled();
    await expect(mocks.updateStatus).toHaveBeenCalledWith({ id: 'r-1', status: 'approved' });
  },
};

/** Approved: the status says so and only Mark Implemented is left. */
export const Approved: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(button(canvas, 'recs.card.approve')!);
    await waitFor(() => expect(status(canvas)).toHaveTextContent(mr['recs.status.approved']));
    await expect(buttons(canvas)).toEqual([mr['recs.card.implement']]);
  },
};

/** A change the server refused (approve, then reject): the card says so, stays pending and offers the actions again. */
export const ChangeFailed: Story = {
  beforeEach: () => void mocks.updateStatus.mockRejectedValue(new Error('offline')),
  play: async ({ canvas }) => {
    await userEvent.click(button(canvas, 'recs.card.approve')!);
    await expect(await within(card(canvas)).findByRole('alert')).toHaveTextContent(mr['recs.error.status']);
    await expect(status(canvas)).toHaveTextContent(mr['recs.status.pending']);
    await expect(button(canvas, 'recs.card.reject')).toBeEnabled();
    await userEvent.click(button(canvas, 'recs.card.reject')!);
    await waitFor(() => expect(mocks.updateStatus).toHaveBeenCalledTimes(2));
    await expect(await within(card(canvas)).findByRole('alert')).toHaveTextContent(mr['recs.error.status']);
    await expect(buttons(canvas)).toEqual([mr['recs.card.approve'], mr['recs.card.reject'], mr['recs.card.implement']]);
  },
};

/** Rejected: the status says so; nothing more can be done with it. */
export const Rejected: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(button(canvas, 'recs.card.reject')!);
    await waitFor(() => expect(status(canvas)).toHaveTextContent(mr['recs.status.rejected']));
    await expect(buttons(canvas)).toEqual([]);
    await expect(mocks.updateStatus).toHaveBeenCalledWith({ id: 'r-1', status: 'rejected' });
  },
};

/** An approved card whose 'implemented' was refused: it says so and stays approved, Mark Implemented offered again. */
export const ImplementFailed: Story = {
  args: { rec: { ...REC, status: 'approved' } },
  beforeEach: () => void mocks.updateStatus.mockRejectedValue(new Error('offline')),
  play: async ({ canvas }) => {
    await expect(buttons(canvas)).toEqual([mr['recs.card.implement']]);
    await userEvent.click(button(canvas, 'recs.card.implement')!);
    await expect(await within(card(canvas)).findByRole('alert')).toHaveTextContent(mr['recs.error.status']);
    await expect(status(canvas)).toHaveTextContent(mr['recs.status.approved']);
    await expect(button(canvas, 'recs.card.implement')).toBeEnabled();
  },
};

/** Implemented (from approved): the status says so; nothing more can be done with it. */
export const Implemented: Story = {
  args: { rec: { ...REC, status: 'approved' } },
  play: async ({ canvas }) => {
    await userEvent.click(button(canvas, 'recs.card.implement')!);
    await waitFor(() => expect(status(canvas)).toHaveTextContent(mr['recs.status.implemented']));
    await expect(buttons(canvas)).toEqual([]);
    await expect(mocks.updateStatus).toHaveBeenCalledWith({ id: 'r-1', status: 'implemented' });
  },
};
