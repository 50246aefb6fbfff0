/** Which field the land report starts from, and a word on what was filled in from it. */
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { LandFieldsContext } from '@/machines/landFields.context';

const m = defineMessages({
  field: { id: 'land.field', defaultMessage: 'Field' },
  none: { id: 'land.field.none', defaultMessage: 'None: I will type the values' },
  failed: { id: 'land.field.failed', defaultMessage: 'Your field could not be loaded. Please type the values from your soil health card.' },
});
const filledFrom = defineMessage<{ name: string }>({
  id: 'land.field.filled',
  defaultMessage: 'Filled in from the field {name}: location, coordinates and the last soil test where recorded. You can change any value.',
});

export function LandFieldPicker() {
  const intl = useIntl();
  const actor = LandFieldsContext.useActorRef();
  const fields = LandFieldsContext.useSelector((s) => s.context.fields);
  const fieldId = LandFieldsContext.useSelector((s) => s.context.fieldId);
  const prefilled = LandFieldsContext.useSelector((s) => s.context.prefill !== null);
  const failed = LandFieldsContext.useSelector((s) => s.context.failed);
  const busy = LandFieldsContext.useSelector((s) => s.hasTag('loading'));
  const name = fields.find((f) => f._id === fieldId)?.name;
  return (
    <div className="land-field-picker">
      {fields.length > 0 && (
        <label>
          {intl.formatMessage(m.field)}
          <select name="field" value={fieldId ?? ''} disabled={busy} onChange={(e) => actor.send({ type: 'fields.pick', id: e.target.value })}>
            <option value="">{intl.formatMessage(m.none)}</option>
            {fields.map((f) => (
              <option key={f._id} value={f._id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {prefilled && name && <p className="tools-hint" role="status">{intl.formatMessage(filledFrom, { name })}</p>}
      {failed && <p className="tools-hint" role="status">{intl.formatMessage(m.failed)}</p>}
    </div>
  );
}
