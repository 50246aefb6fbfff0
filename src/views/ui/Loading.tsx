/** The translated line shown while a lazy screen downloads. */
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({ loading: { id: 'app.loading', defaultMessage: 'Loading…' } });

export function Loading() {
  const intl = useIntl();
  return (
    <p className="loading" role="status">
      {intl.formatMessage(m.loading)}
    </p>
  );
}
