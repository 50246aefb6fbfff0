import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { loginTwoFactorMachine } from '../../machines/loginTwoFactor.machine';
import './account.css';
import { accountMessages as am } from './accountMessages';
import { statusOf } from '@/i18n/httpErrors';
import { ErrorBanner, TextField } from '@/views/ui/FormField';

const m = defineMessages({
  title: { id: 'loginCode.title', defaultMessage: 'Two-step verification' },
  explain: { id: 'loginCode.explain', defaultMessage: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.' },
  code: { id: 'loginCode.code', defaultMessage: 'Verification code' },
  submit: { id: 'loginCode.submit', defaultMessage: 'Verify' },
  verifying: { id: 'loginCode.verifying', defaultMessage: 'Verifying…' },
  back: { id: 'loginCode.back', defaultMessage: 'Back to login' },
  required: { id: 'loginCode.required', defaultMessage: 'please enter verification code' },
  invalid: { id: 'loginCode.invalid', defaultMessage: 'invalid verification code' },
  expired: { id: 'loginCode.expired', defaultMessage: 'The sign-in step has expired. Please log in again.' },
});

/** The code form of the sign-in's second step; the login screen renders it while its child actor runs. */
export function TwoFactorLoginStep({ actor }: { actor: ActorRefFrom<typeof loginTwoFactorMachine> }) {
  const intl = useIntl();
  const verifying = useSelector(actor, (s) => s.matches('verifying'));
  const code = useSelector(actor, (s) => s.context.code);
  const codeMissing = useSelector(actor, (s) => s.context.codeMissing);
  const error = useSelector(actor, (s) => s.context.error);
  const errorText =
    error == null
      ? null
      : statusOf(error) === 429
        ? intl.formatMessage(am.tooMany)
        : statusOf(error) === 401
          ? intl.formatMessage(m.expired)
          : statusOf(error) === 0
            ? intl.formatMessage(am.network)
            : intl.formatMessage(m.invalid);
  return (
    <form
      className="acct-card"
      noValidate
      aria-busy={verifying}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'loginCode.submit' });
      }}
    >
      <h2>{intl.formatMessage(m.title)}</h2>
      <p>{intl.formatMessage(m.explain)}</p>
      <ErrorBanner look="acct" text={errorText} />
      <TextField
        look="acct"
        id="login-code"
        label={intl.formatMessage(m.code)}
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={9}
        autoFocus
        value={code}
        onValue={(value) => actor.send({ type: 'loginCode.change', value })}
        error={codeMissing && intl.formatMessage(m.required)}
      />
      <div className="acct-actions">
        <button type="button" className="button button-secondary" onClick={() => actor.send({ type: 'loginCode.cancel' })}>
          {intl.formatMessage(m.back)}
        </button>
        <button type="submit" className="button button-primary" disabled={verifying}>
          {intl.formatMessage(verifying ? m.verifying : m.submit)}
        </button>
      </div>
    </form>
  );
}
