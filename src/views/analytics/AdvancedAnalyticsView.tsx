/** Advanced Analytics: Its content comes in a later issue; the route, header and logout already work. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({ title: { id: 'route.advancedAnalytics', defaultMessage: 'Advanced Analytics' } });

export function AdvancedAnalyticsView() {
  return <ComingSoon title={m.title} />;
}
