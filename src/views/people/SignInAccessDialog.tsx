/**
 * Admins: one user's sign-in at a glance (addresses still waiting after failed sign-ins, recent events,
 * live sessions), with "Send sign-in invitation" (a set-password link by SMS and e-mail, for people imported
 * or added without a password they know), "Clear sign-in wait" and "End all sessions", each confirmed first.
 */
import { useIntl, defineMessages, type MessageDescriptor } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { signInAccessMachine, type AccessAction } from '@/machines/signInAccess.machine';
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
});

const CONFIRM: Record<AccessAction, MessageDescriptor> = { clear: m.confirmClear, end: m.confirmEnd, invite: m.confirmInvite };
const DONE: Record<AccessAction, MessageDescriptor> = { clear: m.doneClear, end: m.doneEnd, invite: m.doneInvite };
const ACTION: Record<AccessAction, MessageDescriptor> = { clear: m.clear, end: m.end, invite: m.invite };

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
        </div>
      </section>
    </div>
  );
}
