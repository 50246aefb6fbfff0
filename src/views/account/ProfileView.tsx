/** Profile: Placeholder until its owner builds the screen; the route, header and logout already work. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({ title: { id: 'route.profile', defaultMessage: 'Profile' } });

export function ProfileView() {
  return <ComingSoon title={m.title} />;
}
