/** GPS Field Mapping: Its content comes in a later issue; the route, header and logout already work. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({ title: { id: 'route.gpsFieldMapping', defaultMessage: 'GPS Field Mapping' } });

export function GpsFieldMappingView() {
  return <ComingSoon title={m.title} />;
}
