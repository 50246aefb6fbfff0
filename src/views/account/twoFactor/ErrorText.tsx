/** The last request's failure, in words (too many requests, or the machine's error). */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { accountMessages as am } from '../accountMessages';
import { statusOf } from '@/i18n/httpErrors';
import type { TwoFactorActor } from './actor';
import { m } from './twoFactorMessages';
import { ErrorBanner } from '@/views/ui/FormField';

export function ErrorText({ actor }: { actor: TwoFactorActor }) {
  const intl = useIntl();
  const error = useSelector(actor, (s) => s.context.error);
  const cause = useSelector(actor, (s) => s.context.errorCause);
  if (!error) return null;
  return <ErrorBanner look="acct" text={statusOf(cause) === 429 ? intl.formatMessage(am.tooMany) : intl.formatMessage(m[error])} />;
}
