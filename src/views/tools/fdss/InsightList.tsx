/**
 * Insights with priority colour and icon (high red, medium yellow, low green, other blue), a warning
 * mark for alerts and a bulb for recommendations, the message in the reader's language and the
 * timestamp in Indian English medium date + short time (spec).
 */
import { defineMessages, useIntl } from 'react-intl';
import { formatDate } from '@/i18n/format';
import { FdssContext } from '@/machines/fdss.context';
import type { Insight } from '../../../../contracts/fdss';
import { BulbIcon, WarningIcon } from '../icons';
import { languageOfTag } from '../../../../contracts/languages';
import { SpeakButton, SpeechProvider } from '@/views/ui/Speech';

const m = defineMessages({
  title: { id: 'fdss.insights', defaultMessage: 'Advice for this field' },
  loading: { id: 'fdss.insightsLoading', defaultMessage: 'Loading advice…' },
  none: { id: 'fdss.noInsights', defaultMessage: 'No insights available' },
  alert: { id: 'fdss.type.alert', defaultMessage: 'Alert' },
  recommendation: { id: 'fdss.type.recommendation', defaultMessage: 'Recommendation' },
  high: { id: 'fdss.priority.high', defaultMessage: 'High priority' },
  medium: { id: 'fdss.priority.medium', defaultMessage: 'Medium priority' },
  low: { id: 'fdss.priority.low', defaultMessage: 'Low priority' },
  other: { id: 'fdss.priority.other', defaultMessage: 'Information' },
});

const priorityOf = (p: string) => (p === 'high' || p === 'medium' || p === 'low' ? p : 'other');

export function InsightList() {
  const intl = useIntl();
  const insights = FdssContext.useSelector((s) => s.context.insights);
  // The spec keeps the loading message when advice fails.
  const waiting = FdssContext.useSelector(
    (s) => s.matches({ ready: { field: { insights: 'loading' } } }) || s.matches({ ready: { field: { insights: 'failed' } } }),
  );
  const lang = languageOfTag(intl.locale);
  return (
    <SpeechProvider>
    <section className="tools-section" aria-labelledby="fdss-insights">
      <h2 id="fdss-insights">{intl.formatMessage(m.title)}</h2>
      {waiting && <p role="status">{intl.formatMessage(m.loading)}</p>}
      {!waiting && insights.length === 0 && <p>{intl.formatMessage(m.none)}</p>}
      {insights.length > 0 && (
        <ul className="insights">
          {insights.map((i: Insight) => {
            const priority = priorityOf(i.priority);
            return (
              <li key={i.id} className="insight" data-priority={priority} data-type={i.type}>
                {i.type === 'alert' ? <WarningIcon title={intl.formatMessage(m.alert)} /> : <BulbIcon title={intl.formatMessage(m.recommendation)} />}
                <div>
                  <span className="priority-dot" aria-hidden />
                  <span className="visually-hidden">{intl.formatMessage(m[priority])}: </span>
                  {i.message[lang]}
                  <SpeakButton id={`insight-${i.id}`} text={`${intl.formatMessage(m[priority])}. ${i.message[lang]}`} />
                </div>
                <time dateTime={i.timestamp}>{formatDate(intl, i.timestamp)}</time>
              </li>
            );
          })}
        </ul>
      )}
    </section>
    </SpeechProvider>
  );
}
