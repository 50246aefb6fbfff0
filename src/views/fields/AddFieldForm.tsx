/** The Add Field form (spec section 2); every change is an event to addFieldMachine. */
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { AddFieldContext } from '@/machines/addField.context';
import type { DraftTextKey, SensorDraft } from '@/machines/addField.machine';
import type { FieldProblem } from '../../../contracts/addField';
import { AREA_UNITS, BOUNDS, CROP_STATUSES, IRRIGATION_TYPES, SOIL_TYPES, YIELD_UNITS } from '../../../contracts/fieldValues';
import { SENSOR_STATUSES, SENSOR_TYPES } from '../../../contracts/sensorTypes';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { m, options } from './addFieldMessages';

type Input = { key: DraftTextKey; label: MessageDescriptor; type?: string; bounds?: { min?: number; max?: number; step?: number }; choices?: readonly string[]; optional?: boolean };

const SECTIONS: { title: MessageDescriptor; inputs: Input[] }[] = [
  {
    title: m.location,
    inputs: [
      { key: 'lat', label: m.lat, type: 'number', bounds: { step: 0.000001 } },
      { key: 'lng', label: m.lng, type: 'number', bounds: { step: 0.000001 } },
      { key: 'state', label: m.state },
      { key: 'district', label: m.district },
      { key: 'village', label: m.village },
      { key: 'pincode', label: m.pincode },
      { key: 'fullAddress', label: m.fullAddress },
      { key: 'areaValue', label: m.areaValue, type: 'number', bounds: BOUNDS.area },
      { key: 'areaUnit', label: m.areaUnit, choices: AREA_UNITS },
    ],
  },
  {
    title: m.soil,
    inputs: [
      { key: 'soilType', label: m.soilType, choices: SOIL_TYPES, optional: true },
      { key: 'ph', label: m.ph, type: 'number', bounds: BOUNDS.ph },
      { key: 'organicMatter', label: m.organicMatter, type: 'number', bounds: BOUNDS.organicMatter },
      { key: 'nitrogen', label: m.nitrogen, type: 'number', bounds: BOUNDS.nitrogen },
      { key: 'phosphorus', label: m.phosphorus, type: 'number', bounds: BOUNDS.phosphorus },
      { key: 'potassium', label: m.potassium, type: 'number', bounds: BOUNDS.potassium },
      { key: 'lastTested', label: m.lastTested, type: 'date' },
    ],
  },
  {
    title: m.crop,
    inputs: [
      { key: 'cropName', label: m.cropName },
      { key: 'cropVariety', label: m.cropVariety },
      { key: 'plantedDate', label: m.plantedDate, type: 'date' },
      { key: 'expectedHarvest', label: m.expectedHarvest, type: 'date' },
      { key: 'cropStatus', label: m.cropStatus, choices: CROP_STATUSES },
      { key: 'yieldExpected', label: m.yieldExpected, type: 'number', bounds: BOUNDS.expectedYield },
      { key: 'yieldUnit', label: m.yieldUnit, choices: YIELD_UNITS },
    ],
  },
];

const PROBLEM_LABEL: Record<Exclude<FieldProblem, 'required'>, MessageDescriptor> = {
  ph: m.ph, organicMatter: m.organicMatter, nitrogen: m.nitrogen, phosphorus: m.phosphorus, potassium: m.potassium,
  expectedYield: m.yieldExpected, duration: m.duration, area: m.areaValue, lat: m.lat, lng: m.lng, sensorId: m.sensorId, timeSlot: m.timeSlots,
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend>{title}</legend>
      <div className="form-grid">{children}</div>
    </fieldset>
  );
}

export function AddFieldForm() {
  const intl = useIntl();
  const actor = AddFieldContext.useActorRef();
  const draft = AddFieldContext.useSelector((s) => s.context.draft);
  const farmers = AddFieldContext.useSelector((s) => s.context.farmers);
  const staff = AddFieldContext.useSelector((s) => s.context.actorRole !== 'farmer');
  const failure = AddFieldContext.useSelector((s) => s.context.failure);
  const busy = AddFieldContext.useSelector((s) => s.hasTag('busy'));
  const created = AddFieldContext.useSelector((s) => s.matches('created'));
  // The form takes typing once it can keep it: while the farmer list loads (slow on 2G) the machine takes no edits,
  // so the fields wait instead of dropping what was typed.
  const loadingFarmers = AddFieldContext.useSelector((s) => s.matches('loadingFarmers'));
  const change = (key: DraftTextKey, value: string) => actor.send({ type: 'form.change', key, value });
  const t = (d: MessageDescriptor, v?: Record<string, string | number>) => intl.formatMessage(d, v);
  const optionText = (v: string) => t(options[v as keyof typeof options]);

  const field = (i: Input) => (
    <label key={i.key}>
      <span>{t(i.label)}</span>
      {i.choices ? (
        <select name={i.key} value={draft[i.key]} onChange={(e) => change(i.key, e.target.value)}>
          {i.optional && <option value="">{t(m.none)}</option>}
          {i.choices.map((c) => (
            <option key={c} value={c}>
              {optionText(c)}
            </option>
          ))}
        </select>
      ) : (
        <input
          name={i.key}
          type={i.type ?? 'text'}
          min={i.bounds && 'min' in i.bounds ? i.bounds.min : undefined}
          max={i.bounds && 'max' in i.bounds ? i.bounds.max : undefined}
          step={i.bounds && 'step' in i.bounds ? i.bounds.step : undefined}
          value={draft[i.key]}
          onChange={(e) => change(i.key, e.target.value)}
        />
      )}
    </label>
  );
  const sensorChange = (index: number, key: keyof SensorDraft, value: string) => actor.send({ type: 'sensor.change', index, key, value });

  return (
    <main className="staff-page">
      <button type="button" className="link-button" onClick={() => actor.send({ type: 'form.cancel' })}>
        ← {t(m.back)}
      </button>
      <h1>{t(m.title)}</h1>
      {created && (
        <section role="status" className="banner banner-success">
          <p>{t(m.created)}</p>
          <button type="button" onClick={() => actor.send({ type: 'nav.dashboard' })}>
            {t(m.goDashboard)}
          </button>
        </section>
      )}
      {failure && (
        <p role="alert" className="banner banner-error">
          {failure.kind === 'failed'
            ? httpErrorMessage(intl, failure.error, m.failed)
            : failure.problems.includes('required')
              ? t(m.required)
              : t(m.outOfRange, { fields: failure.problems.map((p) => t(PROBLEM_LABEL[p as Exclude<FieldProblem, 'required'>])).join(', ') })}
        </p>
      )}
      <form
        className="staff-form"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <fieldset className="plain-fieldset" disabled={loadingFarmers}>
          <Section title={t(m.basic)}>
            <label>
              <span>{t(m.name)} *</span>
              <input name="name" value={draft.name} onChange={(e) => change('name', e.target.value)} />
            </label>
            <label>
              <span>{t(m.fieldId)} *</span>
              <span className="input-with-button">
                <input name="fieldId" value={draft.fieldId} onChange={(e) => change('fieldId', e.target.value)} />
                <button type="button" onClick={() => actor.send({ type: 'fieldId.generate' })}>
                  {t(m.generate)}
                </button>
              </span>
            </label>
            {staff && (
              <label>
                <span>{t(m.farmer)}</span>
                <select name="farmerId" value={draft.farmerId} onChange={(e) => change('farmerId', e.target.value)}>
                  <option value="">{t(m.noFarmer)}</option>
                  {farmers.map((f) => (
                    <option key={f._id} value={f._id}>
                      {f.name} - {f.phoneNumber ?? ''}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </Section>
          {SECTIONS.map((s) => (
            <Section key={s.title.id} title={t(s.title)}>
              {s.inputs.map(field)}
            </Section>
          ))}
          <fieldset className="form-section">
            <legend>{t(m.sensors)}</legend>
            {draft.sensors.length === 0 && <p className="muted">{t(m.noSensors)}</p>}
            {draft.sensors.map((s, i) => (
              <div key={i} className="form-grid sensor-row" data-testid={`sensor-${i}`}>
                <label>
                  <span>{t(m.sensorId)}</span>
                  <input name={`sensor-${i}-sensorId`} value={s.sensorId} onChange={(e) => sensorChange(i, 'sensorId', e.target.value)} />
                </label>
                <label>
                  <span>{t(m.sensorType)}</span>
                  <select name={`sensor-${i}-type`} value={s.type} onChange={(e) => sensorChange(i, 'type', e.target.value)}>
                    {SENSOR_TYPES.map((c) => (
                      <option key={c} value={c}>
                        {optionText(c)}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  <span>{t(m.sensorStatus)}</span>
                  <select name={`sensor-${i}-status`} value={s.status} onChange={(e) => sensorChange(i, 'status', e.target.value)}>
                    {SENSOR_STATUSES.map((c) => (
                      <option key={c} value={c}>
                        {optionText(c)}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="button" onClick={() => actor.send({ type: 'sensor.remove', index: i })}>
                  {t(m.removeSensor, { n: i + 1 })}
                </button>
              </div>
            ))}
            <button type="button" onClick={() => actor.send({ type: 'sensor.add' })}>
              + {t(m.addSensor)}
            </button>
          </fieldset>
          <Section title={t(m.irrigation)}>
            {field({ key: 'irrigationType', label: m.irrigationType, choices: IRRIGATION_TYPES })}
            <label className="checkbox">
              <input type="checkbox" name="automation" checked={draft.automation} onChange={() => actor.send({ type: 'form.toggleAutomation' })} />
              <span>{t(m.automation)}</span>
            </label>
            {field({ key: 'frequency', label: m.frequency })}
            {field({ key: 'duration', label: m.duration, type: 'number', bounds: BOUNDS.duration })}
            <div className="time-slots">
              <span>{t(m.timeSlots)}</span>
              {draft.timeSlots.map((slot, i) => (
                <span key={i} className="input-with-button">
                  <input type="time" name={`slot-${i}`} value={slot} onChange={(e) => actor.send({ type: 'slot.change', index: i, value: e.target.value })} />
                  <button type="button" onClick={() => actor.send({ type: 'slot.remove', index: i })}>
                    {t(m.removeSlot, { n: i + 1 })}
                  </button>
                </span>
              ))}
              <button type="button" onClick={() => actor.send({ type: 'slot.add' })}>
                + {t(m.addSlot)}
              </button>
            </div>
          </Section>
        </fieldset>
        <div className="form-actions">
          <button type="button" onClick={() => actor.send({ type: 'form.cancel' })}>
            {t(m.cancel)}
          </button>
          <button type="submit" className="primary" disabled={busy || created}>
            {t(busy ? m.creating : m.create)}
          </button>
        </div>
      </form>
    </main>
  );
}
