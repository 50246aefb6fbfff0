/** /messages: the farmer's inbox of coordinator messages; new ones arrive live. */
import { defineMessages, useIntl } from 'react-intl';
import { inboxMachine } from '@/machines/inbox.machine';
import { InboxContext } from '@/machines/inbox.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { Pager } from '@/views/ui/Pager';
import { useT } from '@/i18n/useT';
import '@/views/ui/workspace.css';
import { formatDate } from '@/i18n/format';
import { OfflineBanner } from '@/views/ui/OfflineBanner';

const m = defineMessages({
  title: { id: 'route.messages', defaultMessage: 'Messages' },
  unread: { id: 'inbox.unread', defaultMessage: '{count, plural, =0 {No unread messages} one {# unread message} other {# unread messages}}' },
  empty: { id: 'inbox.empty', defaultMessage: 'No messages yet.' },
  loading: { id: 'inbox.loading', defaultMessage: 'Loading messages...' },
  failed: { id: 'inbox.failed', defaultMessage: 'Failed to load messages.' },
  from: { id: 'inbox.from', defaultMessage: 'From {name}' },
  close: { id: 'inbox.close', defaultMessage: 'Close' },
});

export function Inbox() {
  const intl = useIntl();
  const t = useT();
  const actor = InboxContext.useActorRef();
  const messages = InboxContext.useSelector((s) => s.context.messages);
  const unread = InboxContext.useSelector((s) => s.context.unread);
  const openId = InboxContext.useSelector((s) => s.context.openId);
  const page = InboxContext.useSelector((s) => s.context.page);
  const totalPages = InboxContext.useSelector((s) => s.context.totalPages);
  const failed = InboxContext.useSelector((s) => s.context.loadFailed);
  const loading = InboxContext.useSelector((s) => s.hasTag('loading'));
  // Offline: the kept first page, and when it was seen.
  const offline = InboxContext.useSelector((s) => s.matches({ offline: 'shown' }) || s.matches({ offline: 'nothingSaved' }));
  const offlineAt = InboxContext.useSelector((s) => s.context.offlineAt);
  const open = messages.find((x) => x._id === openId);
  const when = (iso: string) => formatDate(intl, iso);
  return (
    <main className="staff-page">
      <h1>{t(m.title)}</h1>
      {offline && <OfflineBanner savedAt={offlineAt} retry={{ onRetry: () => actor.send({ type: 'inbox.retry' }) }} />}
      <p role="status">{loading ? t(m.loading) : failed ? null : t(m.unread, { count: unread })}</p>
      {failed && (
        <p role="alert" className="banner banner-error">
          {t(m.failed)}
        </p>
      )}
      {!loading && !failed && !offline && messages.length === 0 && <p className="muted">{t(m.empty)}</p>}
      <ul className="inbox-list">
        {messages.map((x) => (
          <li key={x._id} className={x.readAt ? '' : 'unread'}>
            <button type="button" onClick={() => actor.send({ type: 'message.open', id: x._id })}>
              <span>{x.subject}</span>
              <span className="muted">
                {t(m.from, { name: x.senderName ?? '--' })} · {when(x.createdAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={totalPages} onGo={(p) => actor.send({ type: 'page.go', page: p })} />
      {open && (
        <div className="dialog-backdrop">
          <div role="dialog" aria-modal="true" aria-label={open.subject} className="dialog">
            <h2>{open.subject}</h2>
            <p className="muted">
              {t(m.from, { name: open.senderName ?? '--' })} · {when(open.createdAt)}
            </p>
            <p style={{ whiteSpace: 'pre-wrap' }}>{open.message}</p>
            <div className="form-actions">
              <button type="button" className="primary" onClick={() => actor.send({ type: 'message.close' })}>
                {t(m.close)}
              </button>
            </div>
          </div>
        </div>
      )}
    </main>
  );
}

export function InboxView() {
  return (
    <>
      <AppHeader subtitle={m.title} />
      <InboxContext.Provider logic={inboxMachine}>
        <Inbox />
      </InboxContext.Provider>
    </>
  );
}
