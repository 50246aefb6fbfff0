/** When an alert was raised: relative ('12 मिनिटांपूर्वी') with the exact time beside it. */
import { useIntl } from 'react-intl';
import { formatAge } from '@/views/ui/ReadingAge';
import { formatDate } from '@/i18n/format';

export function AlertWhen({ at, now }: { at: string; now: number }) {
  const intl = useIntl();
  const exact = formatDate(intl, at);
  return (
    <time dateTime={at} title={exact} className="alert-when">
      {formatAge(intl, at, now)} <span className="muted">({exact})</span>
    </time>
  );
}
