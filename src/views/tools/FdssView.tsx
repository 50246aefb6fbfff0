/** Farm Decision Support: Placeholder until its owner builds the screen; the route, header and logout already work. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({ title: { id: 'route.fdss', defaultMessage: 'Farm Decision Support' } });

export function FdssView() {
  return <ComingSoon title={m.title} />;
}
