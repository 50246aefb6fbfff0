/** Loading, 'no fields', or the failure with Retry. */
import { AdvancedAnalyticsContext } from '@/machines/advancedAnalytics.context';
import { useT } from '@/i18n/useT';
import { m } from './advancedMessages';

export function Status() {
  const t = useT();
  const { send } = AdvancedAnalyticsContext.useActorRef();
  const loading = AdvancedAnalyticsContext.useSelector((s) => s.hasTag('loading'));
  const failure = AdvancedAnalyticsContext.useSelector((s) => (s.matches('failed') ? s.context.failure : null));
  const noFields = AdvancedAnalyticsContext.useSelector((s) => s.matches('noFields'));
  if (loading) return <p className="loading">{t(m.loading)}</p>;
  if (noFields) return <p className="card adv-empty">{t(m.noFields)}</p>;
  if (!failure) return null;
  return (
    <div role="alert" className="banner banner-error">
      {t(failure === 'fields' ? m.fieldsFailed : m.failed)}{' '}
      <button type="button" className="button button-secondary" onClick={() => send({ type: 'data.retry' })}>
        {t(m.retry)}
      </button>
    </div>
  );
}
