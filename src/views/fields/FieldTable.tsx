/** The field table with its Set Field Location dialog (spec section 2, Field table). */
import { Suspense, useCallback, useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { FieldTableContext } from '@/machines/fieldTable.context';
import { cropLabel } from '@/views/ui/cropLabels';
import { parseCoordinates, type CoordinateError } from '../map/pinBounds';
import { Pager } from '@/views/ui/Pager';
import { useT } from '@/i18n/useT';
import { fm } from './fieldMessages';
import { formatDate, formatNum } from '@/i18n/format';
import { lazyRetry } from '@/shared/lazyRetry';
import { EditFieldDialog } from './EditFieldDialog';

const em = defineMessages({
  actions: { id: 'people.col.actions', defaultMessage: 'Actions' },
  edit: { id: 'fieldTable.editField', defaultMessage: 'Edit' },
});

// The map (maplibre + WebGL) loads only when the dialog opens.
const LocationPicker = lazyRetry(() => import('../map/LocationPicker').then((x) => ({ default: x.LocationPicker })));

const HEALTH = { good: fm.good, warning: fm.warning, alert: fm.alert };

/**
 * Latitude and longitude typed by hand (a farmer's paper record, another app): checked here, each box with
 * its own message, and sent as a pick when both are right. Re-mounted (keyed) when the position changes
 * another way, so the boxes always show the current position.
 */
function TypedCoordinates({ position, disabled, format, onPick }: {
  position: { lat: number; lng: number } | null;
  disabled: boolean;
  format: (n: number) => string;
  onPick: (p: { lat: number; lng: number }) => void;
}) {
  const t = useT();
  const [lat, setLat] = useState(position ? format(position.lat) : '');
  const [lng, setLng] = useState(position ? format(position.lng) : '');
  const [errors, setErrors] = useState<Partial<Record<'lat' | 'lng', CoordinateError>>>({});
  const id = useId();
  const apply = () => {
    const r = parseCoordinates(lat, lng);
    if ('errors' in r) setErrors(r.errors);
    else {
      setErrors({});
      onPick(r.position);
    }
  };
  const box = (key: 'lat' | 'lng', value: string, set: (v: string) => void) => (
    <div className="coordinate-box">
      <label htmlFor={`${id}-${key}`}>{t(key === 'lat' ? fm.latitude : fm.longitude)}</label>
      <input
        id={`${id}-${key}`}
        name={key}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        disabled={disabled}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(e) => set(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
      {errors[key] && (
        <span className="field-error" id={`${id}-${key}-error`}>
          {t(fm[errors[key]])}
        </span>
      )}
    </div>
  );
  return (
    <fieldset className="typed-coordinates">
      <legend>{t(fm.typedTitle)}</legend>
      {box('lat', lat, setLat)}
      {box('lng', lng, setLng)}
      <button type="button" disabled={disabled} onClick={apply}>
        {t(fm.useTyped)}
      </button>
    </fieldset>
  );
}

export function FieldTable({ onAddField, editLogic }: { onAddField?: () => void; editLogic?: Parameters<typeof EditFieldDialog>[0]['logic'] }) {
  const intl = useIntl();
  const t = useT();
  // Which field's Edit Field dialog is open (view-local: the dialog runs its own machine, editField.machine.ts).
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const closeEdit = useCallback(() => setEditing(null), []);
  const actor = FieldTableContext.useActorRef();
  const fields = FieldTableContext.useSelector((s) => s.context.fields);
  const page = FieldTableContext.useSelector((s) => s.context.page);
  const totalPages = FieldTableContext.useSelector((s) => s.context.totalPages);
  const locating = FieldTableContext.useSelector((s) => s.context.locating);
  const position = FieldTableContext.useSelector((s) => s.context.position);
  const saveFailed = FieldTableContext.useSelector((s) => s.context.saveFailed);
  const loading = FieldTableContext.useSelector((s) => s.hasTag('loading'));
  const saving = FieldTableContext.useSelector((s) => s.hasTag('busy'));
  const canSave = FieldTableContext.useSelector((s) => s.can({ type: 'location.save' }));
  const finding = FieldTableContext.useSelector((s) => s.hasTag('finding'));
  const accuracy = FieldTableContext.useSelector((s) => s.context.accuracy);
  const locateFailed = FieldTableContext.useSelector((s) => s.context.locateFailed);
  const coordinate = (n: number) => formatNum(n, { maximumFractionDigits: 6, minimumFractionDigits: 6 });

  return (
    <section className="staff-panel" aria-busy={loading}>
      {onAddField && (
        <div className="toolbar">
          <button type="button" onClick={onAddField}>
            {t(fm.addField)}
          </button>
        </div>
      )}
      {/* One card a field on a phone (workspace.css `stacked`): the field's name heads it, each other cell says its column. */}
      <table className="staff-table stacked">
        <thead>
          <tr>
            <th>{t(fm.fieldName)}</th>
            <th>{t(fm.farmer)}</th>
            <th>{t(fm.crop)}</th>
            <th>{t(fm.status)}</th>
            <th>{t(fm.lastUpdate)}</th>
            <th>{t(fm.location)}</th>
            <th>{t(em.actions)}</th>
          </tr>
        </thead>
        <tbody>
          {!loading && fields.length === 0 && (
            <tr>
              <td colSpan={7}>{t(fm.noFields)}</td>
            </tr>
          )}
          {fields.map((f) => {
            const located = typeof f.lat === 'number' && typeof f.lng === 'number';
            return (
              <tr key={f._id}>
                <td className="stacked-title" data-label={t(fm.fieldName)}>
                  {f.fieldName}
                </td>
                <td data-label={t(fm.farmer)}>{f.farmerName ?? '--'}</td>
                <td data-label={t(fm.crop)}>{f.crop ? cropLabel(intl, f.crop) : '--'}</td>
                <td data-label={t(fm.status)}>
                  <span className={`badge badge-${f.status}`}>{t(HEALTH[f.status])}</span>
                </td>
                <td data-label={t(fm.lastUpdate)}>{f.lastSensorUpdate ? formatDate(intl, f.lastSensorUpdate) : '--'}</td>
                <td data-label={t(fm.location)}>
                  <span>
                    <span role="img" aria-label={t(located ? fm.locationSet : fm.locationMissing)}>
                      {located ? '✓' : '⚠'}
                    </span>{' '}
                    <button type="button" aria-label={`${t(located ? fm.editLocation : fm.setLocation)}: ${f.fieldName}`} onClick={() => actor.send({ type: 'location.open', field: f })}>
                      {t(located ? fm.editLocation : fm.setLocation)}
                    </button>
                  </span>
                </td>
                <td className="actions" data-label={t(em.actions)}>
                  <button type="button" aria-label={`${t(em.edit)}: ${f.fieldName}`} onClick={() => setEditing({ id: f._id, name: f.fieldName })}>
                    {t(em.edit)}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Pager page={page} totalPages={totalPages} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
      {locating && (
        <div className="dialog-backdrop">
          <div role="dialog" aria-modal="true" aria-label={t(fm.dialogTitle)} className="dialog dialog-wide">
            <h2>
              {t(fm.dialogTitle)}: {locating.fieldName}
            </h2>
            <p className="muted">{t(fm.clickToSet)}</p>
            <Suspense fallback={<div className="map-frame" />}>
              <LocationPicker position={position} onPick={(p) => actor.send({ type: 'location.pick', position: p })} />
            </Suspense>
            {position && <p data-testid="picked-position">{t(fm.position, { lat: coordinate(position.lat), lng: coordinate(position.lng) })}</p>}
            {position && accuracy !== null && (
              <p className="muted" data-testid="position-accuracy">
                {t(fm.accuracy, { metres: formatNum(Math.round(accuracy), { maximumFractionDigits: 3 }) })}
              </p>
            )}
            <div className="location-tools">
              <button type="button" disabled={finding || saving} onClick={() => actor.send({ type: 'location.locate' })}>
                {t(finding ? fm.finding : fm.useMyLocation)}
              </button>
              {locateFailed && (
                <p className="field-error" role="status">
                  {t(fm.locateFailed)}
                </p>
              )}
            </div>
            <TypedCoordinates
              key={position ? `${position.lat},${position.lng}` : 'none'}
              position={position}
              disabled={finding || saving}
              format={coordinate}
              onPick={(p) => actor.send({ type: 'location.pick', position: p })}
            />
            {saveFailed && (
              <p role="alert" className="banner banner-error">
                {t(fm.saveFailed)}
              </p>
            )}
            <div className="form-actions">
              <button type="button" disabled={saving} onClick={() => actor.send({ type: 'location.cancel' })}>
                {t(fm.cancel)}
              </button>
              <button type="button" className="primary" disabled={!canSave || saving} onClick={() => actor.send({ type: 'location.save' })}>
                {t(saving ? fm.saving : fm.save)}
              </button>
            </div>
          </div>
        </div>
      )}
      {editing && <EditFieldDialog fieldId={editing.id} name={editing.name} onClose={closeEdit} logic={editLogic} />}
    </section>
  );
}
