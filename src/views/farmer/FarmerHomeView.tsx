/** Farmer Home: Placeholder until its owner builds the screen; the route, header and logout already work. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({ title: { id: 'route.farmerHome', defaultMessage: 'Farmer Home' } });

export function FarmerHomeView() {
  return <ComingSoon title={m.title} />;
}
