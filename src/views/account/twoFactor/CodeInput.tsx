/** The code box: six digits from the app, or (when a backup code is allowed) up to nine characters. */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { TWO_FACTOR_CODE_LENGTH } from '../../../machines/accountRules';
import type { TwoFactorActor } from './actor';
import { m } from './twoFactorMessages';

export function CodeInput({ actor, label, allowBackup }: { actor: TwoFactorActor; label: string; allowBackup: boolean }) {
  const intl = useIntl();
  const code = useSelector(actor, (s) => s.context.code);
  const codeMissing = useSelector(actor, (s) => s.context.codeMissing);
  return (
    <div className="acct-field">
      <label htmlFor="tf-code">{label}</label>
      <input
        id="tf-code"
        inputMode={allowBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={allowBackup ? 9 : TWO_FACTOR_CODE_LENGTH}
        value={code}
        aria-invalid={codeMissing}
        onChange={(e) => actor.send({ type: 'twoFactor.code', value: e.target.value })}
      />
      {codeMissing && (
        <p className="acct-error-text" role="alert">
          {intl.formatMessage(m.codeRequired)}
        </p>
      )}
    </div>
  );
}
