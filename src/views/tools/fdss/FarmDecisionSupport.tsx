/**
 * Decision support body: field dropdown, weather card and the prioritised insights. Offline, the advice last seen
 * for the field (its weather and insights) under the offline banner; choosing another field shows that field's kept
 * advice, or says nothing is saved for it.
 */
import { defineMessages, useIntl } from 'react-intl';
import { FdssContext } from '@/machines/fdss.context';
import { InsightList } from './InsightList';
import { WeatherCard } from './WeatherCard';
import { FieldOptions } from '@/views/ui/FieldOptions';
import { OfflineBanner } from '@/views/ui/OfflineBanner';

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
  const loading = FdssContext.useSelector((s) => s.matches('loadingFields') || s.matches({ offline: 'reading' }));
  const none = FdssContext.useSelector((s) => s.matches('noFields'));
  const offline = FdssContext.useSelector(
    (s) => s.matches({ offline: 'shown' }) || s.matches({ offline: 'nothingSaved' }) || s.matches({ offline: 'fieldNothingSaved' }),
  );
  const fieldNothingSaved = FdssContext.useSelector((s) => s.matches({ offline: 'fieldNothingSaved' }));
  const offlineAt = FdssContext.useSelector((s) => s.context.offlineAt);
  const chosen = FdssContext.useSelector((s) => s.matches({ ready: 'field' }) || s.matches({ offline: 'shown' }));
  return (
    <section aria-labelledby="fdss-title">
      <h1 id="fdss-title">{intl.formatMessage(m.title)}</h1>
      {offline && <OfflineBanner savedAt={offlineAt} scope={fieldNothingSaved ? 'field' : 'screen'} retry={{ onRetry: () => actor.send({ type: 'fdss.retry' }) }} />}
      {loading && <p role="status">{intl.formatMessage(m.loadingFields)}</p>}
      {none && <p className="banner banner-info">{intl.formatMessage(m.noFields)}</p>}
      {fields.length > 0 && (
        <div className="form-row">
          <label htmlFor="fdss-field">{intl.formatMessage(m.field)}</label>
          <select
            id="fdss-field"
            value={fieldId ?? ''}
            disabled={loading}
            onChange={(e) => e.currentTarget.value && actor.send({ type: 'fdss.fieldChosen', fieldId: e.currentTarget.value })}
          >
            {!fieldId && <option value="">{intl.formatMessage(m.chooseOption)}</option>}
            <FieldOptions fields={fields} by="fieldId" />
          </select>
        </div>
      )}
      {fields.length > 0 && !chosen && !loading && !offline && <p className="notice">{intl.formatMessage(m.choose)}</p>}
      {chosen && (
        <>
          <WeatherCard />
          <InsightList />
        </>
      )}
    </section>
  );
}
