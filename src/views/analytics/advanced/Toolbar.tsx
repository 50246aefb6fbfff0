/** The field and time-range choices and Refresh Data. */
import { AdvancedAnalyticsContext } from '@/machines/advancedAnalytics.context';
import { RANGES, type Range } from '@/machines/advancedAnalytics.machine';
import { useT } from '@/i18n/useT';
import { m } from './advancedMessages';
import { FieldOptions } from '@/views/ui/FieldOptions';

export function Toolbar() {
  const t = useT();
  const { send } = AdvancedAnalyticsContext.useActorRef();
  const fields = AdvancedAnalyticsContext.useSelector((s) => s.context.fields);
  const fieldId = AdvancedAnalyticsContext.useSelector((s) => s.context.fieldId);
  const range = AdvancedAnalyticsContext.useSelector((s) => s.context.range);
  const canSelect = AdvancedAnalyticsContext.useSelector((s) => s.can({ type: 'range.select', range: '7d' }));
  const canRefresh = AdvancedAnalyticsContext.useSelector((s) => s.can({ type: 'data.refresh' }));
  return (
    <div className="adv-toolbar">
      <label>
        {t(m.field)}{' '}
        <select value={fieldId} disabled={!canSelect || fields.length === 0} onChange={(e) => send({ type: 'field.select', fieldId: e.target.value })}>
          <FieldOptions fields={fields} />
        </select>
      </label>
      <label>
        {t(m.range)}{' '}
        <select value={range} disabled={!canSelect} onChange={(e) => send({ type: 'range.select', range: e.target.value as Range })}>
          {RANGES.map((r) => (
            <option key={r} value={r}>
              {t(m[`range.${r}`])}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button button-secondary" disabled={!canRefresh} onClick={() => send({ type: 'data.refresh' })}>
        {t(m.refresh)}
      </button>
    </div>
  );
}
