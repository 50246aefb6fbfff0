/** One mapped field in a line: position, area and soil. */
import type { FieldLocation } from '@/machines/gpsMapping.machine';
import { useT } from '@/i18n/useT';
import { m } from './gpsMessages';
import { soilName, unitName, useNum } from './shared';

export function LocationLine({ loc }: { loc: FieldLocation }) {
  const t = useT();
  const num = useNum();
  const [lng, lat] = loc.location.coordinates;
  return (
    <span className="muted">
      {t(m.coords, { lat: num(lat, 4), lng: num(lng, 4) })}
      {loc.area.value != null ? ` · ${t(m.areaValue, { value: num(loc.area.value), unit: unitName(t, loc.area.unit) })}` : ''}
      {` · ${soilName(t, loc.soilType)}`}
    </span>
  );
}
