import { createActorContext } from '@xstate/react';
import { recommendationsMachine } from './recommendations.machine';

/** The AI Crop Recommendations page, shared by its stat cards, toolbar, dialog and card list. */
export const RecommendationsContext = createActorContext(recommendationsMachine);
