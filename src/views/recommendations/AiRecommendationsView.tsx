/** AI Crop Recommendations: Its content comes in a later issue; the route, header and logout already work. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({ title: { id: 'route.aiRecommendations', defaultMessage: 'AI Crop Recommendations' } });

export function AiRecommendationsView() {
  return <ComingSoon title={m.title} />;
}
