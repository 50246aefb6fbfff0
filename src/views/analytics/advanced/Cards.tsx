/** The four cards (sensor trends, crop performance, soil health, financial overview), each opening its report. */
import { AdvancedAnalyticsContext } from '@/machines/advancedAnalytics.context';
import { useT } from '@/i18n/useT';
import { m } from './advancedMessages';
import { useFmt } from './shared';
import { CARDS, summaries } from './summaries';

export function Cards() {
  const t = useT();
  const f = useFmt();
  const { send } = AdvancedAnalyticsContext.useActorRef();
  const a = AdvancedAnalyticsContext.useSelector((s) => s.context.analytics);
  const canOpen = AdvancedAnalyticsContext.useSelector((s) => s.can({ type: 'detail.open', card: 'sensors' }));
  const shown = AdvancedAnalyticsContext.useSelector((s) => s.matches('ready'));
  if (!a || !shown) return null;
  const all = summaries(a, t, f);
  return (
    <section className="adv-cards">
      {CARDS.map((card) => (
        <article key={card} className={`card adv-card${all[card].empty ? ' adv-card-empty' : ''}`} aria-labelledby={`adv-${card}`}>
          <h2 id={`adv-${card}`}>{t(all[card].title)}</h2>
          <div className="adv-card-body">{all[card].body}</div>
          <button
            type="button"
            className="button button-quiet"
            aria-label={`${t(m.viewReport)}: ${t(all[card].title)}`}
            disabled={!canOpen}
            onClick={() => send({ type: 'detail.open', card })}
          >
            {t(m.viewReport)}
          </button>
        </article>
      ))}
    </section>
  );
}
