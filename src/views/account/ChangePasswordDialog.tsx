import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { changePasswordMachine, type PasswordField } from '../../machines/changePassword.machine';
import { AccountDialog } from './AccountDialog';
import { accountMessages as am } from './accountMessages';
import { PasswordFields } from './PasswordInput';
import { httpErrorMessage, weakPasswordText } from '@/i18n/httpErrors';
import { ErrorBanner } from '@/views/ui/FormField';

const m = defineMessages({
  title: { id: 'password.change.title', defaultMessage: 'Change password' },
  submit: { id: 'password.change.submit', defaultMessage: 'Change password' },
  submitting: { id: 'password.change.submitting', defaultMessage: 'Changing…' },
  success: { id: 'password.change.success', defaultMessage: 'Password changed successfully' },
  failed: { id: 'password.change.failed', defaultMessage: 'Error while changing the password' },
});

const FIELDS: { field: PasswordField; autoComplete: 'current-password' | 'new-password' }[] = [
  { field: 'currentPassword', autoComplete: 'current-password' },
  { field: 'newPassword', autoComplete: 'new-password' },
  { field: 'confirmPassword', autoComplete: 'new-password' },
];

type Props = { onClose: () => void; onSuccess?: () => void; logic?: typeof changePasswordMachine };

export function ChangePasswordDialog({ onClose, onSuccess, logic = changePasswordMachine }: Props) {
  const intl = useIntl();
  const machine = useMemo(
    () => logic.provide({ actions: { close: () => onClose(), onSuccess: () => onSuccess?.() } }),
    [logic, onClose, onSuccess],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s.value as string);
  const form = useSelector(actor, (s) => s.context.form);
  const problems = useSelector(actor, (s) => s.context.problems);
  const shown = useSelector(actor, (s) => s.context.shown);
  const serverError = useSelector(actor, (s) => s.context.serverError);
  const weak = weakPasswordText(serverError, intl.locale);

  return (
    <AccountDialog title={intl.formatMessage(m.title)} onClose={() => actor.send({ type: 'password.cancel' })}>
      {state === 'success' ? (
        <p role="status" className="acct-banner acct-banner--ok">
          {intl.formatMessage(m.success)}
        </p>
      ) : (
        <form
          noValidate
          aria-busy={state === 'submitting'}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'password.submit' });
          }}
        >
          <ErrorBanner look="acct" text={serverError != null && !weak && httpErrorMessage(intl, serverError, m.failed)} />
          <PasswordFields
            idPrefix="cp"
            fields={FIELDS}
            form={form}
            shown={shown}
            problems={problems}
            weak={weak}
            onChange={(field, value) => actor.send({ type: 'password.change', field, value })}
            onToggle={(field) => actor.send({ type: 'password.toggleShow', field })}
          />
          <div className="acct-actions">
            <button type="button" onClick={() => actor.send({ type: 'password.cancel' })}>
              {intl.formatMessage(am.cancel)}
            </button>
            <button type="submit" className="acct-primary" disabled={state === 'submitting'}>
              {intl.formatMessage(state === 'submitting' ? m.submitting : m.submit)}
            </button>
          </div>
        </form>
      )}
    </AccountDialog>
  );
}
