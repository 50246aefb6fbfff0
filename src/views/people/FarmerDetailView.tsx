/** A farmer's page and its edit mode: placeholder until its owner builds it; the route already works. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({
  view: { id: 'route.farmer', defaultMessage: 'Farmer' },
  edit: { id: 'route.farmerEdit', defaultMessage: 'Edit Farmer' },
});

export function FarmerDetailView({ mode }: { id: string; mode: 'view' | 'edit' }) {
  return <ComingSoon title={mode === 'edit' ? m.edit : m.view} />;
}
