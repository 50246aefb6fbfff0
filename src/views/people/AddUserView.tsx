/** Add Admin / Coordinator / Farmer: placeholder until its owner builds the form; the route already works. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({
  admin: { id: 'roleLinks.addAdmin', defaultMessage: 'Add Admin' },
  coordinator: { id: 'roleLinks.addCoordinator', defaultMessage: 'Add Coordinator' },
  farmer: { id: 'roleLinks.addFarmer', defaultMessage: 'Add Farmer' },
});

export function AddUserView({ role }: { role: 'admin' | 'coordinator' | 'farmer' }) {
  return <ComingSoon title={m[role]} />;
}
