/** Setting up: the QR code and the key to type by hand, and the first code from the app (also while it is checked). */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { TwoFactorActor } from './actor';
import { CancelButton } from './CancelButton';
import { CodeInput } from './CodeInput';
import { ErrorText } from './ErrorText';
import { m } from './twoFactorMessages';

export function SetupStep({ actor }: { actor: TwoFactorActor }) {
  const intl = useIntl();
  const verifying = useSelector(actor, (s) => s.matches('verifying'));
  const setup = useSelector(actor, (s) => s.context.setup);
  const send = actor.send;
  return (
    <form
      data-view="setup"
      noValidate
      aria-busy={verifying}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'twoFactor.verify' });
      }}
    >
      <ErrorText actor={actor} />
      <p>{intl.formatMessage(m.scan)}</p>
      {setup && <img className="acct-qr" src={setup.qrCode} alt={intl.formatMessage(m.qrAlt)} width={200} height={200} />}
      <p>{intl.formatMessage(m.manual)}</p>
      <p className="acct-secret">
        <code data-testid="totp-secret">{setup?.secret}</code>
        <button type="button" onClick={() => send({ type: 'twoFactor.copySecret' })}>
          {intl.formatMessage(m.copy)}
        </button>
      </p>
      <CodeInput actor={actor} label={intl.formatMessage(m.code)} allowBackup={false} />
      <div className="acct-actions">
        <CancelButton actor={actor} />
        <button type="submit" className="acct-primary" disabled={verifying}>
          {intl.formatMessage(verifying ? m.verifying : m.verify)}
        </button>
      </div>
    </form>
  );
}
