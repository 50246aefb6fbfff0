import { useActorRef, useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import './account.css';
import { accountMessages as am } from './accountMessages';
import { statusOf } from '@/i18n/httpErrors';
import { SmsResetForm } from './SmsResetForm';
import { ErrorBanner, TextField } from '@/views/ui/FormField';

const m = defineMessages({
  title: { id: 'forgot.title', defaultMessage: 'Forgot Password' },
  explain: { id: 'forgot.explain', defaultMessage: 'Enter your email and we will send you a link to set a new password.' },
  email: { id: 'forgot.email', defaultMessage: 'Email' },
  send: { id: 'forgot.send', defaultMessage: 'Send reset link' },
  sending: { id: 'forgot.sending', defaultMessage: 'Sending…' },
  sent: { id: 'forgot.sent', defaultMessage: 'If this email is registered, a password reset link has been sent.' },
  failed: { id: 'forgot.failed', defaultMessage: 'Failed to send reset link. Please try again.' },
  back: { id: 'forgot.back', defaultMessage: 'Back to login' },
  bySms: { id: 'forgot.bySms', defaultMessage: 'No e-mail? Get a code by SMS' },
  byEmail: { id: 'forgot.byEmail', defaultMessage: 'Reset by e-mail instead' },
});

/** /forgot-password (a link by e-mail) and /forgot-password?by=sms (a code by SMS, SmsResetForm). */
export function ForgotPasswordView({ logic = forgotPasswordMachine }: { logic?: typeof forgotPasswordMachine }) {
  const intl = useIntl();
  const bySms = new URLSearchParams(useSearch()).get('by') === 'sms';
  const actor = useActorRef(logic);
  const state = useSelector(actor, (s) => s.value as string);
  const email = useSelector(actor, (s) => s.context.email);
  const problem = useSelector(actor, (s) => s.context.problem);
  const error = useSelector(actor, (s) => s.context.error);

  return (
    <main className="acct-page acct-page--narrow">
      <div className="acct-card">
        <h1>{intl.formatMessage(m.title)}</h1>
        {bySms ? (
          <SmsResetForm />
        ) : state === 'sent' ? (
          <p role="status" className="acct-banner acct-banner--ok">
            {intl.formatMessage(m.sent)}
          </p>
        ) : (
          <form
            noValidate
            aria-busy={state === 'sending'}
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'forgot.submit' });
            }}
          >
            <p>{intl.formatMessage(m.explain)}</p>
            <ErrorBanner look="acct" text={state === 'failed' && intl.formatMessage(statusOf(error) === 429 ? am.tooMany : m.failed)} />
            <TextField
              look="acct"
              id="forgot-email"
              label={intl.formatMessage(m.email)}
              type="email"
              autoComplete="email"
              maxLength={254}
              value={email}
              onValue={(value) => actor.send({ type: 'forgot.change', value })}
              error={problem && intl.formatMessage(am[problem])}
            />
            <button type="submit" className="acct-primary" disabled={state === 'sending'}>
              {intl.formatMessage(state === 'sending' ? m.sending : m.send)}
            </button>
          </form>
        )}
        <p className="acct-stack">
          <Link href={bySms ? '/forgot-password' : '/forgot-password?by=sms'}>{intl.formatMessage(bySms ? m.byEmail : m.bySms)}</Link>
          <Link href="/login">{intl.formatMessage(m.back)}</Link>
        </p>
      </div>
    </main>
  );
}
