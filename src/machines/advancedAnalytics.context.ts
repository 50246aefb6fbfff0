import { createActorContext } from '@xstate/react';
import { advancedAnalyticsMachine } from './advancedAnalytics.machine';

/** The Advanced Analytics page, shared by its toolbar, cards, dialog and insights. */
export const AdvancedAnalyticsContext = createActorContext(advancedAnalyticsMachine);
