/** New backup codes: a current code replaces all of them. */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { TwoFactorActor } from './actor';
import { CancelButton } from './CancelButton';
import { CodeInput } from './CodeInput';
import { ErrorText } from './ErrorText';
import { m } from './twoFactorMessages';

export function RegenerateStep({ actor }: { actor: TwoFactorActor }) {
  const intl = useIntl();
  const regenerating = useSelector(actor, (s) => s.matches('regenerating'));
  return (
    <form
      data-view="regenerate"
      noValidate
      aria-busy={regenerating}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'twoFactor.regenerate' });
      }}
    >
      <ErrorText actor={actor} />
      <p>{intl.formatMessage(m.regenerateExplain)}</p>
      <CodeInput actor={actor} label={intl.formatMessage(m.codeOrBackup)} allowBackup />
      <div className="acct-actions">
        <CancelButton actor={actor} />
        <button type="submit" className="acct-primary" disabled={regenerating}>
          {intl.formatMessage(m.makeCodes)}
        </button>
      </div>
    </form>
  );
}
