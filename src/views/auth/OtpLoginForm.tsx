/**
 * The login screen's OTP tab when the operator has turned mobile OTP on: mobile number → code by SMS →
 * sign-in. It renders the otpLogin child of the login form and only sends it events.
 */
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { httpErrorMessage } from '@/i18n/httpErrors';
import type { OtpProblem, otpLoginMachine } from '@/machines/otpLogin.machine';
import { formatNum } from '@/i18n/format';
import { ErrorBanner, TextField } from '@/views/ui/FormField';

const m = defineMessages({
  form: { id: 'login.mode.otp', defaultMessage: 'OTP Login' },
  phoneHint: { id: 'login.otp.phoneHint', defaultMessage: 'Enter your registered mobile number. We will send you a 6-digit code by SMS.' },
  phone: { id: 'login.otp.phone', defaultMessage: 'Mobile number' },
  send: { id: 'login.otp.send', defaultMessage: 'Send OTP' },
  sending: { id: 'login.otp.sending', defaultMessage: 'Sending OTP…' },
  code: { id: 'login.otp.code', defaultMessage: 'OTP code' },
  verify: { id: 'login.otp.verify', defaultMessage: 'Verify and log in' },
  verifying: { id: 'login.otp.verifying', defaultMessage: 'Verifying…' },
  resend: { id: 'login.otp.resend', defaultMessage: 'Resend OTP' },
  changeNumber: { id: 'login.otp.changeNumber', defaultMessage: 'Change number' },
  tooManyCodes: { id: 'login.otp.tooManyCodes', defaultMessage: 'Too many wrong codes. Please ask for a new OTP.' },
  backToEmail: { id: 'login.otp.backToEmail', defaultMessage: 'Back to Email Login' },
  phoneRequired: { id: 'login.otp.phoneRequired', defaultMessage: 'Mobile number is required' },
  phoneInvalid: { id: 'login.otp.phoneInvalid', defaultMessage: 'Enter a valid 10-digit mobile number' },
  codeRequired: { id: 'login.otp.codeRequired', defaultMessage: 'Enter the code from the SMS' },
  codeInvalid: { id: 'login.otp.codeInvalid', defaultMessage: 'The code has 6 digits' },
});

const sentTo = defineMessage<{ phone: string }>({
  id: 'login.otp.sentTo',
  defaultMessage: 'If {phone} is registered, a 6-digit code has been sent to it by SMS. It is valid for 5 minutes.',
});
const resendIn = defineMessage<{ seconds: string }>({ id: 'login.otp.resendIn', defaultMessage: 'Resend OTP in {seconds} s' });

const PROBLEM: Record<OtpProblem, (typeof m)[keyof typeof m]> = {
  phoneRequired: m.phoneRequired,
  phoneInvalid: m.phoneInvalid,
  codeRequired: m.codeRequired,
  codeInvalid: m.codeInvalid,
};

export function OtpLoginForm({ actor, onBack }: { actor: ActorRefFrom<typeof otpLoginMachine>; onBack: () => void }) {
  const intl = useIntl();
  const step = useSelector(actor, (s) => (s.matches('phone') || s.matches('requesting') ? 'phone' : 'code'));
  const requesting = useSelector(actor, (s) => s.matches('requesting'));
  const verifying = useSelector(actor, (s) => s.matches({ code: 'verifying' }));
  const resending = useSelector(actor, (s) => s.matches({ code: 'resending' }));
  const locked = useSelector(actor, (s) => s.matches({ code: 'locked' }));
  const canResend = useSelector(actor, (s) => s.can({ type: 'otp.resend' }));
  const phone = useSelector(actor, (s) => s.context.phone);
  const code = useSelector(actor, (s) => s.context.code);
  const problem = useSelector(actor, (s) => s.context.problem);
  const error = useSelector(actor, (s) => s.context.error);
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);

  const send = (type: 'otp.request' | 'otp.verify') => (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type });
  };
  const errorText = locked ? intl.formatMessage(m.tooManyCodes) : error ? httpErrorMessage(intl, error) : null;
  const problemText = problem ? intl.formatMessage(PROBLEM[problem]) : null;
  const back = (
    <button type="button" className="button button-secondary button-block" onClick={onBack}>
      {intl.formatMessage(m.backToEmail)}
    </button>
  );

  if (step === 'phone') {
    return (
      <form key="otp-phone" className="form" onSubmit={send('otp.request')} noValidate aria-label={intl.formatMessage(m.form)} aria-busy={requesting}>
        <p className="otp-hint">{intl.formatMessage(m.phoneHint)}</p>
        <TextField
          id="login-phone"
          label={intl.formatMessage(m.phone)}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="98XXXXXXXX"
          value={phone}
          onValue={(value) => actor.send({ type: 'otp.phoneChange', value })}
          error={problemText}
        />
        <ErrorBanner text={errorText} />
        <button type="submit" className="button button-primary button-block" disabled={requesting}>
          {intl.formatMessage(requesting ? m.sending : m.send)}
        </button>
        {back}
      </form>
    );
  }

  return (
    <form key="otp-code" className="form" onSubmit={send('otp.verify')} noValidate aria-label={intl.formatMessage(m.form)} aria-busy={verifying || resending}>
      <p className="banner banner-info" role="status">
        {intl.formatMessage(sentTo, { phone })}
      </p>
      <TextField
        id="login-otp"
        label={intl.formatMessage(m.code)}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        maxLength={6}
        className="otp-code"
        autoFocus
        value={code}
        disabled={locked}
        onValue={(value) => actor.send({ type: 'otp.codeChange', value })}
        error={problemText}
      />
      <ErrorBanner text={errorText} />
      <button type="submit" className="button button-primary button-block" disabled={verifying || resending || locked}>
        {intl.formatMessage(verifying ? m.verifying : m.verify)}
      </button>
      <div className="otp-actions">
        <button type="button" className="button button-secondary" disabled={!canResend} onClick={() => actor.send({ type: 'otp.resend' })}>
          {resending
            ? intl.formatMessage(m.sending)
            : secondsLeft > 0
              ? intl.formatMessage(resendIn, { seconds: formatNum(secondsLeft, { maximumFractionDigits: 3 }) })
              : intl.formatMessage(m.resend)}
        </button>
        <button type="button" className="button button-secondary" disabled={verifying || resending} onClick={() => actor.send({ type: 'otp.changeNumber' })}>
          {intl.formatMessage(m.changeNumber)}
        </button>
      </div>
      {back}
    </form>
  );
}
