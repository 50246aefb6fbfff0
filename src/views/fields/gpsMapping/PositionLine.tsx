/** Where the device is (or that the default position stands in for it), or that it is being located. */
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { useT } from '@/i18n/useT';
import { m } from './gpsMessages';
import { useNum } from './shared';

export function PositionLine() {
  const t = useT();
  const num = useNum();
  const position = GpsMappingContext.useSelector((s) => s.context.position);
  const source = GpsMappingContext.useSelector((s) => s.context.positionSource);
  const locating = GpsMappingContext.useSelector((s) => s.hasTag('locating'));
  if (locating || !position) return locating ? <p className="muted gps-position">{t(m.locating)}</p> : null;
  const values = { lat: num(position.latitude, 4), lng: num(position.longitude, 4) };
  return <p className="muted gps-position">{t(source === 'fallback' ? m.positionFallback : m.positionDevice, values)}</p>;
}
