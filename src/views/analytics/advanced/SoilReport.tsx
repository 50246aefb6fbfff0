/** The field's soil test and the pH its sensor reads. */
import type { AdvancedAnalytics } from '@/machines/advancedAnalytics.machine';
import { useT } from '@/i18n/useT';
import { m } from './advancedMessages';
import { Pairs } from '@/views/ui/Pairs';
import { useFmt } from './shared';

export function SoilReport({ a }: { a: AdvancedAnalytics }) {
  const t = useT();
  const f = useFmt();
  const s = a.soil;
  const none = t(m.notRecorded);
  const v = (n: number | null) => (n == null ? none : f.num(n));
  return (
    <Pairs
      rows={[
        [m.soilType, s.soilType ?? none],
        [m.ph, v(s.ph)],
        [m.sensorPh, v(s.sensorPh)],
        [m.organicMatter, v(s.organicMatter)],
        [m.nitrogen, v(s.nitrogen)],
        [m.phosphorus, v(s.phosphorus)],
        [m.potassium, v(s.potassium)],
        [m.lastTested, s.lastTested ? f.date(s.lastTested) : none],
      ]}
    />
  );
}
