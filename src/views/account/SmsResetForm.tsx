/**
 * /forgot-password?by=sms : a new password with a code sent by SMS, for people without a usable e-mail.
 * Mobile number → code → the code and the new password twice → done.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'wouter';
import { smsResetMachine, type SmsResetField } from '../../machines/smsReset.machine';
import type { OtpProblem } from '../../machines/otpLogin.machine';
import { accountMessages as am } from './accountMessages';
import { PasswordFields } from './PasswordInput';
import { httpErrorMessage, statusOf, weakPasswordText } from '@/i18n/httpErrors';
import { ErrorBanner, TextField } from '@/views/ui/FormField';

const m = defineMessages({
  explain: { id: 'smsReset.explain', defaultMessage: 'Enter your registered mobile number. We will send a 6-digit code by SMS.' },
  phone: { id: 'smsReset.phone', defaultMessage: 'Mobile number' },
  send: { id: 'smsReset.send', defaultMessage: 'Send code' },
  sending: { id: 'smsReset.sending', defaultMessage: 'Sending…' },
  sent: { id: 'smsReset.sent', defaultMessage: 'If this number is registered, a code has been sent by SMS. It is valid for 10 minutes.' },
  code: { id: 'smsReset.code', defaultMessage: 'Code from the SMS' },
  submit: { id: 'smsReset.submit', defaultMessage: 'Save new password' },
  submitting: { id: 'smsReset.submitting', defaultMessage: 'Saving…' },
  changeNumber: { id: 'smsReset.changeNumber', defaultMessage: 'Change number' },
  done: { id: 'smsReset.done', defaultMessage: 'Your password has been reset. Please log in.' },
  login: { id: 'smsReset.login', defaultMessage: 'Go to login' },
  failed: { id: 'smsReset.failed', defaultMessage: 'Failed to send the code. Please try again.' },
  phoneRequired: { id: 'smsReset.phoneRequired', defaultMessage: 'Mobile number is required' },
  phoneInvalid: { id: 'smsReset.phoneInvalid', defaultMessage: 'Enter a valid 10-digit mobile number' },
  codeRequired: { id: 'smsReset.codeRequired', defaultMessage: 'Enter the code from the SMS' },
  codeInvalid: { id: 'smsReset.codeInvalid', defaultMessage: 'The code has 6 digits' },
});

const PROBLEM: Record<OtpProblem, MessageDescriptor> = {
  phoneRequired: m.phoneRequired,
  phoneInvalid: m.phoneInvalid,
  codeRequired: m.codeRequired,
  codeInvalid: m.codeInvalid,
};
const FIELDS: { field: SmsResetField }[] = [{ field: 'newPassword' }, { field: 'confirmPassword' }];

export function SmsResetForm({ logic = smsResetMachine }: { logic?: typeof smsResetMachine }) {
  const intl = useIntl();
  const actor = useActorRef(logic);
  const step = useSelector(actor, (s) => (s.matches('phone') || s.matches('requesting') ? 'phone' : s.matches('done') ? 'done' : 'code'));
  const busy = useSelector(actor, (s) => s.matches('requesting') || s.matches('resetting'));
  const phone = useSelector(actor, (s) => s.context.phone);
  const code = useSelector(actor, (s) => s.context.code);
  const form = useSelector(actor, (s) => s.context.form);
  const problem = useSelector(actor, (s) => s.context.problem);
  const problems = useSelector(actor, (s) => s.context.problems);
  const shown = useSelector(actor, (s) => s.context.shown);
  const error = useSelector(actor, (s) => s.context.error);
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const weak = weakPasswordText(error, intl.locale);
  const errorText =
    error == null || weak
      ? null
      : statusOf(error) === 429
        ? t(am.tooMany)
        : httpErrorMessage(intl, error, statusOf(error) === 0 ? am.network : m.failed);

  if (step === 'done') {
    return (
      <>
        <p role="status" className="acct-banner acct-banner--ok">
          {t(m.done)}
        </p>
        <Link href="/login">{t(m.login)}</Link>
      </>
    );
  }
  if (step === 'phone') {
    return (
      <form
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'sms.request' });
        }}
      >
        <p>{t(m.explain)}</p>
        <ErrorBanner look="acct" text={errorText} />
        <TextField
          look="acct"
          id="sms-reset-phone"
          type="tel"
          inputMode="numeric"
          label={t(m.phone)}
          autoComplete="tel-national"
          value={phone}
          error={problem && t(PROBLEM[problem])}
          onValue={(value) => actor.send({ type: 'sms.phoneChange', value })}
        />
        <button type="submit" className="acct-primary" disabled={busy}>
          {t(busy ? m.sending : m.send)}
        </button>
      </form>
    );
  }
  return (
    <form
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'sms.submit' });
      }}
    >
      <p role="status" className="acct-banner acct-banner--ok">
        {t(m.sent)}
      </p>
      <ErrorBanner look="acct" text={errorText} />
      <TextField
        look="acct"
        id="sms-reset-code"
        inputMode="numeric"
        label={t(m.code)}
        autoComplete="one-time-code"
        value={code}
        error={problem && t(PROBLEM[problem])}
        onValue={(value) => actor.send({ type: 'sms.codeChange', value })}
      />
      <PasswordFields
        idPrefix="sms-reset"
        fields={FIELDS}
        form={form}
        shown={shown}
        problems={problems}
        weak={weak}
        onChange={(field, value) => actor.send({ type: 'sms.change', field, value })}
        onToggle={() => actor.send({ type: 'sms.toggleShow' })}
      />
      <div className="acct-actions">
        <button type="button" disabled={busy} onClick={() => actor.send({ type: 'sms.changeNumber' })}>
          {t(m.changeNumber)}
        </button>
        <button type="submit" className="acct-primary" disabled={busy}>
          {t(busy ? m.submitting : m.submit)}
        </button>
      </div>
    </form>
  );
}
