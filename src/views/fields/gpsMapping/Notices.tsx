/** The load and update failures, and the dismissable 'added' / 'updated' notice. */
import { useIntl } from 'react-intl';
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { ErrorBanner } from '@/views/ui/FormField';
import { m } from './gpsMessages';

export function Notices() {
  const intl = useIntl();
  const { send } = GpsMappingContext.useActorRef();
  const fetchFailed = GpsMappingContext.useSelector((s) => s.matches('failed'));
  const failure = GpsMappingContext.useSelector((s) => s.context.failure);
  const error = GpsMappingContext.useSelector((s) => s.context.error);
  const notice = GpsMappingContext.useSelector((s) => s.context.notice);
  const fallback = GpsMappingContext.useSelector((s) => s.context.updateSource === 'fallback');
  return (
    <>
      <ErrorBanner text={fetchFailed && intl.formatMessage(m.fetchFailed)} />
      <ErrorBanner text={failure === 'update' && httpErrorMessage(intl, error, m.updateFailed)} />
      {notice ? (
        <div role="status" className="banner banner-success gps-notice">
          <span>
            {intl.formatMessage(notice === 'added' ? m.added : m.updated)}
            {notice === 'updated' && fallback ? <> {intl.formatMessage(m.updatedFallback)}</> : null}
          </span>
          <button type="button" className="button button-quiet" onClick={() => send({ type: 'notice.dismiss' })}>
            {intl.formatMessage(m.dismiss)}
          </button>
        </div>
      ) : null}
    </>
  );
}
