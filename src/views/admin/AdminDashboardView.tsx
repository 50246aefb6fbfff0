/** Admin Dashboard: Placeholder until its owner builds the screen; the route, header and logout already work. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({ title: { id: 'route.adminDashboard', defaultMessage: 'Admin Dashboard' } });

export function AdminDashboardView() {
  return <ComingSoon title={m.title} subtitle={m.title} />;
}
