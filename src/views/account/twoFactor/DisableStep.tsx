/** Turning it off: confirmed with a code (or backup code) or with the password (also while it is sent). */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { accountMessages as am } from '../accountMessages';
import type { TwoFactorActor } from './actor';
import { CancelButton } from './CancelButton';
import { CodeInput } from './CodeInput';
import { ErrorText } from './ErrorText';
import { m } from './twoFactorMessages';
import { TextField } from '@/views/ui/FormField';

export function DisableStep({ actor }: { actor: TwoFactorActor }) {
  const intl = useIntl();
  const disabling = useSelector(actor, (s) => s.matches('disabling'));
  const disableMode = useSelector(actor, (s) => s.context.disableMode);
  const password = useSelector(actor, (s) => s.context.password);
  const codeMissing = useSelector(actor, (s) => s.context.codeMissing);
  const send = actor.send;
  return (
    <form
      data-view="disable"
      noValidate
      aria-busy={disabling}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'twoFactor.disable' });
      }}
    >
      <ErrorText actor={actor} />
      <fieldset className="acct-radios">
        <legend>{intl.formatMessage(m.disableWith)}</legend>
        {(['code', 'password'] as const).map((mode) => (
          <label key={mode}>
            <input type="radio" name="tf-mode" checked={disableMode === mode} onChange={() => send({ type: 'twoFactor.disableMode', mode })} />
            {intl.formatMessage(mode === 'code' ? m.withCode : m.withPassword)}
          </label>
        ))}
      </fieldset>
      {disableMode === 'code' ? (
        <CodeInput actor={actor} label={intl.formatMessage(m.codeOrBackup)} allowBackup />
      ) : (
        <TextField
          look="acct"
          id="tf-password"
          label={intl.formatMessage(m.password)}
          type="password"
          autoComplete="current-password"
          value={password}
          onValue={(value) => send({ type: 'twoFactor.password', value })}
          error={codeMissing && intl.formatMessage(am.currentRequired)}
        />
      )}
      <div className="acct-actions">
        <CancelButton actor={actor} />
        <button type="submit" className="acct-danger" disabled={disabling}>
          {intl.formatMessage(disabling ? m.disabling : m.confirmDisable)}
        </button>
      </div>
    </form>
  );
}
