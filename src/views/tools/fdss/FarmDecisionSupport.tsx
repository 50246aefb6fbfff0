/** Decision support body: field dropdown, weather card and the prioritised insights. */
import { defineMessages, useIntl } from 'react-intl';
import { FdssContext } from '@/machines/fdss.context';
import { InsightList } from './InsightList';
import { WeatherCard } from './WeatherCard';
import { FieldOptions } from '@/views/ui/FieldOptions';

const m = defineMessages({
  title: { id: 'fdss.title', defaultMessage: 'Farm decision support' },
  field: { id: 'fdss.field', defaultMessage: 'Field' },
  choose: { id: 'fdss.choose', defaultMessage: 'Please choose a field' },
  chooseOption: { id: 'fdss.chooseOption', defaultMessage: '— choose a field —' },
  noFields: { id: 'fdss.noFields', defaultMessage: 'No fields available. Please contact the administrator.' },
  loadingFields: { id: 'fdss.loadingFields', defaultMessage: 'Loading fields…' },
});

export function FarmDecisionSupport() {
  const intl = useIntl();
  const actor = FdssContext.useActorRef();
  const fields = FdssContext.useSelector((s) => s.context.fields);
  const fieldId = FdssContext.useSelector((s) => s.context.fieldId);
  const loading = FdssContext.useSelector((s) => s.matches('loadingFields'));
  const none = FdssContext.useSelector((s) => s.matches('noFields'));
  const chosen = FdssContext.useSelector((s) => s.matches({ ready: 'field' }));
  return (
    <section aria-labelledby="fdss-title">
      <h1 id="fdss-title">{intl.formatMessage(m.title)}</h1>
      {loading && <p role="status">{intl.formatMessage(m.loadingFields)}</p>}
      {none && <p className="banner banner-info">{intl.formatMessage(m.noFields)}</p>}
      {fields.length > 0 && (
        <div className="form-row">
          <label htmlFor="fdss-field">{intl.formatMessage(m.field)}</label>
          <select
            id="fdss-field"
            value={fieldId ?? ''}
            onChange={(e) => e.currentTarget.value && actor.send({ type: 'fdss.fieldChosen', fieldId: e.currentTarget.value })}
          >
            {!fieldId && <option value="">{intl.formatMessage(m.chooseOption)}</option>}
            <FieldOptions fields={fields} by="fieldId" />
          </select>
        </div>
      )}
      {fields.length > 0 && !chosen && <p className="notice">{intl.formatMessage(m.choose)}</p>}
      {chosen && (
        <>
          <WeatherCard />
          <InsightList />
        </>
      )}
    </section>
  );
}
