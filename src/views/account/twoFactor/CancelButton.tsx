/** Back from a form step to the overview. */
import { useIntl } from 'react-intl';
import { accountMessages as am } from '../accountMessages';
import type { TwoFactorActor } from './actor';

export function CancelButton({ actor }: { actor: TwoFactorActor }) {
  const intl = useIntl();
  return (
    <button type="button" onClick={() => actor.send({ type: 'twoFactor.cancel' })}>
      {intl.formatMessage(am.cancel)}
    </button>
  );
}
