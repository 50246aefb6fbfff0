import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { fromPromise } from 'xstate';
import mr from '@/i18n/messages/mr.json';
import { recommendationsMachine, type Loaded } from '@/machines/recommendations.machine';
import { sessionMachine } from '@/machines/session.machine';
import { demoUser, signedIn, storySessionActors } from '@/views/storyFixtures';
import type { Recommendation } from '../../../contracts/recommendations';
import { AiRecommendationsView } from './AiRecommendationsView';

const session = { logic: sessionMachine.provide({ actors: storySessionActors }), input: signedIn(demoUser('coordinator')) };
// Crop names as the server's engine stores them: English, some with a gloss.
const rec = (id: string, cropName: string): Recommendation => ({
  _id: id, fieldId: 'f-1', fieldName: 'उत्तर शेत', fieldCode: 'FLD000001AAA', cropName, season: 'rabi', status: 'pending', confidence: 82,
  expectedYield: 14, yieldUnit: 'quintal', plantingDate: '2026-11-28', marketConditions: { currentPrice: 56500 },
  riskFactors: [], recommendations: [{ description: 'पेरणीपूर्वी जमीन तयार करा', timeline: 'पेरणीपूर्वी', priority: 'medium', cost: 3000 }],
  createdAt: '2026-11-21T10:00:00.000Z',
});
const LOADED: Loaded = {
  fields: [{ _id: 'f-1', fieldId: 'FLD000001AAA', name: 'उत्तर शेत', farmerId: 'u-1', lat: null, lng: null }],
  recommendations: [rec('r-1', 'Gram (chickpea)'), rec('r-2', 'Rabi jowar (sorghum)'), rec('r-3', 'Turmeric'), rec('r-4', 'Dragon fruit')],
  stats: null,
};

const meta = {
  title: 'Recommendations/AiRecommendationsView',
  component: AiRecommendationsView,
  args: { logic: recommendationsMachine.provide({ actors: { load: fromPromise(async () => LOADED) } }) },
  parameters: { session, route: '/ai-recommendations' },
} satisfies Meta<typeof AiRecommendationsView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The cards name the engine's crops in Marathi; a crop the app does not know keeps its name. */
export const CropsInMarathi: Story = {
  play: async ({ canvas }) => {
    const headings = (await canvas.findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    await expect(headings).toEqual([mr['crop.chana'], mr['crop.rabiJowar'], mr['crop.turmeric'], 'Dragon fruit']);
  },
};
