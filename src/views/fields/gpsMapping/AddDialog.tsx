/** The 'Add Field Location' form: a field not yet mapped, its name, position (the device's by default) and survey details. */
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { useT } from '@/i18n/useT';
import { draftFrom } from './draftFrom';
import { m, SOIL_TYPES } from './gpsMessages';
import { FieldOptions } from '@/views/ui/FieldOptions';

export function AddDialog() {
  const intl = useIntl();
  const t = useT();
  const { send } = GpsMappingContext.useActorRef();
  const open = GpsMappingContext.useSelector((s) => s.matches({ ready: { main: 'adding' } }) || s.matches({ ready: { main: 'saving' } }));
  const busy = GpsMappingContext.useSelector((s) => s.hasTag('submitting'));
  const failure = GpsMappingContext.useSelector((s) => s.context.failure);
  const error = GpsMappingContext.useSelector((s) => s.context.error);
  const fields = GpsMappingContext.useSelector((s) => s.context.fields);
  const mapped = GpsMappingContext.useSelector((s) => s.context.locations);
  const position = GpsMappingContext.useSelector((s) => s.context.position);
  if (!open) return null;
  const taken = new Set(mapped.map((l) => l.fieldId));
  const choices = fields.filter((f) => !taken.has(f._id));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send({ type: 'add.submit', draft: draftFrom(new FormData(e.currentTarget)) });
  };
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="gps-add-title" className="card gps-dialog">
      <h2 id="gps-add-title">{intl.formatMessage(m.addOpen)}</h2>
      {choices.length === 0 ? <p className="muted">{t(m.noUnmapped)}</p> : null}
      <form onSubmit={submit} className="gps-form" noValidate>
        <label>
          {t(m.fieldLabel)}
          <select name="fieldId" defaultValue="" disabled={busy}>
            <option value="">{t(m.chooseField)}</option>
            <FieldOptions fields={choices} />
          </select>
        </label>
        <label>
          {t(m.nameLabel)}
          <input name="name" maxLength={120} disabled={busy} />
        </label>
        <label>
          {t(m.latLabel)}
          <input name="lat" inputMode="decimal" defaultValue={position ? String(position.latitude) : ''} disabled={busy} />
        </label>
        <label>
          {t(m.lngLabel)}
          <input name="lng" inputMode="decimal" defaultValue={position ? String(position.longitude) : ''} disabled={busy} />
        </label>
        <label>
          {t(m.areaLabel)}
          <input name="area" inputMode="decimal" disabled={busy} />
        </label>
        <label>
          {t(m.elevationLabel)}
          <input name="elevation" inputMode="decimal" disabled={busy} />
        </label>
        <label>
          {t(m.soilLabel)}
          <select name="soilType" defaultValue="unknown" disabled={busy}>
            {SOIL_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(m[`soil.${k}`])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t(m.irrigationLabel)}
          <input name="irrigationType" maxLength={40} disabled={busy} />
        </label>
        <label>
          {t(m.villageLabel)}
          <input name="village" maxLength={200} disabled={busy} />
        </label>
        <label>
          {t(m.talukaLabel)}
          <input name="taluka" maxLength={200} disabled={busy} />
        </label>
        <label>
          {t(m.districtLabel)}
          <input name="district" maxLength={200} disabled={busy} />
        </label>
        {failure === 'invalid' ? (
          <p role="alert" className="banner banner-error gps-wide">
            {t(m.invalid)}
          </p>
        ) : null}
        {failure === 'add' ? (
          <p role="alert" className="banner banner-error gps-wide">
            {httpErrorMessage(intl, error, m.addFailed)}
          </p>
        ) : null}
        <div className="gps-actions gps-wide">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t(busy ? m.saving : m.save)}
          </button>
          <button type="button" className="button button-quiet" disabled={busy} onClick={() => send({ type: 'add.cancel' })}>
            {t(m.cancel)}
          </button>
        </div>
      </form>
    </div>
  );
}
