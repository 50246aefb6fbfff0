/**
 * Edit Field (issue 19), opened from the field table: name, crop, area, soil, irrigation and address of one
 * field. The dialog runs editFieldMachine; it closes itself when the machine is done (saved, unchanged or
 * cancelled).
 */
import { useEffect, useId, type ReactNode } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { editFieldMachine, type FieldEditProblem } from '@/machines/editField.machine';
import { AREA_UNITS, CROP_STATUSES, IRRIGATION_TYPES, SOIL_TYPES } from '../../../contracts/fieldValues';
import type { FieldEditKey } from '../../../contracts/fields';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { cropLabel } from '@/views/ui/cropLabels';
import { m as af, options } from './addFieldMessages';

const m = defineMessages({
  title: { id: 'editField.title', defaultMessage: 'Edit field: {name}' },
  loading: { id: 'editField.loading', defaultMessage: 'Loading field details...' },
  loadFailed: { id: 'editField.loadFailed', defaultMessage: 'Could not load the field.' },
  retry: { id: 'editField.retry', defaultMessage: 'Try again' },
  saveFailed: { id: 'editField.saveFailed', defaultMessage: 'Could not save the field.' },
  save: { id: 'editField.save', defaultMessage: 'Save' },
  saving: { id: 'editField.saving', defaultMessage: 'Saving...' },
  cancel: { id: 'editField.cancel', defaultMessage: 'Cancel' },
  audited: { id: 'editField.audited', defaultMessage: 'Changes are recorded in the audit trail.' },
});
const PROBLEM = defineMessages({
  name: { id: 'editField.problem.name', defaultMessage: 'Field name is required' },
  area: { id: 'editField.problem.area', defaultMessage: 'Area must be a number, 0 or more' },
  pincode: { id: 'editField.problem.pincode', defaultMessage: 'Pincode must be 6 digits' },
}) satisfies Record<FieldEditProblem, MessageDescriptor>;

const opt = options as Record<string, MessageDescriptor>;

type Props = { fieldId: string; name: string; onClose: () => void; logic?: typeof editFieldMachine };

export function EditFieldDialog({ fieldId, name, onClose, logic = editFieldMachine }: Props) {
  const intl = useIntl();
  const id = useId();
  const f = (d: MessageDescriptor, v?: Record<string, string>) => intl.formatMessage(d, v);
  const actor = useActorRef(logic, { input: { fieldId, cropText: (crop: string) => cropLabel(intl, crop) } });
  const state = useSelector(actor, (s) => s.value as string);
  const draft = useSelector(actor, (s) => s.context.draft);
  const problem = useSelector(actor, (s) => s.context.problem);
  const errorCause = useSelector(actor, (s) => s.context.errorCause);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  useEffect(() => {
    if (state === 'closed') onClose();
  }, [state, onClose]);

  const change = (field: FieldEditKey, value: string) => actor.send({ type: 'edit.change', field, value });
  const row = (key: FieldEditKey, label: MessageDescriptor, input: ReactNode) => (
    <div className="form-row">
      <label htmlFor={`${id}-${key}`}>{f(label)}</label>
      {input}
      {problem && key === (problem === 'area' ? 'areaValue' : problem) && (
        <span className="field-error" id={`${id}-${key}-error`} role="alert">
          {f(PROBLEM[problem])}
        </span>
      )}
    </div>
  );
  const text = (key: FieldEditKey, label: MessageDescriptor, extra: { inputMode?: 'decimal' | 'numeric'; max?: number } = {}) =>
    row(
      key,
      label,
      <input
        id={`${id}-${key}`}
        name={key}
        value={draft![key]}
        disabled={saving}
        inputMode={extra.inputMode}
        maxLength={extra.max ?? 200}
        aria-invalid={problem && key === (problem === 'area' ? 'areaValue' : problem) ? true : undefined}
        onChange={(e) => change(key, e.target.value)}
      />,
    );
  const select = (key: FieldEditKey, label: MessageDescriptor, values: readonly string[], allowNone = false) =>
    row(
      key,
      label,
      <select id={`${id}-${key}`} name={key} value={draft![key]} disabled={saving} onChange={(e) => change(key, e.target.value)}>
        {allowNone && <option value="">{f(af.none)}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {opt[v] ? f(opt[v]) : v}
          </option>
        ))}
      </select>,
    );

  return (
    <div className="dialog-backdrop">
      <section role="dialog" aria-modal="true" aria-label={f(m.title, { name })} className="dialog edit-field-dialog">
        <h2>{f(m.title, { name })}</h2>
        {state === 'loading' && <p role="status">{f(m.loading)}</p>}
        {state === 'loadFailed' && (
          <p role="alert" className="banner banner-error">
            {httpErrorMessage(intl, errorCause as never, m.loadFailed)}{' '}
            <button type="button" onClick={() => actor.send({ type: 'edit.retry' })}>
              {f(m.retry)}
            </button>
          </p>
        )}
        {state === 'editing' && !!errorCause && (
          <p role="alert" className="banner banner-error">
            {httpErrorMessage(intl, errorCause as never, m.saveFailed)}
          </p>
        )}
        {draft && (state === 'editing' || state === 'saving') && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'edit.save' });
            }}
          >
            <fieldset disabled={saving}>
              <legend>{f(af.basic)}</legend>
              {text('name', af.name, { max: 120 })}
            </fieldset>
            <fieldset disabled={saving}>
              <legend>{f(af.crop)}</legend>
              {text('cropName', af.cropName)}
              {text('cropVariety', af.cropVariety)}
              {select('cropStatus', af.cropStatus, CROP_STATUSES)}
            </fieldset>
            <fieldset disabled={saving}>
              <legend>{f(af.location)}</legend>
              {text('areaValue', af.areaValue, { inputMode: 'decimal', max: 20 })}
              {select('areaUnit', af.areaUnit, AREA_UNITS)}
              {text('village', af.village)}
              {text('district', af.district)}
              {text('state', af.state)}
              {text('pincode', af.pincode, { inputMode: 'numeric', max: 6 })}
              {text('fullAddress', af.fullAddress, { max: 500 })}
            </fieldset>
            <fieldset disabled={saving}>
              <legend>{f(af.soil)}</legend>
              {select('soilType', af.soilType, SOIL_TYPES, true)}
              {select('irrigationType', af.irrigationType, IRRIGATION_TYPES)}
            </fieldset>
            <p className="hint">{f(m.audited)}</p>
            <div className="form-actions">
              <button type="button" disabled={saving} onClick={() => actor.send({ type: 'edit.cancel' })}>
                {f(m.cancel)}
              </button>
              <button type="submit" className="primary" disabled={saving}>
                {f(saving ? m.saving : m.save)}
              </button>
            </div>
          </form>
        )}
        {state === 'loadFailed' && (
          <div className="form-actions">
            <button type="button" onClick={() => actor.send({ type: 'edit.cancel' })}>
              {f(m.cancel)}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
