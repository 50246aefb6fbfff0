import { createActorContext } from '@xstate/react';
import { yieldTrendsMachine } from './yieldTrends.machine';

export const YieldTrendsContext = createActorContext(yieldTrendsMachine);
