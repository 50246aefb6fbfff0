/**
 * Admins: one user's sign-in at a glance (role, two-factor, addresses still waiting after failed sign-ins,
 * recent events, live sessions), with "Send sign-in invitation" (a set-password link by SMS and e-mail, for
 * people imported or added without a password they know), "Clear sign-in wait", "End all sessions", "Reset
 * two-factor sign-in" (when it is on) and, for superadmins, "Make admin" / "Make coordinator" (the roles the
 * server offers), each confirmed first.
 */
import { useIntl, defineMessages, type MessageDescriptor } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { allowed, signInAccessMachine, type AccessAction } from '@/machines/signInAccess.machine';
import { STATUS } from '../account/LoginHistoryDialog';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { formatDate } from '@/i18n/format';

const m = defineMessages({
  title: { id: 'access.title', defaultMessage: 'Sign-in and sessions: {name}' },
  loading: { id: 'access.loading', defaultMessage: 'Loading…' },
  loadFailed: { id: 'access.loadFailed', defaultMessage: 'Could not load the sign-in history' },
  actFailed: { id: 'access.actFailed', defaultMessage: 'The action failed. Please try again.' },
  retry: { id: 'access.retry', defaultMessage: 'Try again' },
  waiting: { id: 'access.waiting', defaultMessage: 'Waiting after failed sign-ins' },
  waitingRow: { id: 'access.waitingRow', defaultMessage: '{address} until {time}' },
  noWaiting: { id: 'access.noWaiting', defaultMessage: 'No address is waiting. The user can sign in.' },
  sessions: { id: 'access.sessions', defaultMessage: '{count, plural, =0 {No signed-in devices} one {# signed-in device} other {# signed-in devices}}' },
  recent: { id: 'access.recent', defaultMessage: 'Recent sign-in events' },
  clear: { id: 'access.clear', defaultMessage: 'Clear sign-in wait' },
  end: { id: 'access.end', defaultMessage: 'End all sessions' },
  invite: { id: 'access.invite', defaultMessage: 'Send sign-in invitation' },
  confirmInvite: {
    id: 'access.confirmInvite',
    defaultMessage: 'Send {name} a link by SMS and e-mail to set a password? The link works once, for 7 days.',
  },
  doneInvite: { id: 'access.doneInvite', defaultMessage: 'The invitation was sent.' },
  confirmClear: { id: 'access.confirmClear', defaultMessage: 'Let {name} sign in again now from every address? Failed attempts so far will no longer count.' },
  confirmEnd: { id: 'access.confirmEnd', defaultMessage: 'Sign {name} out on every device? They will have to sign in again.' },
  confirm: { id: 'access.confirm', defaultMessage: 'Yes, continue' },
  cancel: { id: 'access.cancel', defaultMessage: 'Cancel' },
  close: { id: 'access.close', defaultMessage: 'Close' },
  doneClear: { id: 'access.doneClear', defaultMessage: 'The sign-in wait was cleared.' },
  doneEnd: { id: 'access.doneEnd', defaultMessage: 'All sessions were ended.' },
  unknownAddress: { id: 'access.unknownAddress', defaultMessage: 'unknown address' },
  role: { id: 'access.role', defaultMessage: 'Role: {role}' },
  twoFactorOn: { id: 'access.twoFactorOn', defaultMessage: 'Two-factor sign-in is on.' },
  twoFactorOff: { id: 'access.twoFactorOff', defaultMessage: 'Two-factor sign-in is off.' },
  twoFactor: { id: 'access.twoFactor', defaultMessage: 'Reset two-factor sign-in' },
  confirmTwoFactor: {
    id: 'access.confirmTwoFactor',
    defaultMessage: 'Reset two-factor sign-in for {name}? Their authenticator codes and backup codes stop working, they are signed out everywhere, and they sign in with their password and can set it up again.',
  },
  doneTwoFactor: { id: 'access.doneTwoFactor', defaultMessage: 'Two-factor sign-in was reset. They were signed out.' },
  makeAdmin: { id: 'access.makeAdmin', defaultMessage: 'Make admin' },
  makeCoordinator: { id: 'access.makeCoordinator', defaultMessage: 'Make coordinator' },
  confirmAdmin: {
    id: 'access.confirmAdmin',
    defaultMessage: 'Make {name} an admin? They can then manage every farmer, coordinator and field. Their own farmers become unassigned, and they are signed out to sign in again.',
  },
  confirmCoordinator: {
    id: 'access.confirmCoordinator',
    defaultMessage: 'Make {name} a coordinator? They lose the admin screens and see only the farmers assigned to them. They are signed out to sign in again.',
  },
  doneRole: { id: 'access.doneRole', defaultMessage: 'The role was changed. They were signed out.' },
});

const roleName = defineMessages({
  superadmin: { id: 'profile.role.superadmin', defaultMessage: 'Super admin' },
  admin: { id: 'profile.role.admin', defaultMessage: 'Admin' },
  coordinator: { id: 'profile.role.coordinator', defaultMessage: 'Coordinator' },
  farmer: { id: 'profile.role.farmer', defaultMessage: 'Farmer' },
}) as Record<string, MessageDescriptor>;

const CONFIRM: Record<AccessAction, MessageDescriptor> = {
  clear: m.confirmClear,
  end: m.confirmEnd,
  invite: m.confirmInvite,
  twoFactor: m.confirmTwoFactor,
  admin: m.confirmAdmin,
  coordinator: m.confirmCoordinator,
};
const DONE: Record<AccessAction, MessageDescriptor> = {
  clear: m.doneClear,
  end: m.doneEnd,
  invite: m.doneInvite,
  twoFactor: m.doneTwoFactor,
  admin: m.doneRole,
  coordinator: m.doneRole,
};
const ACTION: Record<AccessAction, MessageDescriptor> = {
  clear: m.clear,
  end: m.end,
  invite: m.invite,
  twoFactor: m.twoFactor,
  admin: m.makeAdmin,
  coordinator: m.makeCoordinator,
};

type Props = { userId: string; name: string; onClose: () => void; logic?: typeof signInAccessMachine };

export function SignInAccessDialog({ userId, name, onClose, logic = signInAccessMachine }: Props) {
  const intl = useIntl();
  const actor = useActorRef(logic, { input: { userId } });
  const state = useSelector(actor, (s) => s.value as string);
  const data = useSelector(actor, (s) => s.context.data);
  const pending = useSelector(actor, (s) => s.context.pending);
  const done = useSelector(actor, (s) => s.context.done);
  const errorCause = useSelector(actor, (s) => s.context.errorCause);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const f = (d: MessageDescriptor, v?: Record<string, string | number>) => intl.formatMessage(d, v);
  const time = (iso: string) => formatDate(intl, iso, 'time');
  const when = (iso: string) => formatDate(intl, iso);

  return (
    <div className="dialog-backdrop">
      <section role="dialog" aria-modal="true" aria-label={f(m.title, { name })} className="dialog access-dialog">
        <h2>{f(m.title, { name })}</h2>
        {state === 'failed' && (
          <p role="alert" className="banner banner-error">
            {httpErrorMessage(intl, errorCause as never, m.loadFailed)}{' '}
            <button type="button" onClick={() => actor.send({ type: 'access.retry' })}>
              {f(m.retry)}
            </button>
          </p>
        )}
        {state === 'ready' && !!errorCause && (
          <p role="alert" className="banner banner-error">
            {httpErrorMessage(intl, errorCause as never, m.actFailed)}
          </p>
        )}
        {done && !busy && (
          <p role="status" className="banner banner-success">
            {f(DONE[done])}
          </p>
        )}
        {busy && !data && <p role="status">{f(m.loading)}</p>}
        {data && (
          <>
            <p className="access-role">
              {f(m.role, { role: roleName[data.user.role] ? f(roleName[data.user.role]) : data.user.role })} ·{' '}
              {f(data.twoFactor ? m.twoFactorOn : m.twoFactorOff)}
            </p>
            <h3>{f(m.waiting)}</h3>
            {data.throttled.length === 0 ? (
              <p>{f(m.noWaiting)}</p>
            ) : (
              <ul>
                {data.throttled.map((w) => (
                  <li key={`${w.ipAddress}`}>
                    {f(m.waitingRow, { address: w.ipAddress ?? f(m.unknownAddress), time: time(w.retryAt) })}
                  </li>
                ))}
              </ul>
            )}
            <p>{f(m.sessions, { count: data.activeSessions })}</p>
            <h3>{f(m.recent)}</h3>
            <ul className="access-history">
              {data.history.slice(0, 10).map((h) => (
                <li key={h._id}>
                  <span>{when(h.timestamp)}</span> <strong>{f(STATUS[h.status])}</strong> <span>{h.ipAddress ?? ''}</span>
                  {h.retryAt && <span> → {time(h.retryAt)}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
        {state === 'confirming' && pending && (
          <div role="alertdialog" aria-label={intl.formatMessage(ACTION[pending])} className="banner banner-warning">
            <p>{f(CONFIRM[pending], { name })}</p>
            <div className="form-actions">
              <button type="button" onClick={() => actor.send({ type: 'access.cancel' })}>
                {f(m.cancel)}
              </button>
              <button type="button" className="primary" onClick={() => actor.send({ type: 'access.confirm' })}>
                {f(m.confirm)}
              </button>
            </div>
          </div>
        )}
        <div className="form-actions">
          <button type="button" onClick={onClose}>
            {f(m.close)}
          </button>
          <button type="button" disabled={state !== 'ready'} onClick={() => actor.send({ type: 'access.ask', action: 'invite' })}>
            {f(m.invite)}
          </button>
          <button type="button" disabled={state !== 'ready'} onClick={() => actor.send({ type: 'access.ask', action: 'clear' })}>
            {f(m.clear)}
          </button>
          <button type="button" className="danger" disabled={state !== 'ready'} onClick={() => actor.send({ type: 'access.ask', action: 'end' })}>
            {f(m.end)}
          </button>
          {data?.twoFactor && (
            <button type="button" className="danger" disabled={state !== 'ready'} onClick={() => actor.send({ type: 'access.ask', action: 'twoFactor' })}>
              {f(m.twoFactor)}
            </button>
          )}
          {(['admin', 'coordinator'] as const)
            .filter((role) => allowed(data, role))
            .map((role) => (
              <button key={role} type="button" disabled={state !== 'ready'} onClick={() => actor.send({ type: 'access.ask', action: role })}>
                {f(ACTION[role])}
              </button>
            ))}
        </div>
      </section>
    </div>
  );
}
