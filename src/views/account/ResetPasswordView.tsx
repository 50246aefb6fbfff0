import { useActorRef, useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { resetPasswordMachine, type ResetField } from '../../machines/resetPassword.machine';
import './account.css';
import { accountMessages as am } from './accountMessages';
import { PasswordFields } from './PasswordInput';
import { httpErrorMessage, statusOf, weakPasswordText } from '@/i18n/httpErrors';
import { ErrorBanner } from '@/views/ui/FormField';

const m = defineMessages({
  title: { id: 'reset.title', defaultMessage: 'Reset Password' },
  submit: { id: 'reset.submit', defaultMessage: 'Save new password' },
  submitting: { id: 'reset.submitting', defaultMessage: 'Saving…' },
  done: { id: 'reset.done', defaultMessage: 'Your password has been reset. Please log in.' },
  invalidLink: { id: 'reset.invalidLink', defaultMessage: 'This reset link is invalid or has expired.' },
  again: { id: 'reset.again', defaultMessage: 'Ask for a new link' },
  login: { id: 'reset.login', defaultMessage: 'Go to login' },
});

/** The invitation's wording: the same form sets a first password (a 7-day link sent by SMS and e-mail). */
const invite = defineMessages({
  title: { id: 'setPassword.title', defaultMessage: 'Set your password' },
  intro: {
    id: 'setPassword.intro',
    defaultMessage: 'Welcome to ShetMitra. Choose a password, then log in with the e-mail named in the SMS and this password.',
  },
  done: { id: 'setPassword.done', defaultMessage: 'Your password is set. Please log in.' },
  invalidLink: { id: 'setPassword.invalidLink', defaultMessage: 'This invitation link is invalid, already used or has expired. Ask your coordinator for a new one.' },
  again: { id: 'setPassword.again', defaultMessage: 'Reset the password instead' },
});

const FIELDS: { field: ResetField }[] = [{ field: 'newPassword' }, { field: 'confirmPassword' }];

type Props = { logic?: typeof resetPasswordMachine; token?: string; purpose?: 'reset' | 'invite' };

/** /reset-password?token=… (the e-mailed reset link) and /set-password?token=… (the invitation, `purpose` 'invite'). */
export function ResetPasswordView({ logic = resetPasswordMachine, token, purpose = 'reset' }: Props) {
  const search = useSearch();
  const intl = useIntl();
  const w = purpose === 'invite' ? { ...m, ...invite } : { ...m, intro: null };
  const actor = useActorRef(logic, { input: { token: token ?? new URLSearchParams(search).get('token') } });
  const state = useSelector(actor, (s) => s.value as string);
  const form = useSelector(actor, (s) => s.context.form);
  const problems = useSelector(actor, (s) => s.context.problems);
  const shown = useSelector(actor, (s) => s.context.shown);
  const serverError = useSelector(actor, (s) => s.context.serverError);
  const weak = weakPasswordText(serverError, intl.locale);
  // The server's words name a reset link; an invitation's page says it in its own.
  const linkRefused = (serverError as { body?: { code?: string } } | null)?.body?.code === 'RESET_TOKEN_INVALID';

  return (
    <main className="acct-page acct-page--narrow">
      <div className="acct-card">
        <h1>{intl.formatMessage(w.title)}</h1>
        {state === 'invalidLink' && (
          <>
            <p role="alert" className="acct-banner acct-banner--error">
              {intl.formatMessage(w.invalidLink)}
            </p>
            <Link href="/forgot-password">{intl.formatMessage(w.again)}</Link>
          </>
        )}
        {state === 'done' && (
          <>
            <p role="status" className="acct-banner acct-banner--ok">
              {intl.formatMessage(w.done)}
            </p>
            <Link href="/login">{intl.formatMessage(m.login)}</Link>
          </>
        )}
        {(state === 'form' || state === 'submitting') && (
          <form
            noValidate
            aria-busy={state === 'submitting'}
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'reset.submit' });
            }}
          >
            {w.intro && <p>{intl.formatMessage(w.intro)}</p>}
            <ErrorBanner
              look="acct"
              text={
                serverError != null &&
                !weak &&
                (statusOf(serverError) === 429
                  ? intl.formatMessage(am.tooMany)
                  : linkRefused && purpose === 'invite'
                    ? intl.formatMessage(w.invalidLink)
                    : httpErrorMessage(intl, serverError, am.network))
              }
            />
            <PasswordFields
              idPrefix="reset"
              fields={FIELDS}
              form={form}
              shown={shown}
              problems={problems}
              weak={weak}
              onChange={(field, value) => actor.send({ type: 'reset.change', field, value })}
              onToggle={() => actor.send({ type: 'reset.toggleShow' })}
            />
            <button type="submit" className="acct-primary" disabled={state === 'submitting'}>
              {intl.formatMessage(state === 'submitting' ? m.submitting : m.submit)}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
