/**
 * 'Update GPS' asks before it moves a field: where the new position is, how far that is from where the field is
 * now, and, when the device gave no position, that the default position would be saved instead.
 */
import { defineMessages } from 'react-intl';
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { useT } from '@/i18n/useT';
import { formatNum } from '@/i18n/format';

const m = defineMessages({
  title: { id: 'gps.move.title', defaultMessage: 'Move {name}?' },
  distance: { id: 'gps.move.distance', defaultMessage: 'This moves the field {distance} km from where it is now.' },
  noCurrent: { id: 'gps.move.noCurrent', defaultMessage: 'The field has no position yet.' },
  far: { id: 'gps.move.far', defaultMessage: 'That is far: make sure you are standing in this field before you save.' },
  fallback: { id: 'gps.move.fallback', defaultMessage: 'Your device gave no position: the default position would be saved, not where you are.' },
  position: { id: 'gps.move.position', defaultMessage: 'New position: {lat}, {lng}' },
  confirm: { id: 'gps.move.confirm', defaultMessage: 'Move the field' },
  cancel: { id: 'gps.move.cancel', defaultMessage: 'Cancel' },
});

/** Farther than this, the dialog warns before the user confirms (the server refuses past GPS_MAX_MOVE_KM without it). */
const FAR_KM = 1;

export function GpsMoveDialog() {
  const t = useT();
  const { send } = GpsMappingContext.useActorRef();
  const open = GpsMappingContext.useSelector((s) => s.matches({ ready: { main: 'confirmingMove' } }));
  const name = GpsMappingContext.useSelector((s) => s.context.locations.find((l) => l.fieldId === s.context.selected)?.name ?? '');
  const position = GpsMappingContext.useSelector((s) => s.context.updatePosition);
  const fallback = GpsMappingContext.useSelector((s) => s.context.updateSource === 'fallback');
  const km = GpsMappingContext.useSelector((s) => s.context.moveKm);
  if (!open || !position) return null;
  const num = (n: number, digits: number) => formatNum(n, { maximumFractionDigits: digits });
  const warn = fallback || (km !== null && km > FAR_KM);
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="gps-move-title" className="card gps-dialog">
      <h2 id="gps-move-title">{t(m.title, { name })}</h2>
      <p>{t(m.position, { lat: num(position.latitude, 5), lng: num(position.longitude, 5) })}</p>
      <p className={warn ? 'banner banner-warn' : undefined}>
        {km === null ? t(m.noCurrent) : t(m.distance, { distance: num(km, km < 10 ? 2 : 0) })}
        {fallback ? <> {t(m.fallback)}</> : km !== null && km > FAR_KM ? <> {t(m.far)}</> : null}
      </p>
      <div className="gps-actions">
        <button type="button" className="button button-quiet" onClick={() => send({ type: 'gps.cancel' })}>
          {t(m.cancel)}
        </button>
        <button type="button" className="button button-primary" onClick={() => send({ type: 'gps.confirm' })}>
          {t(m.confirm)}
        </button>
      </div>
    </div>
  );
}
