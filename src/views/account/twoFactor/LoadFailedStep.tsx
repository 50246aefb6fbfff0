/** The status could not be loaded: say so, offer Retry. */
import { useIntl } from 'react-intl';
import { accountMessages as am } from '../accountMessages';
import type { TwoFactorActor } from './actor';
import { m } from './twoFactorMessages';

export function LoadFailedStep({ actor }: { actor: TwoFactorActor }) {
  const intl = useIntl();
  return (
    <>
      <p role="alert" className="acct-banner acct-banner--error">
        {intl.formatMessage(m.loadFailed)}
      </p>
      <button type="button" onClick={() => actor.send({ type: 'twoFactor.retry' })}>
        {intl.formatMessage(am.retry)}
      </button>
    </>
  );
}
