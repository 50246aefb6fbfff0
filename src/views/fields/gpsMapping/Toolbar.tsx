/** Add Field Location, View Map and Refresh, each enabled when the machine accepts its event. */
import { useIntl } from 'react-intl';
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { m } from './gpsMessages';

export function Toolbar() {
  const intl = useIntl();
  const { send } = GpsMappingContext.useActorRef();
  const canAdd = GpsMappingContext.useSelector((s) => s.can({ type: 'add.open' }));
  const canMap = GpsMappingContext.useSelector((s) => s.can({ type: 'map.open' }));
  const canRefresh = GpsMappingContext.useSelector((s) => s.can({ type: 'list.refresh' }));
  return (
    <div className="gps-toolbar">
      <button type="button" className="button button-primary" disabled={!canAdd} onClick={() => send({ type: 'add.open' })}>
        {intl.formatMessage(m.addOpen)}
      </button>
      <button type="button" className="button button-secondary" disabled={!canMap} onClick={() => send({ type: 'map.open' })}>
        {intl.formatMessage(m.viewMap)}
      </button>
      <button type="button" className="button button-secondary" disabled={!canRefresh} onClick={() => send({ type: 'list.refresh' })}>
        {intl.formatMessage(m.refresh)}
      </button>
    </div>
  );
}
