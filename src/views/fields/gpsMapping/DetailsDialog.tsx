/** 'View Details': one mapped field's status, position, area, elevation, soil, irrigation, place, accuracy and last survey. */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { formatDate } from '@/i18n/format';
import { useT } from '@/i18n/useT';
import { m } from './gpsMessages';
import { methodName, soilName, statusName, unitName, useNum } from './shared';
import { Pairs } from '@/views/ui/Pairs';

export function DetailsDialog() {
  const intl = useIntl();
  const t = useT();
  const num = useNum();
  const { send } = GpsMappingContext.useActorRef();
  const open = GpsMappingContext.useSelector((s) => s.matches({ ready: { main: 'details' } }));
  const loc = GpsMappingContext.useSelector((s) => s.context.locations.find((l) => l.fieldId === s.context.selected));
  if (!open || !loc) return null;
  const none = t(m.notRecorded);
  const [lng, lat] = loc.location.coordinates;
  const place = ['village', 'taluka', 'district', 'state']
    .map((k) => loc.metadata[k])
    .filter((v) => v != null && v !== '')
    .join(', ');
  const rows: [MessageDescriptor, string][] = [
    [m.dStatus, statusName(t, loc.status)],
    [m.dCoords, t(m.coords, { lat: num(lat, 5), lng: num(lng, 5) })],
    [m.dArea, loc.area.value != null ? t(m.areaValue, { value: num(loc.area.value), unit: unitName(t, loc.area.unit) }) : none],
    [m.dElevation, loc.elevation.value != null ? t(m.metres, { value: num(loc.elevation.value, 1) }) : none],
    [m.dSoil, soilName(t, loc.soilType)],
    [m.dIrrigation, loc.irrigationType || none],
    [m.dPlace, place || none],
    [m.dAccuracy, loc.accuracy != null ? `${num(loc.accuracy)}%` : none],
    [
      m.dSurvey,
      loc.lastSurvey.date
        ? t(m.surveyOn, { date: formatDate(intl, loc.lastSurvey.date, 'date'), method: methodName(t, loc.lastSurvey.method) })
        : none,
    ],
  ];
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="gps-details-title" className="card gps-dialog">
      <h2 id="gps-details-title">
        {t(m.detailsTitle)}: {loc.name}
      </h2>
      <Pairs className="gps-details" rows={rows} />
      <div className="gps-actions">
        <button type="button" className="button button-quiet" onClick={() => send({ type: 'details.close' })}>
          {t(m.close)}
        </button>
      </div>
    </div>
  );
}
