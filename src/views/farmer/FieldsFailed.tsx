/**
 * The field list did not come (the server answered with a failure): what happened and the retry, in the chart card.
 * Loaded only when it shows (with httpErrors), so it is not in the farmer's initial JavaScript.
 */
import { defineMessages, useIntl } from 'react-intl';
import { httpErrorMessage } from '@/i18n/httpErrors';

const m = defineMessages({
  fieldsFailed: { id: 'home.fieldsFailed', defaultMessage: 'Your fields could not be loaded. Check the connection and retry.' },
});

export default function FieldsFailed({ error, retryLabel, onRetry }: { error: unknown; retryLabel: string; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div className="load-failed">
      <p className="notice">{httpErrorMessage(intl, error, m.fieldsFailed)}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
