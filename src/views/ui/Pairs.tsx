/** Label/value rows (a report's figures, a record's details) as a description list. */
import type { MessageDescriptor } from 'react-intl';
import { useT } from '@/i18n/useT';

export function Pairs({ rows, className = 'adv-pairs' }: { rows: [MessageDescriptor, string][]; className?: string }) {
  const t = useT();
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label.id}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
