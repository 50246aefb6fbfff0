/** The server's insights in the reader's language, and the field's crop recommendations. */
import { useIntl } from 'react-intl';
import { AdvancedAnalyticsContext } from '@/machines/advancedAnalytics.context';
import { useT } from '@/i18n/useT';
import { cropLabel } from '@/views/ui/cropLabels';
import { m } from './advancedMessages';
import { useFmt } from './shared';
import { languageOfTag } from '../../../../contracts/languages';

export function Insights() {
  const intl = useIntl();
  const t = useT();
  const f = useFmt();
  const a = AdvancedAnalyticsContext.useSelector((s) => (s.matches('ready') ? s.context.analytics : null));
  if (!a) return null;
  const lang = languageOfTag(intl.locale);
  return (
    <section className="card adv-insights" aria-labelledby="adv-insights-title">
      <h2 id="adv-insights-title">{t(m.insightsTitle)}</h2>
      {a.insights.length === 0 ? (
        <p>{t(m.insightsNone)}</p>
      ) : (
        <ul className="adv-lines">
          {a.insights.map((i) => (
            <li key={i.id} data-priority={i.priority}>
              {i.message[lang]}
            </li>
          ))}
        </ul>
      )}
      {a.weatherEstimated && a.insights.length > 0 ? <p className="muted">{t(m.weatherEstimated)}</p> : null}
      {a.recommendations.length > 0 ? (
        <>
          <h3>{t(m.recsTitle)}</h3>
          <ul className="adv-lines">
            {a.recommendations.map((r) => (
              <li key={r._id}>
                {t(m.recLine, {
                  crop: cropLabel(intl, r.cropName),
                  confidence: f.num(r.confidence, 0),
                  status: `rec.${r.status}` in m ? t(m[`rec.${r.status}` as 'rec.pending']) : r.status,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
