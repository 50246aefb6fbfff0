/** A report's label/value rows. */
import type { MessageDescriptor } from 'react-intl';
import { useT } from '@/i18n/useT';

export function Pairs({ rows }: { rows: [MessageDescriptor, string][] }) {
  const t = useT();
  return (
    <dl className="adv-pairs">
      {rows.map(([label, value]) => (
        <div key={label.id}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
