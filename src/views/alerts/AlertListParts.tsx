/**
 * What every alert list shows around its rows (the coordinator's cards, the admin table, the farmer's list): the
 * load failure with Retry, the loading line, and the pager, all read from and sent to the alerts list machine.
 */
import { defineMessages, useIntl } from 'react-intl';
import { AlertsListContext } from '@/machines/alertsList.context';
import { Pager } from '@/views/ui/Pager';

const m = defineMessages({
  loadFailed: { id: 'alerts.loadFailed', defaultMessage: 'Failed to load alerts' },
  retry: { id: 'alerts.retry', defaultMessage: 'Retry' },
  loading: { id: 'alerts.loading', defaultMessage: 'Loading alerts…' },
});

/** The failure (a red banner on staff screens, a quiet notice on the farmer's home) and the loading line. */
export function AlertsLoadState({ quiet = false }: { quiet?: boolean }) {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  const loading = AlertsListContext.useSelector((s) => s.hasTag('loading'));
  const failed = AlertsListContext.useSelector((s) => s.matches('failed'));
  const retry = (
    <button type="button" className="button button-quiet" onClick={() => list.send({ type: 'alerts.retry' })}>
      {intl.formatMessage(m.retry)}
    </button>
  );
  return (
    <>
      {failed &&
        (quiet ? (
          <p className="notice" role="status">
            {intl.formatMessage(m.loadFailed)} {retry}
          </p>
        ) : (
          <div className="banner banner-error" role="alert">
            {intl.formatMessage(m.loadFailed)} {retry}
          </div>
        ))}
      {loading && <p className="loading">{intl.formatMessage(m.loading)}</p>}
    </>
  );
}

/** Prev, 'page x of y', Next once the list has loaded (nothing for a single page). */
export function AlertsPager() {
  const list = AlertsListContext.useActorRef();
  const page = AlertsListContext.useSelector((s) => s.context.page);
  const totalPages = AlertsListContext.useSelector((s) => s.context.totalPages);
  const loading = AlertsListContext.useSelector((s) => s.hasTag('loading'));
  if (loading) return null;
  return <Pager page={page} totalPages={totalPages} numbered={false} onGo={(p) => list.send({ type: 'alerts.page', page: p })} />;
}
