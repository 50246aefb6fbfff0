/** The field's costs by kind, their total, and the expected and actual revenue. */
import type { AdvancedAnalytics } from '@/machines/advancedAnalytics.machine';
import { useT } from '@/i18n/useT';
import { m } from './advancedMessages';
import { Pairs } from '@/views/ui/Pairs';
import { useFmt } from './shared';

export function MoneyReport({ a }: { a: AdvancedAnalytics }) {
  const t = useT();
  const f = useFmt();
  const money = a.financial;
  if (!money) return <p>{t(m.moneyNone)}</p>;
  const none = t(m.notRecorded);
  return (
    <Pairs
      rows={[
        [m.seeds, f.money(money.costs.seeds)],
        [m.fertilizers, f.money(money.costs.fertilizers)],
        [m.pesticides, f.money(money.costs.pesticides)],
        [m.labor, f.money(money.costs.labor)],
        [m.irrigation, f.money(money.costs.irrigation)],
        [m.other, f.money(money.costs.other)],
        [m.totalCost, f.money(money.totalCost)],
        [m.revenueExpected, money.revenueExpected == null ? none : f.money(money.revenueExpected)],
        [m.revenueActual, money.revenueActual == null ? none : f.money(money.revenueActual)],
      ]}
    />
  );
}
