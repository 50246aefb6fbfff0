/** The open card's full report in a dialog. */
import { AdvancedAnalyticsContext } from '@/machines/advancedAnalytics.context';
import type { Range } from '@/machines/advancedAnalytics.machine';
import { useT } from '@/i18n/useT';
import { m } from './advancedMessages';
import { CropReport } from './CropReport';
import { MoneyReport } from './MoneyReport';
import { SensorReport } from './SensorReport';
import { useFmt } from './shared';
import { SoilReport } from './SoilReport';
import { summaries } from './summaries';

export function Detail() {
  const t = useT();
  const f = useFmt();
  const { send } = AdvancedAnalyticsContext.useActorRef();
  const card = AdvancedAnalyticsContext.useSelector((s) => (s.matches({ ready: 'detail' }) ? s.context.detail : null));
  const a = AdvancedAnalyticsContext.useSelector((s) => s.context.analytics);
  if (!card || !a) return null;
  const title = summaries(a, t, f)[card].title;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="adv-detail-title" className="card adv-dialog">
      <h2 id="adv-detail-title">
        {t(title)} · {a.field.name} · {t(m[`range.${a.range as Range}`])}
      </h2>
      {card === 'sensors' ? <SensorReport a={a} /> : null}
      {card === 'crop' ? <CropReport a={a} /> : null}
      {card === 'soil' ? <SoilReport a={a} /> : null}
      {card === 'financial' ? <MoneyReport a={a} /> : null}
      <button type="button" className="button button-quiet" onClick={() => send({ type: 'detail.close' })}>
        {t(m.close)}
      </button>
    </div>
  );
}
