/** 'Back to dashboard' link at the top of each tool screen. */
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';

const m = defineMessages({ back: { id: 'tools.back', defaultMessage: '← Back to dashboard' } });

export function BackLink() {
  const intl = useIntl();
  return (
    <Link href="/" className="tools-back text-link">
      {intl.formatMessage(m.back)}
    </Link>
  );
}
